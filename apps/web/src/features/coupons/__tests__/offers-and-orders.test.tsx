/**
 * Offers in the shop and coupons on an order (docs/money.md, "Coupons"): the badge shows only on products the
 * offer covers, from one cached list; an order line a code covered shows its share and what the shopper pays.
 */
import { render, screen } from '@testing-library/react';
import type { OfferDto } from '@mp/shared';
import { describe, expect, it } from 'vitest';
import { answer, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { offerCovers, OfferBadge, OfferTag } from '../offers';
import { LineCouponDiscount, OrderCoupons } from '../order-coupons';

const offer: OfferDto = {
  code: 'WELCOME10',
  label: 'Welcome offer',
  kind: 'percent',
  percent: 10,
  amount: null,
  maxDiscount: null,
  minOrderValue: 500,
  firstOrderOnly: true,
  endsAt: '2027-01-01T00:00:00+05:30',
  scope: 'categories',
  scopeIds: ['home'],
};
const lamp = { _id: 'p-1', category: 'home', brand: 'philips', sellerId: 's-1' };
const phone = { _id: 'p-2', category: 'electronics', brand: 'apple', sellerId: 's-2' };

describe('offers', () => {
  it('when an offer covers chosen categories, sellers, brands or products, then only those products are covered', () => {
    expect(offerCovers(offer, lamp)).toBe(true);
    expect(offerCovers(offer, phone)).toBe(false);
    expect(offerCovers({ scope: 'sellers', scopeIds: ['s-2'] }, phone)).toBe(true);
    expect(offerCovers({ scope: 'brands', scopeIds: ['apple'] }, lamp)).toBe(false);
    expect(offerCovers({ scope: 'products', scopeIds: ['p-1'] }, lamp)).toBe(true);
    expect(offerCovers({ scope: 'all', scopeIds: [] }, phone)).toBe(true);
  });

  it('when the shop has an offer for home goods, then the lamp shows the badge with its terms and the phone none', async () => {
    let asked = 0;
    server.use(
      answer('shopOffers', () => {
        asked += 1;
        return { success: true, data: [offer] };
      }),
    );
    renderConsole(
      <>
        <OfferBadge product={lamp} />
        <OfferTag product={lamp} />
        <OfferTag product={phone} />
      </>,
    );
    expect(await screen.findByTestId('offer-badge')).toHaveTextContent(
      'Extra 10% off with WELCOME10on ₹500 or more · first order only · ends 31 Dec',
    );
    expect(screen.getAllByTestId('offer-tag')).toHaveLength(1);
    expect(asked).toBe(1);
  });
});

describe('coupons on an order', () => {
  it('when a line carries a coupon share, then it shows the share and what is paid; the order lists its codes', () => {
    render(
      <>
        <LineCouponDiscount line={{ platformDiscount: 60, sellerDiscount: 0, payable: 540 }} />
        <LineCouponDiscount line={{ platformDiscount: 0, sellerDiscount: 0, payable: 400 }} />
        <OrderCoupons
          coupons={[
            { code: 'WELCOME10', funder: 'platform', sellerId: null, kind: 'percent', discount: 100 },
          ]}
        />
      </>,
    );
    const lines = screen.getAllByTestId('line-coupon-discount');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('Coupon − ₹60 · You pay ₹540');
    expect(screen.getByRole('list', { name: 'Coupons used' })).toHaveTextContent(
      'WELCOME10 from the marketplace− ₹100',
    );
  });
});
