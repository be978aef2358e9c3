import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_SIZES, responsiveImage, SHOP_CONFIG_META } from '@mp/shared';
import { createTestContext } from '../../../../test/app';
import { products, sellers } from '../../../db/schema';
import { productBody } from '../../catalog/__tests__/catalog-fixtures';
import { insertProduct } from '../../commerce/__tests__/helpers';

const webDist = mkdtempSync(path.join(tmpdir(), 'mp-web-seo-'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
// the shape of the built apps/web/index.html
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Built description" />
    <title>Haat Marketplace</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
);
const ctx = await createTestContext({ WEB_DIST: webDist, PUBLIC_URL: 'https://haat.example.in' });

/** Every JSON-LD block of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
const metaContent = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

describe('product pages for crawlers (no JavaScript)', () => {
  it('when a crawler fetches a product, then title, description, canonical, cards, JSON-LD and the body name it with its ₹ price', async () => {
    const p = await insertProduct(ctx.db, {
      title: 'Silk Kurta',
      brand: 'zara',
      category: 'women',
      description: 'Hand-woven silk kurta.',
      pricePaise: 14_999_900,
      salePricePaise: 12_345_600,
      totalStock: 4,
      image: '/uploads/products/kurta.png',
    });
    const res = await ctx.anon().get(`/product/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.text;
    expect(html).toContain('<title>Silk Kurta by Zara – ₹1,23,456 | Haat Marketplace</title>');
    expect(html).not.toContain('Built description');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaContent(html, 'name', 'description')).toMatch(
      /^Buy Silk Kurta by Zara for ₹1,23,456 on Haat Marketplace\. In stock\./,
    );
    expect(html).toContain(`<link rel="canonical" href="https://haat.example.in/product/${p.id}" />`);
    expect(metaContent(html, 'property', 'og:image')).toBe(
      'https://haat.example.in/uploads/products/kurta.png',
    );
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'product:price:amount')).toBe('123456.00');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(
      'https://haat.example.in/uploads/products/kurta.png',
    );

    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Silk Kurta',
      description: 'Hand-woven silk kurta.',
      image: ['https://haat.example.in/uploads/products/kurta.png'],
      sku: p.id,
      brand: { '@type': 'Brand', name: 'Zara' },
      offers: { price: '123456.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
    expect(ld).not.toHaveProperty('aggregateRating');

    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain('<h1>Silk Kurta</h1>');
    expect(body).toContain('₹1,23,456');
    expect(body).toContain('In stock');
    // the app's own script still loads and replaces the server HTML
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('when a product has reviews or no stock, then JSON-LD carries the rating and OutOfStock', async () => {
    const p = await insertProduct(ctx.db, { title: 'Old Phone', totalStock: 0 });
    await ctx.db.update(products).set({ ratingSum: 9, reviewCount: 2 }).where(eq(products.id, p.id));
    const html = (await ctx.anon().get(`/product/${p.id}`)).text;
    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
    });
    expect(html).toContain('Out of stock');
  });

  it('when a product sells its variants at different prices, then JSON-LD gives an AggregateOffer; at one price, an Offer', async () => {
    const seller = await ctx.loginAsSeller('approved');
    const add = (title: string, variants: Record<string, unknown>[]) =>
      seller.agent.post('/api/seller/products/add').send(
        productBody({
          title,
          price: undefined,
          totalStock: undefined,
          discount: 0,
          options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
          variants,
        }),
      );
    const ranged = await add('Ranged kurta', [
      { optionValues: ['S'], price: 499, stock: 0 },
      { optionValues: ['M'], price: 799, salePrice: 699, stock: 2 },
      { optionValues: ['L'], price: 1000, discount: 10, stock: 0 },
    ]);
    expect(ranged.status, JSON.stringify(ranged.body)).toBe(201);
    const offersOf = async (id: string) =>
      (jsonLdOf((await ctx.anon().get(`/product/${id}`)).text)[0] as { offers: Record<string, unknown> })
        .offers;
    expect(await offersOf(ranged.body.data._id)).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: '499.00',
      highPrice: '900.00',
      offerCount: 3,
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      url: `https://haat.example.in/product/${ranged.body.data._id}`,
    });

    const flat = await add(
      'Flat kurta',
      ['S', 'M', 'L'].map((v) => ({ optionValues: [v], price: 650, stock: 1 })),
    );
    const one = await offersOf(flat.body.data._id);
    expect(one).toMatchObject({ '@type': 'Offer', price: '650.00' });
    expect(one.lowPrice).toBeUndefined();
  });

  it('when a product text holds markup, then it is escaped everywhere and JSON-LD cannot be closed early', async () => {
    const evil = '</script><script>alert(1)</script> "quoted" & <b>bold</b>';
    const p = await insertProduct(ctx.db, { title: evil, description: evil });
    const html = (await ctx.anon().get(`/product/${p.id}`)).text;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>bold</b>');
    const [ld] = jsonLdOf(html);
    expect(ld!.name).toBe(evil); // parses back to the exact text
    expect(metaContent(html, 'property', 'og:title')).toContain('&quot;quoted&quot; &amp;');
  });

  it('when the product is deleted, unknown or the id is malformed, then 404 with the not-found page', async () => {
    const gone = await insertProduct(ctx.db);
    await ctx.db
      .update(products)
      .set({ deletedAt: sql`now()` })
      .where(eq(products.id, gone.id));
    for (const url of [
      `/product/${gone.id}`,
      '/product/00000000-0000-4000-8000-000000000000',
      '/product/not-an-id',
    ]) {
      const res = await ctx.anon().get(url);
      expect(res.status, url).toBe(404);
      expect(res.text).toContain("Oops! We couldn't find that page.");
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
      expect(res.text).not.toContain('application/ld+json');
    }
  });
});

describe('other pages', () => {
  it('when the home page is fetched, then WebSite JSON-LD offers a SearchAction on the search URL', async () => {
    const html = (await ctx.anon().get('/')).text;
    expect(html).toContain('<title>Haat Marketplace</title>');
    expect(html).toContain('<link rel="canonical" href="https://haat.example.in/" />');
    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@type': 'WebSite',
      url: 'https://haat.example.in/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://haat.example.in/shop/listing/search?keyword={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('when any app page is fetched, then its head carries the shop set-up, so the test-payments notice is there at first paint', async () => {
    for (const url of ['/', '/shop/listing', '/shop/cart', '/no-such-page']) {
      const raw = metaContent((await ctx.anon().get(url)).text, 'name', SHOP_CONFIG_META);
      expect(raw, url).toBeDefined();
      const config = JSON.parse(raw!.replaceAll('&quot;', '"')) as unknown;
      expect(config).toEqual((await ctx.anon().get('/api/shop/config')).body.data);
    }
  });

  it('when a product page is fetched, then it preloads the very image candidate the page shows (same srcset and sizes)', async () => {
    const image = '/uploads/products/2f1c8a44-5b7e-4c1a-9d1e-0c7a1f0e9b21_1280x960.jpg';
    const p = await insertProduct(ctx.db, { title: 'Preloaded Lamp', image });
    const html = (await ctx.anon().get(`/product/${p.id}`)).text;
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
    const shown = responsiveImage(image);
    expect(preload).toContain('type="image/webp"');
    expect(preload).toContain(`imagesrcset="${shown.webpSrcSet}"`);
    expect(preload).toContain(`imagesizes="${PRODUCT_IMAGE_SIZES}"`);
    expect(preload).toContain('fetchpriority="high"');
  });

  it('when a category listing, the whole listing or a search is fetched, then each has a fitting title and description', async () => {
    const men = (await ctx.anon().get('/shop/listing?category=men')).text;
    expect(men).toContain('<title>Men – shop online | Haat Marketplace</title>');
    expect(metaContent(men, 'name', 'description')).toContain('Shop Men on Haat Marketplace');
    expect(men).toContain(
      '<link rel="canonical" href="https://haat.example.in/shop/listing?category=men" />',
    );
    const all = (await ctx.anon().get('/shop/listing')).text;
    expect(all).toContain('<title>All products | Haat Marketplace</title>');
    const search = (await ctx.anon().get('/shop/listing/search?keyword=%3Cb%3Eshoes')).text;
    expect(search).toContain('<title>Search results for “&lt;b&gt;shoes” | Haat Marketplace</title>');
    expect(search).toContain('noindex');
  });

  it("when a listing is filtered by a brand the admin added, then its server heading names the brand's label", async () => {
    const admin = await ctx.loginAs('admin');
    expect((await admin.agent.post('/api/admin/brands').send({ label: 'Banaras Weaves' })).status).toBe(201);
    const html = (await ctx.anon().get('/shop/listing?brand=banaras-weaves&category=women')).text;
    expect(html).toContain('>Banaras Weaves · Women</h1>');
  });
});

describe('first views without JavaScript (docs/performance.md)', () => {
  /** The answers a page hands the app for its first render. */
  function firstAnswersOf(html: string): { endpoint: string; arg?: string; data: unknown }[] {
    const m = /<script type="application\/json" id="first-answers">([\s\S]*?)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1]!) as { endpoint: string; arg?: string; data: unknown }[]) : [];
  }

  it('when the home page is fetched, then it carries the home and banner answers the API gives, and shows the first banner', async () => {
    const html = (await ctx.anon().get('/')).text;
    const answers = firstAnswersOf(html);
    expect(answers.find((a) => a.endpoint === 'home')?.data).toEqual(
      (await ctx.anon().get('/api/shop/home')).body.data,
    );
    const banners = (await ctx.anon().get('/api/common/banner/get')).body.data as { image: string }[];
    expect(answers.find((a) => a.endpoint === 'banners')?.data).toEqual(banners);
    if (banners[0]) expect(html).toContain(`src="${banners[0].image}"`);
  });

  it('when a listing is fetched, then its server HTML shows the first products of the answer with their ₹ price and links', async () => {
    const p = await insertProduct(ctx.db, {
      title: 'First View Lamp',
      category: 'appliances',
      pricePaise: 99_900,
      image: '/uploads/products/2f1c8a44-5b7e-4c1a-9d1e-0c7a1f0e9b22_800x800.jpg',
    });
    // written behind the services' back: tell the catalogue's caches, as the product service does
    ctx.deps.changes.publish({ type: 'products', ids: [p.id] });
    const html = (await ctx.anon().get('/shop/listing?category=appliances')).text;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('First View Lamp');
    expect(root).toContain('₹999');
    expect(root).toContain(`href="/product/${p.id}"`);
    expect(root).toContain(`srcset="${responsiveImage(p.image).webpSrcSet}"`);
  });

  it('when a product page is fetched, then the app receives the product answer the API gives, and the body shows its image', async () => {
    const image = '/uploads/products/2f1c8a44-5b7e-4c1a-9d1e-0c7a1f0e9b23_800x800.jpg';
    const p = await insertProduct(ctx.db, { title: 'First View Chair', image });
    const html = (await ctx.anon().get(`/product/${p.id}`)).text;
    const answer = firstAnswersOf(html).find((a) => a.endpoint === 'getProduct');
    expect(answer?.arg).toBe(p.id);
    expect(answer?.data).toEqual((await ctx.anon().get(`/api/shop/products/get/${p.id}`)).body.data);
    expect(html.slice(html.indexOf('<div id="root">'))).toContain(`src="${image}"`);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('when robots.txt is read, then it names the sitemap and keeps crawlers out of private areas', async () => {
    const res = await ctx.anon().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    for (const p of ['/api', '/admin', '/seller', '/shop/account', '/shop/checkout', '/auth'])
      expect(res.text).toContain(`Disallow: ${p}\n`);
    expect(res.text).toContain('Sitemap: https://haat.example.in/sitemap.xml');
  });

  it('when the sitemap index is followed, then every live product is listed once with lastmod, with home and the categories', async () => {
    const live = await Promise.all(Array.from({ length: 30 }, () => insertProduct(ctx.db)));
    const gone = await insertProduct(ctx.db);
    await ctx.db
      .update(products)
      .set({ deletedAt: sql`now()` })
      .where(eq(products.id, gone.id));

    const index = await ctx.anon().get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/application\/xml/);
    expect(index.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const pages = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(pages[0]).toBe('https://haat.example.in/sitemaps/pages.xml');

    const listed: { loc: string; lastmod: string }[] = [];
    expect(pages[1]).toBe('https://haat.example.in/sitemaps/stores.xml');
    for (const page of pages.slice(2)) {
      const res = await ctx.anon().get(new URL(page).pathname);
      expect(res.status).toBe(200);
      const entries = [...res.text.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(50_000);
      listed.push(...entries.map((m) => ({ loc: m[1]!, lastmod: m[2]! })));
    }
    const allLive = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(sql`deleted_at is null`);
    expect(listed.map((l) => l.loc).sort()).toEqual(
      allLive.map((p) => `https://haat.example.in/product/${p.id}`).sort(),
    );
    expect(listed.map((l) => l.loc)).not.toContain(`https://haat.example.in/product/${gone.id}`);
    expect(live.every((p) => listed.some((l) => l.loc.endsWith(p.id)))).toBe(true);
    expect(listed.every((l) => !Number.isNaN(Date.parse(l.lastmod)))).toBe(true);

    const fixed = await ctx.anon().get('/sitemaps/pages.xml');
    expect(fixed.text).toContain('<loc>https://haat.example.in/</loc>');
    expect(fixed.text).toContain('<loc>https://haat.example.in/shop/listing?category=electronics</loc>');
  });

  it('when a sitemap page that does not exist is asked for, then 404', async () => {
    expect((await ctx.anon().get('/sitemaps/products-zz.xml')).status).toBe(404);
    expect((await ctx.anon().get('/sitemaps/products-0.xml')).status).toBe(404);
  });
});

describe('store pages for crawlers (docs/seo-and-email.md, "Store pages")', () => {
  async function openStore(storename: string, slug: string, images: { logo?: string; banner?: string } = {}) {
    const s = await ctx.loginAsSeller('approved');
    await ctx.db
      .update(sellers)
      .set({ storename, slug, logo: images.logo ?? null, banner: images.banner ?? null })
      .where(eq(sellers.id, s.sellerId));
    return s;
  }

  it('when a crawler fetches a store, then title, description, canonical, Organization JSON-LD with its rating, and its products', async () => {
    const s = await openStore('Banaras <Silk> House', 'banaras-silk-house', {
      logo: '/uploads/stores/logo.png',
      banner: '/uploads/stores/banner.jpg',
    });
    const p = await insertProduct(ctx.db, { title: 'Katan Silk Saree', sellerId: s.sellerId });
    await ctx.db.update(products).set({ ratingSum: 9, reviewCount: 2 }).where(eq(products.id, p.id));
    const res = await ctx.anon().get('/shop/store/banaras-silk-house');
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain('<title>Banaras &lt;Silk&gt; House – shop online | Haat Marketplace</title>');
    expect(metaContent(html, 'name', 'description')).toMatch(
      /^Shop 1 product from Banaras &lt;Silk&gt; House on Haat Marketplace\. Rated 4\.5 out of 5 from 2 reviews\. Seller since /,
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://haat.example.in/shop/store/banaras-silk-house" />',
    );
    expect(metaContent(html, 'property', 'og:image')).toBe(
      'https://haat.example.in/uploads/stores/banner.jpg',
    );
    const ld = jsonLdOf(html).find((b) => b['@type'] === 'Organization');
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Banaras <Silk> House',
      url: 'https://haat.example.in/shop/store/banaras-silk-house',
      logo: 'https://haat.example.in/uploads/stores/logo.png',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
    expect(html).not.toContain('<Silk>');
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain('<h1>Banaras &lt;Silk&gt; House</h1>');
    expect(body).toContain('Katan Silk Saree');
    expect(body).toContain(`href="/product/${p.id}"`);
  });

  it('when a store has no reviews or logo, then its JSON-LD has neither; the product page links "Sold by" to it', async () => {
    const s = await openStore('Quiet Looms', 'quiet-looms');
    const p = await insertProduct(ctx.db, { title: 'Cotton Dhoti', sellerId: s.sellerId });
    const ld = jsonLdOf((await ctx.anon().get('/shop/store/quiet-looms')).text).find(
      (b) => b['@type'] === 'Organization',
    );
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('logo');
    const product = (await ctx.anon().get(`/product/${p.id}`)).text;
    expect(product).toContain('Sold by <a href="/shop/store/quiet-looms">Quiet Looms</a>');
    // an older "Sold by" link gets the store page's head, canonical included
    const old = (await ctx.anon().get(`/shop/listing?seller=${s.sellerId}`)).text;
    expect(old).toContain('<link rel="canonical" href="https://haat.example.in/shop/store/quiet-looms" />');
  });

  it('when the store is unknown, pending or the address malformed, then 404 with noindex', async () => {
    const pending = await ctx.loginAsSeller('pending');
    await ctx.db.update(sellers).set({ slug: 'pending-looms' }).where(eq(sellers.id, pending.sellerId));
    for (const path of [
      '/shop/store/no-such-store',
      '/shop/store/pending-looms',
      '/shop/store/not%20a%20slug',
    ]) {
      const res = await ctx.anon().get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('when the sitemap index is followed, then the store pages of approved sellers are listed, others not', async () => {
    await openStore('Sitemap Crafts', 'sitemap-crafts');
    const pending = await ctx.loginAsSeller('pending');
    await ctx.db.update(sellers).set({ slug: 'sitemap-pending' }).where(eq(sellers.id, pending.sellerId));
    const index = await ctx.anon().get('/sitemap.xml');
    expect(index.text).toContain('<loc>https://haat.example.in/sitemaps/stores.xml</loc>');
    const stores = await ctx.anon().get('/sitemaps/stores.xml');
    expect(stores.status).toBe(200);
    expect(stores.text).toMatch(
      /<url><loc>https:\/\/haat\.example\.in\/shop\/store\/sitemap-crafts<\/loc><lastmod>[^<]+<\/lastmod><\/url>/,
    );
    expect(stores.text).not.toContain('sitemap-pending');
  });
});
