/**
 * Issue 27 item 19: the checkout lists the cart's items; a product without reviews says so instead of "0.0 ★";
 * an anonymous visitor is offered "Log in to review" instead of the form.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetailDto, ReviewDto } from '@mp/shared';
import { answer, server } from '../../../../testing/msw';
import { renderConsole } from '../../../../features/console/test-utils';
import { cartLineFixture as line, shopperFixture as shopper } from '../../../../testing/shop-fixture';
import CheckoutPage from '../checkout';
import ProductDetailPage from '../product-detail';

const PRODUCT_ID = '5f0a7c1e-2b3d-4e5f-8a9b-000000000011';

const product = (over: Partial<ProductDetailDto> = {}): ProductDetailDto => ({
  _id: PRODUCT_ID,
  title: 'Brass Lamp',
  description: 'A lamp',
  category: 'home',
  brand: 'nike',
  price: 1200,
  salePrice: null,
  discount: 0,
  totalStock: 5,
  image: '/uploads/products/lamp.png',
  images: [],
  sellerId: null,
  averageReview: 0,
  reviewCount: 0,
  popularity: 0,
  bestSeller: false,
  options: [],
  maxPrice: 1200,
  createdAt: '2025-01-01T00:00:00.000Z',
  storeName: null,
  storeSlug: null,
  variants: [],
  ...over,
});

beforeEach(() => {
  // what the pages read besides the cart, product and reviews
  server.use(
    answer('shopConfig', { success: true, data: { payments: { provider: 'sandbox', testMode: true } } }),
    answer('getWishlist', { success: true, data: [] }),
  );
});

describe('checkout', () => {
  it('when the shopper checks out the cart, then the page lists each item with its picture, name, quantity and price', async () => {
    const items = [line(1), line(2, { salePrice: null, price: 450 })];
    server.use(
      answer('getCart', {
        success: true,
        data: {
          _id: 'c-1',
          userId: shopper.id,
          items,
          totals: { subtotal: 1700, discount: 0, shippingCharge: 0, total: 1700, itemCount: 3 },
        },
      }),
      answer('listAddresses', { success: true, data: [] }),
    );
    renderConsole(<CheckoutPage />, { path: '/shop/checkout', auth: { user: shopper } });
    const list = await screen.findByRole('list', { name: 'Items in your order' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Cotton Kurta 1' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img', { name: 'Cotton Kurta 1' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Qty 1')).toBeInTheDocument();
    expect(rows[0]!).toHaveTextContent(/₹\s?800/);
    expect(within(rows[1]!).getByText('Qty 2')).toBeInTheDocument();
    expect(rows[1]!).toHaveTextContent(/₹\s?450/);
  });
});

const anonymous = { user: null, isAuthenticated: false };

/** The product page of `p`, with these reviews, for this visitor (a logged-in one by default). */
function openProduct(
  p: ProductDetailDto,
  reviews: ReviewDto[],
  auth?: NonNullable<Parameters<typeof renderConsole>[1]>['auth'],
) {
  server.use(
    answer('getProduct', { success: true, data: p }),
    answer('listReviews', { success: true, data: reviews }),
  );
  return renderConsole(<ProductDetailPage />, {
    path: `/product/${PRODUCT_ID}`,
    route: '/product/:id',
    auth,
  });
}

describe('product page', () => {
  it('when a product has no reviews, then it says "No reviews yet", not "0.0 ★"', async () => {
    openProduct(product(), [], anonymous);
    expect(await screen.findByRole('heading', { name: 'Brass Lamp', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByText(/0\.0\s*★/)).not.toBeInTheDocument();
  });

  it('when a product has reviews, then its average is shown', async () => {
    openProduct(product({ averageReview: 4, reviewCount: 1 }), [
      {
        _id: 'r-1',
        productId: PRODUCT_ID,
        userId: 'u-2',
        username: 'Meera',
        reviewMessage: 'Lovely',
        reviewVal: 4,
        verifiedPurchase: true,
        createdAt: '2025-01-02T00:00:00.000Z',
        updatedAt: '2025-01-02T00:00:00.000Z',
      },
    ]);
    expect(await screen.findByText(/4\.0\s*★/)).toBeInTheDocument();
    expect(screen.queryByText('No reviews yet')).not.toBeInTheDocument();
  });

  it('when an anonymous visitor reads the reviews, then "Log in to review" links to login instead of the form', async () => {
    openProduct(product(), [], anonymous);
    const link = await screen.findByRole('link', { name: 'Log in to review' });
    expect(link).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('textbox', { name: 'Your review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('when a shopper is logged in, then the review form is there', async () => {
    openProduct(product(), [], { user: shopper });
    expect(await screen.findByRole('textbox', { name: 'Your review' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to review' })).not.toBeInTheDocument();
  });
});
