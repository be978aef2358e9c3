/**
 * Crawler entry points (docs/seo-and-email.md): /robots.txt, the /sitemap.xml index and its pages, and the
 * renderer that gives every app page its own head (and product pages their server HTML, or a 404).
 */
import escapeHtml from 'escape-html';
import { Router, type Request, type Response } from 'express';
import {
  CATEGORIES,
  idParamsSchema,
  productListQuerySchema,
  storePath,
  storeSlugParamsSchema,
  type HomeSections,
  type ProductDetailDto,
  type ProductDto,
} from '@mp/shared';
import type { AppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import type { PageRenderer, ShellPage } from '../../lib/static-files';
import { shopConfigMeta } from '../commerce/payments/shop-config';
import {
  defaultPage,
  homePage,
  listingPage,
  notFoundPage,
  productPage,
  searchPage,
  storePage,
} from './page-head';
import { createSitemapService, RANGE_PATTERN } from './sitemap.service';

/** Areas crawlers have no business in: the API, the consoles, the shopper's private pages, sign-in. */
export const DISALLOWED = ['/api', '/admin', '/seller', '/shop/account', '/shop/checkout', '/auth'];

/** escape-html's entities (&amp; &lt; &gt; &quot; &#39;) are valid XML too */
const xmlEscape = escapeHtml;

function sendXml(res: Response, chunks: Iterable<string>) {
  res.type('application/xml; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  let buffer = '';
  for (const chunk of chunks) {
    buffer += chunk;
    if (buffer.length > 64 * 1024) {
      res.write(buffer);
      buffer = '';
    }
  }
  res.end(buffer);
}

export function createSeoRouter(deps: AppDeps): Router {
  const { config, db } = deps;
  const base = config.publicUrl;
  const sitemaps = createSitemapService(db);
  const r = Router();

  r.get('/robots.txt', (_req, res) => {
    res.type('text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.send(
      [
        'User-agent: *',
        ...DISALLOWED.map((p) => `Disallow: ${p}`),
        'Allow: /',
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  r.get('/sitemap.xml', async (_req, res) => {
    const ranges = await sitemaps.productRanges();
    sendXml(res, [
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
      `<sitemap><loc>${xmlEscape(`${base}/sitemaps/pages.xml`)}</loc></sitemap>\n`,
      `<sitemap><loc>${xmlEscape(`${base}/sitemaps/stores.xml`)}</loc></sitemap>\n`,
      ...ranges.map(
        (p) => `<sitemap><loc>${xmlEscape(`${base}/sitemaps/products-${p}.xml`)}</loc></sitemap>\n`,
      ),
      '</sitemapindex>\n',
    ]);
  });

  const urlset = (urls: Iterable<string>) => [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...urls,
    '</urlset>\n',
  ];

  r.get('/sitemaps/pages.xml', (_req, res) => {
    const pages = [
      `${base}/`,
      `${base}/shop/listing`,
      ...CATEGORIES.map((c) => `${base}/shop/listing?category=${encodeURIComponent(c.id)}`),
    ];
    sendXml(res, urlset(pages.map((loc) => `<url><loc>${xmlEscape(loc)}</loc></url>\n`)));
  });

  // the store pages of approved sellers (docs/seo-and-email.md, "Store pages")
  r.get('/sitemaps/stores.xml', async (_req, res) => {
    const stores = await sitemaps.stores();
    function* urls() {
      for (const s of stores)
        yield `<url><loc>${xmlEscape(`${base}${storePath(s.slug)}`)}</loc><lastmod>${s.updatedAt.toISOString()}</lastmod></url>\n`;
    }
    sendXml(res, urlset(urls()));
  });

  r.get('/sitemaps/products-:range.xml', async (req, res) => {
    const range = String(req.params.range);
    if (!RANGE_PATTERN.test(range)) throw new AppError(404, 'NOT_FOUND', 'Sitemap not found');
    const rows = await sitemaps.productsInRange(range);
    if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', 'Sitemap not found');
    function* urls() {
      for (const p of rows)
        yield `<url><loc>${base}/product/${p.id}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>\n`;
    }
    sendXml(res, urlset(urls()));
  });

  return r;
}

/** A store page: its head and first products from the same cached reads as the API, or the 404 page. */
async function renderStore(deps: AppDeps, raw: string): Promise<ShellPage> {
  const base = deps.config.publicUrl;
  let slug: string;
  try {
    slug = storeSlugParamsSchema.parse({ slug: decodeURIComponent(raw) }).slug;
  } catch {
    return notFoundPage(base);
  }
  try {
    const s = await deps.stores.pages.page(slug);
    const answer = JSON.parse((await deps.catalogReads.list({ seller: s._id })).body) as {
      data: ProductDto[];
    };
    return storePage(base, s, answer.data);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return notFoundPage(base);
    throw err;
  }
}

/** The head (and server HTML) of each app page, from its path and query. */
export function createPageRenderer(deps: AppDeps): PageRenderer {
  const base = deps.config.publicUrl;
  const configMeta = shopConfigMeta(deps.config);
  const render = async (req: Request): Promise<ShellPage> => {
    const path = req.path.replace(/\/+$/, '') || '/';
    if (path === '/') {
      // the same cached answer GET /api/shop/home sends
      const [home, banners] = await Promise.all([deps.catalogReads.home(), deps.banners.list()]);
      return homePage(base, banners, (JSON.parse(home.body) as { data: HomeSections }).data);
    }
    const product = /^\/product\/([^/]+)$/.exec(path);
    if (product) {
      const id = idParamsSchema.safeParse({ id: product[1] });
      if (!id.success) return notFoundPage(base);
      try {
        // the same cached answer GET /api/shop/products/get/:id sends
        const answer = await deps.catalogReads.detail({ id: id.data.id });
        const { data } = JSON.parse(answer.body) as { data: ProductDetailDto };
        return productPage(data, base, await deps.brands.label(data.brand));
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return notFoundPage(base);
        throw err;
      }
    }
    const store = /^\/shop\/store\/([^/]+)$/.exec(path);
    if (store) return renderStore(deps, store[1]!);
    if (path === '/shop/listing/search') return searchPage(String(req.query.keyword ?? ''));
    if (path === '/shop/listing') {
      const q = productListQuerySchema.safeParse(req.query);
      if (!q.success) return listingPage(base, { categories: [], brandLabels: [] }, []);
      // an older "Sold by" link (?seller=id): the store's page, whose canonical link the app goes to
      if (q.data.seller) {
        const page = await renderStore(deps, q.data.seller);
        if (page.status === 200) return page;
      }
      // the answer the app asks for first, from the same cached read as the API
      const answer = JSON.parse((await deps.catalogReads.list(req.query)).body) as { data: ProductDto[] };
      const brandLabels = await Promise.all((q.data.brand ?? []).map((id) => deps.brands.label(id)));
      return listingPage(base, { categories: q.data.category ?? [], brandLabels }, answer.data);
    }
    return defaultPage();
  };
  return async (req) => {
    const page = await render(req);
    return { ...page, head: `${page.head}\n  ${configMeta}` };
  };
}
