/**
 * Serves the built web app: precompressed .br/.gz variants (written at build time) when the browser accepts them,
 * hashed /assets with a one-year immutable cache, and index.html (never cached) for every other path.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
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

export function webApp(root: string): Router {
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
  router.get('/{*splat}', (req, res, next) => {
    // a missing file (/favicon.ico, a stale /assets/x.js) is a 404, not the app shell with a 200
    if (path.extname(req.path) && path.extname(req.path) !== '.html') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(root, 'index.html'));
  });
  return router;
}
