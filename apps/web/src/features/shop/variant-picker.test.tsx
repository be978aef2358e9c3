import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { VariantDto } from '@mp/shared';
import { firstChoice, VariantPicker } from './variant-picker';

const variant = (size: string, colour: string, stock: number): VariantDto => ({
  _id: `${size}-${colour}`,
  sku: null,
  optionValues: [size, colour],
  price: 499,
  salePrice: null,
  discount: 0,
  effectivePrice: 499,
  stock,
  inStock: stock > 0,
  images: [],
});
const options = [
  { name: 'Size', values: ['M', 'L'] },
  { name: 'Colour', values: ['Black', 'Blue'] },
];
const variants = [
  variant('M', 'Black', 2),
  variant('M', 'Blue', 0),
  variant('L', 'Black', 0),
  variant('L', 'Blue', 1),
];

describe('VariantPicker', () => {
  it('when Black is chosen, then L (sold out in Black) is disabled, and picking Blue offers L again', async () => {
    const onChange = vi.fn();
    const chosen = firstChoice(options, variants);
    expect(chosen).toEqual(['M', 'Black']);
    const { rerender } = render(
      <VariantPicker
        productId="p"
        options={options}
        variants={variants}
        chosen={chosen}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'L' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'M' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeDisabled();
    rerender(
      <VariantPicker
        productId="p"
        options={options}
        variants={variants}
        chosen={[null, 'Blue']}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radio', { name: 'L' })).toBeEnabled();
    await userEvent.click(screen.getByText('L', { exact: true }));
    expect(onChange).toHaveBeenCalledWith(['L', 'Blue']);
  });
});
