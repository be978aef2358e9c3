/** A shopper and cart lines as the server answers them, for the shop's web tests. */
import type { AppliedCouponDto, CartViewDto, UserDto } from '@mp/shared';

export const shopperFixture: UserDto = {
  id: 'u-9',
  _id: 'u-9',
  username: 'Ravi',
  email: 'ravi@shop.test',
  role: 'user',
  phone: null,
  fullName: null,
  gender: null,
  dob: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

type CartLine = CartViewDto['items'][number];

/** Cart line `n` (quantity n, ₹1,000 on sale at ₹800 unless told otherwise). */
export const cartLineFixture = (n: number, over: Partial<CartLine> = {}): CartLine => ({
  productId: `5f0a7c1e-2b3d-4e5f-8a9b-00000000010${n}`,
  variantId: `5f0a7c1e-2b3d-4e5f-8a9b-00000000020${n}`,
  variantLabel: '',
  title: `Cotton Kurta ${n}`,
  image: `/uploads/products/kurta-${n}.png`,
  price: 1000,
  salePrice: 800,
  discount: 0,
  quantity: n,
  totalStock: 50,
  sellerId: null,
  available: true,
  unavailableReason: null,
  ...over,
});

/** A platform code applied to the cart, taking ₹100 off. */
export const appliedCouponFixture = (over: Partial<AppliedCouponDto> = {}): AppliedCouponDto => ({
  code: 'WELCOME10',
  label: '10% off',
  funder: 'platform',
  sellerId: null,
  storeName: null,
  kind: 'percent',
  applies: true,
  discount: 100,
  reason: null,
  message: null,
  missing: null,
  ...over,
});

/** A cart of one ₹1,000 line with these codes, its total lowered by `couponDiscount`. */
export const couponCartFixture = (coupons: AppliedCouponDto[], couponDiscount = 0): CartViewDto => ({
  _id: 'c-1',
  userId: shopperFixture.id,
  items: [cartLineFixture(1, { salePrice: null })],
  totals: {
    subtotal: 1000,
    discount: 0,
    shippingCharge: 0,
    total: 1000 - couponDiscount,
    itemCount: 1,
    couponDiscount,
  },
  coupons,
});
