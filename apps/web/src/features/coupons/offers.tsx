/**
 * The platform's active offers in the shop (docs/money.md, "Coupons"): a strip on the home page, a badge on the
 * product page and a tag on product cards, all from the one cached `GET /api/shop/offers` (never a request per
 * card). Storefront code: types only from the shared contracts, so no schema code joins the first scripts.
 */
import type { OfferDto, ProductDto } from '@mp/shared';
import { formatINR } from '@mp/shared/money';
import { Badge } from '../../components/ui';
import { useOffersQuery } from './coupons-api';

type Covered = Pick<ProductDto, '_id' | 'category' | 'brand' | 'sellerId'>;

/** Does the offer cover this product? (the same scopes the server's eligibility reads) */
export function offerCovers(offer: Pick<OfferDto, 'scope' | 'scopeIds'>, p: Covered): boolean {
  switch (offer.scope) {
    case 'all':
      return true;
    case 'categories':
      return offer.scopeIds.includes(p.category);
    case 'sellers':
      return p.sellerId != null && offer.scopeIds.includes(p.sellerId);
    case 'brands':
      return offer.scopeIds.includes(p.brand);
    case 'products':
      return offer.scopeIds.includes(p._id);
  }
}

/** "Extra 10% off with WELCOME10", "Extra ₹100 off with FLAT100", "Free delivery with SHIPFREE" */
export function offerText(o: Pick<OfferDto, 'kind' | 'percent' | 'amount' | 'code'>): string {
  if (o.kind === 'percent') return `Extra ${o.percent ?? 0}% off with ${o.code}`;
  if (o.kind === 'fixed') return `Extra ${formatINR(o.amount ?? 0)} off with ${o.code}`;
  return `Free delivery with ${o.code}`;
}

/** "on orders of ₹999 or more · first order only · ends 31 Dec" */
function offerTerms(o: OfferDto): string {
  const ends = new Date(new Date(o.endsAt).getTime() - 1).toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
  });
  return [
    o.maxDiscount != null && o.kind === 'percent' ? `up to ${formatINR(o.maxDiscount)}` : null,
    o.minOrderValue > 0 ? `on ${formatINR(o.minOrderValue)} or more` : null,
    o.firstOrderOnly ? 'first order only' : null,
    `ends ${ends}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

const useOffers = (): OfferDto[] => useOffersQuery().data ?? [];

/** The offer covering this product first (the list comes from the server in its own order). */
export function useOfferFor(p: Covered | null | undefined): OfferDto | undefined {
  const offers = useOffers();
  return p ? offers.find((o) => offerCovers(o, p)) : undefined;
}

/** The home page's strip: the first active platform offer; nothing without one. */
export function OfferBanner() {
  const [offer] = useOffers();
  if (!offer) return null;
  return (
    <section
      aria-label="Offer"
      data-testid="offer-banner"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-dashed border-brand-600 bg-brand-50 px-4 py-3"
    >
      <p className="text-base font-bold text-brand-700">{offerText(offer)}</p>
      <p className="text-sm text-gray-700">
        {offer.label && <span className="font-medium">{offer.label} · </span>}
        {offerTerms(offer)}
      </p>
    </section>
  );
}

/** The product page's badge: the offer that covers this product, with its terms. */
export function OfferBadge({ product }: { product: Covered }) {
  const offer = useOfferFor(product);
  if (!offer) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="offer-badge">
      <Badge tone="purple">{offerText(offer)}</Badge>
      <span className="text-gray-600">{offerTerms(offer)}</span>
    </p>
  );
}

/** A card's small tag (the same cached list for every card). */
export function OfferTag({ product }: { product: Covered }) {
  const offer = useOfferFor(product);
  if (!offer) return null;
  return (
    <p className="text-xs font-semibold text-purple-800" data-testid="offer-tag">
      {offerText(offer)}
    </p>
  );
}
