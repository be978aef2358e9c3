/**
 * No cross-site writes (docs/security.md). A browser tells us where a request comes from: `Sec-Fetch-Site` (all
 * current browsers) and `Origin` (every cross-origin request and every POST). A write (POST, PUT, PATCH, DELETE)
 * from another site is refused with 403 CROSS_SITE_REQUEST, whatever cookie it carries. `Sec-Fetch-Site`, when
 * sent, decides (same-origin or none pass); older browsers are judged by `Origin`. A form post from a page
 * with `Referrer-Policy: no-referrer` (helmet's default) carries `Origin: null`, so `null` is trusted only when
 * `Sec-Fetch-Site` vouches for it. Requests with neither header come from programs, not from a browser a
 * third-party page can steer, and pass.
 *
 * Bodies of writes are JSON; the only exceptions are the multipart upload routes and the sandbox payment page's
 * own HTML forms. Any other body is 415 UNSUPPORTED_MEDIA_TYPE: a cross-site HTML form can send only form-encoded,
 * multipart or text bodies without asking the server first (CORS preflight, which this server never grants).
 */
import type { Request, RequestHandler } from 'express';
import { AppError } from './errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface WriteRules {
  /** the site's own address (PUBLIC_URL) */
  publicUrl: string;
  /** paths whose writes may be multipart/form-data (file uploads) */
  multipartPaths: RegExp[];
  /** paths whose writes may be application/x-www-form-urlencoded (this server's own HTML forms) */
  formPaths: RegExp[];
  /**
   * paths another site's page may post to: the payment gateway's return (its form posts the signed result back;
   * the route trusts only that signature, docs/money.md)
   */
  crossSitePaths?: RegExp[];
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

export const crossSiteRefused = () =>
  new AppError(403, 'CROSS_SITE_REQUEST', 'This request came from another site and was refused.');

export function sameOriginWrites(rules: WriteRules): RequestHandler {
  const own = originOf(rules.publicUrl);

  /** the Origin is this site: PUBLIC_URL, or the host the browser itself addressed (a proxy or LAN name) */
  function isOwnOrigin(req: Request, origin: string): boolean {
    if (origin === own) return true;
    const parsed = originOf(origin);
    return parsed !== undefined && new URL(parsed).host === req.get('host');
  }

  return (req, _res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const crossSiteAllowed = rules.crossSitePaths?.some((p) => p.test(req.path)) ?? false;

    const site = req.get('sec-fetch-site');
    if (crossSiteAllowed) {
      // the signed gateway return: checked by its signature, not its origin
    } else if (site !== undefined) {
      if (site !== 'same-origin' && site !== 'none') throw crossSiteRefused();
    } else {
      const origin = req.get('origin');
      if (origin !== undefined && !isOwnOrigin(req, origin)) throw crossSiteRefused();
    }

    if (hasBody(req) && !req.is('application/json') && !req.is('+json')) {
      const allowed =
        (req.is('multipart/form-data') && rules.multipartPaths.some((p) => p.test(req.path))) ||
        (req.is('application/x-www-form-urlencoded') && rules.formPaths.some((p) => p.test(req.path)));
      if (!allowed) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the request body as JSON (application/json).',
        );
      }
    }
    next();
  };
}
