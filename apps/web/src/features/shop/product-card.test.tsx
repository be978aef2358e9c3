import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductBadges } from './product-card';

describe('ProductBadges', () => {
  it('when the server says a product is a best seller, then Best Seller shows; a pricey product that is not shows none', () => {
    const { rerender } = render(<ProductBadges product={{ totalStock: 50, bestSeller: true }} />);
    expect(screen.getByText('Best Seller')).toBeInTheDocument();
    rerender(<ProductBadges product={{ totalStock: 50, bestSeller: false, salePrice: 9999 } as never} />);
    expect(screen.queryByText('Best Seller')).not.toBeInTheDocument();
  });
});
