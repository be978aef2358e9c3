/** The small HTML pages the payment routes answer to a browser (sandbox approval, gateway checkout). */
import type { Response } from 'express';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1f2937;margin:0}
main{max-width:420px;margin:10vh auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:#6b7280;font-size:.9rem}
.total{font-size:2rem;font-weight:700;margin:20px 0}
form{display:inline-block;margin-right:8px}
button{font-size:1rem;padding:10px 20px;border-radius:8px;border:1px solid #d1d5db;cursor:pointer;background:#fff}
button.primary{background:#0070ba;color:#fff;border-color:#0070ba}
`;

export function sendPage(res: Response, status: number, title: string, body: string, csp?: string): void {
  // a page of its own may need its own policy (the gateway checkout posts to the gateway)
  if (csp) res.setHeader('Content-Security-Policy', csp);
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        // the shop's icon, so the browser never asks for a missing /favicon.ico
        `<link rel="icon" type="image/svg+xml" href="/favicon.svg">` +
        `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}
