/**
 * Serves the built web app: precompressed .br/.gz variants (written at build time) when the browser accepts them,
 * hashed /assets with a one-year immutable cache, and index.html (never cached) for every other path, given the
 * page's own head, server HTML and status by the page renderer (docs/seo-and-email.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { pickEncoding, type Encoding } from './http-encoding';

function listCompressed(root: string): Map<string, Set<Encoding>> {
  const found = new Map<string, Set<Encoding>>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      const m = /^(.*)\.(br|gz)$/.exec(full);
      if (!entry.isFile() || !m) continue;
      const urlPath = `/${path.relative(root, m[1]!).split(path.sep).join('/')}`;
      const set = found.get(urlPath) ?? new Set<Encoding>();
      set.add(m[2] === 'br' ? 'br' : 'gzip');
      found.set(urlPath, set);
    }
  };
  visit(root);
  return found;
}

/** A page's status, tags for <head> (its title and description among them) and server HTML for #root. */
export interface ShellPage {
  status: number;
  head: string;
  body: string;
}
export type PageRenderer = (req: Request) => Promise<ShellPage>;

/** index.html split around what each page fills in: the built title and description give way to the page's. */
export function shellTemplate(html: string): (page: ShellPage) => string {
  const withoutHead = html
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  const headAt = withoutHead.search(/<\/head>/i);
  const rootTag = '<div id="root"></div>';
  const rootAt = withoutHead.indexOf(rootTag);
  if (headAt < 0 || rootAt < headAt)
    throw new Error('index.html needs a </head> and an empty <div id="root"></div>');
  const a = withoutHead.slice(0, headAt);
  const b = withoutHead.slice(headAt, rootAt + rootTag.length - '</div>'.length);
  const c = withoutHead.slice(rootAt + rootTag.length - '</div>'.length);
  return (page) => `${a}  ${page.head}\n  ${b}${page.body}${c}`;
}

export function webApp(root: string, renderPage?: PageRenderer): Router {
  const compressed = listCompressed(root);
  const router = express.Router();
  const longCache = 'public, max-age=31536000, immutable';

  const precompressed: RequestHandler = (req, res, next) => {
    const variants = compressed.get(req.path);
    if (!variants || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding'], variants);
    if (!encoding) return next();
    res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', req.path.startsWith('/assets/') ? longCache : 'public, max-age=3600');
    res.sendFile(
      path.join(root, `${req.path}.${encoding === 'br' ? 'br' : 'gz'}`),
      { lastModified: true, cacheControl: false },
      (err) => {
        if (err) next(err);
      },
    );
  };

  router.use(precompressed);
  router.use(
    '/assets',
    express.static(path.join(root, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  router.use(express.static(root, { index: false, maxAge: '1h' }));
  const shell = renderPage ? shellTemplate(readFileSync(path.join(root, 'index.html'), 'utf8')) : undefined;
  router.get('/{*splat}', async (req, res, next) => {
    // a missing file (/favicon.ico, a stale /assets/x.js) is a 404, not the app shell with a 200
    if (path.extname(req.path) && path.extname(req.path) !== '.html') return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (!shell || !renderPage) return res.sendFile(path.join(root, 'index.html'));
    const page = await renderPage(req);
    res.status(page.status).type('html').send(shell(page));
  });
  return router;
}
