/** Page titles and descriptions, the same on the server's HTML and in the browser (docs/seo-and-email.md). */
import { brandLabel, categoryLabel, SHOP_NAME } from './constants';
import { formatINR } from './money';
import { discountedUnitPrice } from './pricing';
import type { BannerDto, HomeSections, ProductDetailDto } from './product';
import type { StoreDto } from './store';

/** "Part | Haat Marketplace", or the shop's name alone. */
export const pageTitle = (part?: string | null): string =>
  part?.trim() ? `${part.trim()} | ${SHOP_NAME}` : SHOP_NAME;

export interface SeoProduct {
  title: string;
  brand: string;
  /** the brand's label from the brands table; without it, the seed label or the slug */
  brandName?: string;
  category: string;
  description: string;
  price: number;
  salePrice?: number | null;
  discount?: number | null;
  totalStock: number;
}

const brandOf = (p: SeoProduct) => p.brandName ?? brandLabel(p.brand);

/** "Silk Kurta by Zara – ₹1,499 | Haat Marketplace" */
export const productPageTitle = (p: SeoProduct): string =>
  pageTitle(`${p.title} by ${brandOf(p)} – ${formatINR(discountedUnitPrice(p))}`);

const clip = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

/** Title, brand, price and availability first, then the start of the product's own description. */
export function productPageDescription(p: SeoProduct): string {
  const stock = p.totalStock > 0 ? 'In stock' : 'Out of stock';
  const head = `Buy ${p.title} by ${brandOf(p)} for ${formatINR(discountedUnitPrice(p))} on ${SHOP_NAME}. ${stock}.`;
  return clip(`${head} ${p.description}`, 300);
}

export const HOME_DESCRIPTION = `${SHOP_NAME}: a multi-vendor marketplace. Shop fashion, mobiles, electronics and more from trusted sellers, priced in ₹.`;

/** The listing's heading names what is shown: "Electronics", "Nike · Footwear", "Men, Women"; else "All Products". */
export function listingHeading(
  q: { category: readonly string[]; brand: readonly string[] },
  labelOfBrand: (id: string) => string = brandLabel,
): string {
  const parts = [q.brand.map(labelOfBrand).join(', '), q.category.map(categoryLabel).join(', ')].filter(
    Boolean,
  );
  return parts.length ? parts.join(' · ') : 'All Products';
}

/** A listing's heading: one category by name, else every product. */
export function listingPageTitle(categories: readonly string[]): string {
  return pageTitle(
    categories.length === 1 ? `${categoryLabel(categories[0]!)} – shop online` : 'All products',
  );
}

export function listingPageDescription(categories: readonly string[]): string {
  const what = categories.length
    ? categories.map(categoryLabel).join(', ')
    : 'fashion, mobiles, electronics and more';
  return `Shop ${what} on ${SHOP_NAME}: compare prices in ₹, filter by brand and buy from trusted sellers.`;
}

export const searchPageTitle = (keyword: string): string =>
  pageTitle(keyword.trim() ? `Search results for “${clip(keyword, 60)}”` : 'Search');

/** The store page's path in the shop. */
export const storePath = (slug: string): string => `/shop/store/${encodeURIComponent(slug)}`;

/** "Banaras Silk House – shop online | Haat Marketplace" */
export const storePageTitle = (s: Pick<StoreDto, 'storeName'>): string =>
  pageTitle(`${s.storeName} – shop online`);

/** "Seller since March 2025" (the month and year of the approval, in India's time zone). */
export const sellerSinceText = (iso: string): string =>
  `Seller since ${new Date(iso).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })}`;

export function storePageDescription(s: StoreDto): string {
  const rating =
    s.reviewCount > 0
      ? ` Rated ${s.averageReview.toFixed(1)} out of 5 from ${s.reviewCount} ${s.reviewCount === 1 ? 'review' : 'reviews'}.`
      : '';
  const count = `${s.productCount} ${s.productCount === 1 ? 'product' : 'products'}`;
  return `Shop ${count} from ${s.storeName} on ${SHOP_NAME}.${rating} ${sellerSinceText(s.sellerSince)}.`;
}

/** The element id of the answers a page carries for its first view. */
export const FIRST_ANSWERS_ID = 'first-answers';

/**
 * An API answer a page carries for its first view, as the web's data layer receives it (`endpoint` names its query,
 * `arg` the argument): the web puts it in its cache before it first renders (docs/performance.md).
 */
export type FirstAnswer =
  | { endpoint: 'home'; data: HomeSections }
  | { endpoint: 'banners'; data: BannerDto[] }
  | { endpoint: 'getProduct'; arg: string; data: ProductDetailDto }
  | { endpoint: 'getStore'; arg: string; data: StoreDto };
