/**
 * What a crawler or a link preview reads without running JavaScript (docs/seo-and-email.md): the head tags
 * (title, description, canonical link, Open Graph, Twitter card, JSON-LD) and a small server-made body that React
 * replaces when it starts. Every value is escaped; JSON-LD escapes `<` so no text can close its script element.
 */
import escapeHtml from 'escape-html';
import type { ShellPage } from '../../lib/static-files';
import {
  endpoints as api,
  pathOf,
  BANNER_SIZES_ATTR,
  brandLabel,
  CARD_IMAGE_SIZES,
  CATEGORIES,
  categoryLabel,
  discountedUnitPrice,
  formatINR,
  HOME_DESCRIPTION,
  listingHeading,
  listingPageDescription,
  listingPageTitle,
  NARROW_SCREEN_MEDIA,
  pageTitle,
  PRODUCT_IMAGE_SIZES,
  productPageDescription,
  productPageTitle,
  responsiveImage,
  searchPageTitle,
  SHOP_NAME,
  FIRST_ANSWERS_ID,
  sellerSinceText,
  storePageDescription,
  storePageTitle,
  storePath,
  type StoreDto,
  type BannerDto,
  type FirstAnswer,
  type HomeSections,
  type ProductDetailDto,
  type ProductDto,
} from '@mp/shared';

/** JSON safe inside a <script> element: `<`, `>`, `&` and line separators become \u escapes. */
function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** JSON-LD for crawlers. */
export function jsonLd(data: unknown): string {
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

/** The answers the page's first view needs; the app draws the page once with them (docs/performance.md). */
function firstAnswers(answers: FirstAnswer[]): string {
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptJson(answers)}</script>`;
}

const absolute = (url: string, publicUrl: string) => new URL(url, `${publicUrl}/`).toString();

interface HeadInput {
  title: string;
  description: string;
  canonical?: string;
  type?: 'website' | 'product';
  image?: string;
  robots?: string;
  extra?: string[];
}

/** A `<meta>` tag of `attr` (name or property) for each [key, content]; none where the content is absent. */
const metas = (attr: 'name' | 'property', tags: [key: string, content: string | undefined][]) =>
  tags.flatMap(([key, content]) =>
    content === undefined ? [] : [`<meta ${attr}="${key}" content="${escapeHtml(content)}" />`],
  );

function head(h: HeadInput): string {
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    ...metas('name', [
      ['description', h.description],
      ['robots', h.robots || undefined],
    ]),
    h.canonical ? `<link rel="canonical" href="${escapeHtml(h.canonical)}" />` : '',
    ...metas('property', [
      ['og:site_name', SHOP_NAME],
      ['og:type', h.type ?? 'website'],
      ['og:title', h.title],
      ['og:description', h.description],
      ['og:url', h.canonical || undefined],
      ['og:image', h.image || undefined],
    ]),
    ...metas('name', [
      ['twitter:card', h.image ? 'summary_large_image' : 'summary'],
      ['twitter:title', h.title],
      ['twitter:description', h.description],
      ['twitter:image', h.image || undefined],
    ]),
    ...(h.extra ?? []),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** The server HTML's frame: readable without the app's stylesheet, replaced by React when the app starts. */
const MAIN_STYLE = 'max-width:80rem;margin:0 auto;font-family:system-ui,sans-serif;color:#111827';

interface PictureOptions {
  alt: string;
  width: number;
  height: number;
  sizes: string;
  style: string;
  /** the page's largest image: fetched first, never lazily */
  priority?: boolean;
  /** a banner's phone image */
  mobile?: string | null;
}

/**
 * The same <picture> the app draws (components/ui/product-image.tsx): WebP and fallback widths with `sizes`, so the
 * browser fetches the candidate the app will show, and the app's image is a cache hit.
 */
function picture(url: string, o: PictureOptions): string {
  const e = escapeHtml;
  const img = responsiveImage(url);
  const mobile = o.mobile ? responsiveImage(o.mobile) : null;
  const sizes = img.srcSet ? ` sizes="${e(o.sizes)}"` : '';
  const sources = [
    mobile?.webpSrcSet
      ? `<source media="${NARROW_SCREEN_MEDIA}" type="image/webp" srcset="${e(mobile.webpSrcSet)}" sizes="100vw" />`
      : '',
    mobile
      ? `<source media="${NARROW_SCREEN_MEDIA}" srcset="${e(mobile.srcSet ?? mobile.src)}"${mobile.srcSet ? ' sizes="100vw"' : ''} />`
      : '',
    img.webpSrcSet ? `<source type="image/webp" srcset="${e(img.webpSrcSet)}"${sizes} />` : '',
  ].join('');
  const loading = o.priority ? 'eager" fetchpriority="high' : 'lazy';
  const tag = `<img src="${e(img.src)}"${img.srcSet ? ` srcset="${e(img.srcSet)}"${sizes}` : ''} alt="${e(o.alt)}" width="${o.width}" height="${o.height}" loading="${loading}" decoding="async" style="${o.style};background:#f3f4f6" />`;
  return sources ? `<picture>${sources}${tag}</picture>` : tag;
}

/** How many cards the listing's server HTML shows: a phone's first screens; the app draws the whole page. */
const FIRST_VIEW_CARDS = 8;

/** Product cards in a two-column grid (wider than the app's, so the app's cards never paint a larger image). */
function productCards(products: readonly ProductDto[]): string {
  const e = escapeHtml;
  const cards = products.slice(0, FIRST_VIEW_CARDS).map(
    (p, i) => `<li><a href="/product/${encodeURIComponent(p._id)}" style="color:inherit;text-decoration:none">
${picture(p.image, { alt: p.title, width: 400, height: 400, sizes: CARD_IMAGE_SIZES, style: 'width:100%;height:auto;aspect-ratio:1;object-fit:cover;display:block', priority: i < 2 })}
<span style="display:block;font-size:.875rem;font-weight:600;margin-top:.25rem">${e(p.title)}</span>
<span style="display:block;font-size:.875rem">${e(formatINR(discountedUnitPrice(p)))}</span></a></li>`,
  );
  return `<ul style="list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(max(45%,12rem),1fr));gap:.5rem">
${cards.join('\n')}
</ul>`;
}

/**
 * The product's offer for structured data: one Offer at its price, or, when its variants sell at different prices,
 * an AggregateOffer with the lowest and highest (after discounts), how many variants and whether any is in stock
 * (docs/seo-and-email.md).
 */
function offersOf(p: ProductDetailDto, url: string) {
  const availability = `https://schema.org/${p.totalStock > 0 ? 'InStock' : 'OutOfStock'}`;
  const common = {
    url,
    priceCurrency: 'INR',
    availability,
    itemCondition: 'https://schema.org/NewCondition',
  };
  const prices = p.variants.map((v) => discountedUnitPrice(v));
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (prices.length < 2 || low === high) {
    return { '@type': 'Offer', price: discountedUnitPrice(p).toFixed(2), ...common };
  }
  return {
    '@type': 'AggregateOffer',
    lowPrice: low.toFixed(2),
    highPrice: high.toFixed(2),
    offerCount: prices.length,
    ...common,
  };
}

/** A product page: everything the issue's crawler check reads, from the live product. */
export function productPage(
  p: ProductDetailDto,
  publicUrl: string,
  /** the brand's label from the brands table */
  brandName = brandLabel(p.brand),
): ShellPage {
  const canonical = `${publicUrl}/product/${p._id}`;
  const image = absolute(p.image, publicUrl);
  const images = p.images.map((i) => absolute(i.url, publicUrl));
  const price = discountedUnitPrice(p);
  const inStock = p.totalStock > 0;
  const title = productPageTitle({ ...p, brandName });
  const description = productPageDescription({ ...p, brandName });
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    description: p.description,
    image: images.length ? images : [image],
    sku: p._id,
    brand: { '@type': 'Brand', name: brandName },
    category: categoryLabel(p.category),
    offers: offersOf(p, canonical),
    ...(p.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.averageReview,
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const e = escapeHtml;
  return {
    status: 200,
    head: head({
      title,
      description,
      canonical,
      type: 'product',
      image,
      extra: [
        `<meta property="product:price:amount" content="${price.toFixed(2)}" />`,
        `<meta property="product:price:currency" content="INR" />`,
        `<meta property="product:availability" content="${inStock ? 'in stock' : 'out of stock'}" />`,
        jsonLd(structured),
        imagePreload(p.image),
        firstAnswers([{ endpoint: 'getProduct', arg: p._id, data: p }]),
        ...answerPreloads([pathOf(api.listReviews.path, { productId: p._id })]),
      ],
    }),
    body: `<main id="main" style="${MAIN_STYLE}">
${picture(p.image, { alt: p.title, width: 800, height: 800, sizes: PRODUCT_IMAGE_SIZES, style: 'width:100%;max-width:600px;height:auto;aspect-ratio:1;object-fit:contain;display:block', priority: true })}
<div style="padding:1rem"><p><a href="/">${e(SHOP_NAME)}</a> › <a href="/shop/listing?category=${encodeURIComponent(p.category)}">${e(categoryLabel(p.category))}</a></p>
<h1>${e(p.title)}</h1>
<p>${e(brandName)}</p>
${p.storeName && p.storeSlug ? `<p>Sold by <a href="${e(storePath(p.storeSlug))}">${e(p.storeName)}</a></p>\n` : ''}<p><strong data-price>${e(formatINR(price))}</strong></p>
<p data-availability>${inStock ? 'In stock' : 'Out of stock'}</p>
<p>${e(p.description)}</p></div>
</main>`,
  };
}

/**
 * The product image is the page's largest paint: preload the candidate the page's <picture> will choose (same
 * srcset and sizes), so it downloads while the scripts do instead of after the product answer arrives.
 */
function imagePreload(url: string): string {
  const img = responsiveImage(url);
  const e = escapeHtml;
  const set = img.webpSrcSet ?? img.srcSet;
  if (!set) return `<link rel="preload" as="image" href="${e(img.src)}" fetchpriority="high" />`;
  const type = img.webpSrcSet ? ' type="image/webp"' : '';
  return `<link rel="preload" as="image"${type} imagesrcset="${e(set)}" imagesizes="${e(PRODUCT_IMAGE_SIZES)}" fetchpriority="high" />`;
}

/**
 * The API answers a page asks for first, fetched alongside the scripts instead of after them (docs/performance.md).
 * `use-credentials` matches the app's requests (cookies included), so the browser hands them the preloaded answer.
 */
function answerPreloads(paths: string[]): string[] {
  return paths.map(
    (p) => `<link rel="preload" as="fetch" href="${escapeHtml(p)}" crossorigin="use-credentials" />`,
  );
}

export function notFoundPage(publicUrl: string): ShellPage {
  return {
    status: 404,
    head: head({
      title: pageTitle('Page not found'),
      description: 'This page does not exist or the product is no longer sold.',
      robots: 'noindex',
    }),
    body: `<main id="main" style="text-align:center;padding:4rem 1rem;font-family:system-ui,sans-serif">
<p>404</p><h1>Oops! We couldn't find that page.</h1><p><a href="${escapeHtml(`${publicUrl}/`)}">Go to Homepage</a></p>
</main>`,
  };
}

export function homePage(publicUrl: string, banners: BannerDto[], home: HomeSections): ShellPage {
  const website = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: `${publicUrl}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${publicUrl}/shop/listing/search?keyword={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
  return {
    status: 200,
    head: head({
      title: SHOP_NAME,
      description: HOME_DESCRIPTION,
      canonical: `${publicUrl}/`,
      extra: [
        jsonLd(website),
        firstAnswers([
          { endpoint: 'home', data: home },
          { endpoint: 'banners', data: banners },
        ]),
      ],
    }),
    body: homeBody(banners[0]),
  };
}

/** The home page's first view: the shop's name and the first banner, at least as large as the app's carousel. */
function homeBody(banner: BannerDto | undefined): string {
  const e = escapeHtml;
  const image = banner
    ? picture(banner.image, {
        alt: banner.title || 'Offer banner 1',
        width: 1600,
        height: 500,
        sizes: BANNER_SIZES_ATTR,
        style: 'width:100%;height:35vh;object-fit:cover;display:block',
        mobile: banner.mobileImage,
        priority: true,
      })
    : '';
  const categories = CATEGORIES.map(
    (c) => `<li><a href="/shop/listing?category=${encodeURIComponent(c.id)}">${e(c.label)}</a></li>`,
  ).join('');
  return `<main id="main" style="${MAIN_STYLE}">
<h1 style="font-size:1.25rem;margin:0;padding:1rem">${e(SHOP_NAME)}</h1>
${image}
<nav aria-label="Categories"><ul style="display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:1rem;margin:0">${categories}</ul></nav>
</main>`;
}

/** A listing's page; `brandLabels` are the filtered brands' labels, from the brands table. */
export function listingPage(
  publicUrl: string,
  { categories, brandLabels }: { categories: string[]; brandLabels: string[] },
  products: readonly ProductDto[],
): ShellPage {
  const canonical =
    categories.length === 1
      ? `${publicUrl}/shop/listing?category=${encodeURIComponent(categories[0]!)}`
      : `${publicUrl}/shop/listing`;
  return {
    status: 200,
    head: head({
      title: listingPageTitle(categories),
      description: listingPageDescription(categories),
      canonical,
      // filter combinations are not pages of their own
      robots: categories.length > 1 ? 'noindex, follow' : undefined,
    }),
    body: `<main id="main" style="${MAIN_STYLE}">
<h1 style="font-size:1.25rem;margin:0;padding:1rem">${escapeHtml(listingHeading({ category: categories, brand: brandLabels }, (label) => label))}</h1>
${productCards(products)}
</main>`,
  };
}

export function searchPage(keyword: string): ShellPage {
  return {
    status: 200,
    head: head({
      title: searchPageTitle(keyword),
      description: `Search ${SHOP_NAME} for products by name, brand or category.`,
      robots: 'noindex, follow',
    }),
    body: '',
  };
}

/**
 * A store page (docs/seo-and-email.md, "Store pages"): its title, description, canonical link, Open Graph (the
 * banner, else the logo) and `Organization` JSON-LD, and a server-made header with its first products.
 */
export function storePage(publicUrl: string, s: StoreDto, products: readonly ProductDto[]): ShellPage {
  const canonical = `${publicUrl}${storePath(s.slug)}`;
  const picture = s.banner ?? s.logo;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: s.storeName,
    url: canonical,
    ...(s.logo ? { logo: absolute(s.logo, publicUrl) } : {}),
    ...(s.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: s.averageReview,
            reviewCount: s.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const e = escapeHtml;
  const rating =
    s.reviewCount > 0 ? `<p>Rated ${s.averageReview.toFixed(1)} of 5 (${s.reviewCount} reviews)</p>\n` : '';
  return {
    status: 200,
    head: head({
      title: storePageTitle(s),
      description: storePageDescription(s),
      canonical,
      image: picture ? absolute(picture, publicUrl) : undefined,
      extra: [jsonLd(organization), firstAnswers([{ endpoint: 'getStore', arg: s.slug, data: s }])],
    }),
    body: `<main id="main" style="${MAIN_STYLE}">
<div style="padding:1rem"><h1>${e(s.storeName)}</h1>
${rating}<p>${e(sellerSinceText(s.sellerSince))} · ${s.productCount} ${s.productCount === 1 ? 'product' : 'products'}</p></div>
${productCards(products)}
</main>`,
  };
}

/** Every other app page: the shop's own title and description. */
export function defaultPage(): ShellPage {
  return { status: 200, head: head({ title: SHOP_NAME, description: HOME_DESCRIPTION }), body: '' };
}
