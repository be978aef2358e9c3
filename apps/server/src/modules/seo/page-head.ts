/**
 * What a crawler or a link preview reads without running JavaScript (docs/seo-and-email.md): the head tags
 * (title, description, canonical link, Open Graph, Twitter card, JSON-LD) and a small server-made body that React
 * replaces when it starts. Every value is escaped; JSON-LD escapes `<` so no text can close its script element.
 */
import escapeHtml from 'escape-html';
import type { ShellPage } from '../../lib/static-files';
import {
  brandLabel,
  categoryLabel,
  discountedUnitPrice,
  formatINR,
  HOME_DESCRIPTION,
  listingPageDescription,
  listingPageTitle,
  pageTitle,
  PRODUCT_IMAGE_SIZES,
  productPageDescription,
  productPageTitle,
  responsiveImage,
  searchPageTitle,
  SHOP_NAME,
  type ProductDto,
} from '@mp/shared';

/** JSON for a <script type="application/ld+json">: `<`, `>`, `&` and line separators become \u escapes. */
export function jsonLd(data: unknown): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
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

function head(h: HeadInput): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(h.title)}</title>`,
    `<meta name="description" content="${e(h.description)}" />`,
    h.robots ? `<meta name="robots" content="${e(h.robots)}" />` : '',
    h.canonical ? `<link rel="canonical" href="${e(h.canonical)}" />` : '',
    `<meta property="og:site_name" content="${e(SHOP_NAME)}" />`,
    `<meta property="og:type" content="${h.type ?? 'website'}" />`,
    `<meta property="og:title" content="${e(h.title)}" />`,
    `<meta property="og:description" content="${e(h.description)}" />`,
    h.canonical ? `<meta property="og:url" content="${e(h.canonical)}" />` : '',
    h.image ? `<meta property="og:image" content="${e(h.image)}" />` : '',
    `<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(h.title)}" />`,
    `<meta name="twitter:description" content="${e(h.description)}" />`,
    h.image ? `<meta name="twitter:image" content="${e(h.image)}" />` : '',
    ...(h.extra ?? []),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** A product page: everything the issue's crawler check reads, from the live product. */
export function productPage(p: ProductDto & { storeName?: string | null }, publicUrl: string): ShellPage {
  const canonical = `${publicUrl}/product/${p._id}`;
  const image = absolute(p.image, publicUrl);
  const images = p.images.map((i) => absolute(i.url, publicUrl));
  const price = discountedUnitPrice(p);
  const inStock = p.totalStock > 0;
  const title = productPageTitle(p);
  const description = productPageDescription(p);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    description: p.description,
    image: images.length ? images : [image],
    sku: p._id,
    brand: { '@type': 'Brand', name: brandLabel(p.brand) },
    category: categoryLabel(p.category),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: price.toFixed(2),
      priceCurrency: 'INR',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
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
      ],
    }),
    body: `<main id="main" style="max-width:64rem;margin:0 auto;padding:1rem;font-family:system-ui,sans-serif">
<p><a href="/">${e(SHOP_NAME)}</a> › <a href="/shop/listing?category=${encodeURIComponent(p.category)}">${e(categoryLabel(p.category))}</a></p>
<h1>${e(p.title)}</h1>
<p>${e(brandLabel(p.brand))}</p>
${p.storeName && p.sellerId ? `<p>Sold by <a href="/shop/listing?seller=${encodeURIComponent(p.sellerId)}">${e(p.storeName)}</a></p>\n` : ''}<p><strong data-price>${e(formatINR(price))}</strong></p>
<p data-availability>${inStock ? 'In stock' : 'Out of stock'}</p>
<p>${e(p.description)}</p>
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

export function homePage(publicUrl: string): ShellPage {
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
      extra: [jsonLd(website)],
    }),
    body: '',
  };
}

export function listingPage(publicUrl: string, categories: string[]): ShellPage {
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
    body: '',
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

/** Every other app page: the shop's own title and description. */
export function defaultPage(): ShellPage {
  return { status: 200, head: head({ title: SHOP_NAME, description: HOME_DESCRIPTION }), body: '' };
}
