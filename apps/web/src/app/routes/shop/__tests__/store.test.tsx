/** The store page (docs/seo-and-email.md, "Store pages"): its header, its products, and an unknown store. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductDto, StoreDto } from '@mp/shared';
import { answer, fail, server } from '../../../../testing/msw';
import { renderConsole } from '../../../../features/console/test-utils';
import StorePage from '../store';

const SELLER_ID = '11111111-1111-4111-8111-111111111111';
const store: StoreDto = {
  _id: SELLER_ID,
  slug: 'banaras-silk-house',
  storeName: 'Banaras Silk House',
  logo: null,
  banner: null,
  sellerSince: '2025-03-10T06:30:00.000Z',
  averageReview: 4.5,
  reviewCount: 12,
  productCount: 1,
};
const product: ProductDto = {
  _id: '22222222-2222-4222-8222-222222222222',
  title: 'Katan Silk Saree',
  description: 'Hand-woven',
  category: 'women',
  brand: 'fabindia',
  price: 12000,
  salePrice: null,
  discount: 0,
  totalStock: 3,
  image: '/uploads/products/saree.png',
  images: [],
  sellerId: SELLER_ID,
  averageReview: 4.5,
  reviewCount: 12,
  popularity: 0,
  bestSeller: false,
  createdAt: '2025-03-11T00:00:00.000Z',
  options: [],
  maxPrice: 12000,
};

describe('store page', () => {
  it('when the store exists, then its name, rating, seller since and its own products are shown', async () => {
    let asked: URL | undefined;
    server.use(
      answer('getStore', { success: true, data: store }),
      answer('listProducts', ({ request }) => {
        asked = new URL(request.url);
        return {
          success: true,
          data: [product],
          pagination: { page: 1, limit: 24, total: 1, pages: 1 },
          facets: { category: [{ id: 'women', count: 1 }], brand: [] },
        };
      }),
    );
    renderConsole(<StorePage />, {
      path: '/shop/store/banaras-silk-house?sortBy=title-atoz',
      route: '/shop/store/:slug',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Banaras Silk House' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('(12 reviews)')).toBeInTheDocument();
    expect(screen.getByText('Seller since March 2025')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Katan Silk Saree' })).toBeInTheDocument();
    expect(asked?.searchParams.get('seller')).toBe(SELLER_ID);
    expect(asked?.searchParams.get('sortBy')).toBe('title-atoz');
    expect(document.title).toBe('Banaras Silk House – shop online | Haat Marketplace');
  });

  it('when the store is unknown, then the page says so and links to the whole listing', async () => {
    server.use(fail('getStore', 404, { code: 'STORE_NOT_FOUND', message: 'Store not found' }));
    renderConsole(<StorePage />, { path: '/shop/store/nowhere', route: '/shop/store/:slug' });
    expect(await screen.findByRole('heading', { name: 'This store does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute(
      'href',
      '/shop/listing',
    );
  });
});
