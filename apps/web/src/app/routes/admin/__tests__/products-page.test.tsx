import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductWithVariantsDto, SellerDto } from '@mp/shared';
import { answer, server } from '../../../../testing/msw';
import { renderConsole } from '../../../../features/console/test-utils';
import AdminProductsPage from '../products-page';

const product = (n: number): ProductWithVariantsDto =>
  ({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Kettle ${n}`,
    description: 'd',
    category: 'electronics',
    brand: 'puma',
    price: 1000,
    salePrice: null,
    discount: 0,
    totalStock: 20,
    image: '',
    sellerId: null,
    averageReview: 0,
    reviewCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  }) as unknown as ProductWithVariantsDto;

const store = { _id: 's-1', storename: 'Kettle King', approvalstatus: 'approved' } as SellerDto;

describe('admin products page', { timeout: 30_000 }, () => {
  it('when the admin searches, filters and pages, then the server is asked for exactly that and the page shows its answer', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      answer('listSellers', { success: true, data: [store] }),
      answer('adminListProducts', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        const page = Number(q.get('page'));
        return {
          success: true as const,
          data: [product(page)],
          pagination: { page, limit: 24, total: 30, pages: 2 },
        };
      }),
    );
    renderConsole(<AdminProductsPage />, { path: '/admin/products' });
    await screen.findByText('Kettle 1');
    expect(screen.getByText('30 products')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search products'), 'ket');
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('ket'));
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'electronics');
    await userEvent.selectOptions(await screen.findByLabelText('Store'), 's-1');
    await waitFor(() => expect(asked.at(-1)?.get('sellerId')).toBe('s-1'));
    const last = asked.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      page: '1',
      limit: '24',
      q: 'ket',
      category: 'electronics',
      sellerId: 's-1',
    });

    const pager = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await screen.findByText('Kettle 2');
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(asked.at(-1)?.get('q')).toBe('ket');
  });

  it('when the admin deletes a product, then a confirmation comes first and Cancel deletes nothing', async () => {
    let deleted = 0;
    server.use(
      answer('listSellers', { success: true, data: [] }),
      answer('adminListProducts', {
        success: true,
        data: [product(1)],
        pagination: { page: 1, limit: 24, total: 1, pages: 1 },
      }),
      answer('adminDeleteProduct', () => {
        deleted += 1;
        return { success: true as const, message: 'Product deleted successfully!' };
      }),
    );
    renderConsole(<AdminProductsPage />, { path: '/admin/products' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Kettle 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kettle 1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete product?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(deleted).toBe(1));
  });
});
