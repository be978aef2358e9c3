/** The fake gateway's hosted checkout: what a shopper sees instead of Razorpay's page (offline, test money). */
import type { FakeOrder } from './index';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;background:#eef2f7;margin:0}
main{max-width:420px;margin:8vh auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
.total{font-size:2rem;font-weight:700;margin:16px 0}.muted{color:#6b7280;font-size:.9rem}
.qr{font-family:monospace;font-size:.75rem;word-break:break-all;border:6px solid #111;padding:12px;margin:12px 0}
form{display:inline-block;margin-right:8px}button{font-size:1rem;padding:10px 20px;border-radius:8px;cursor:pointer}
.ok{background:#0a7d32;color:#fff;border:0}.no{background:#fff;border:1px solid #d1d5db}
.apps{display:none;gap:8px;flex-direction:column;margin:12px 0}
.apps a{display:block;padding:12px;border:1px solid #d1d5db;border-radius:8px;color:#111;text-decoration:none;text-align:center}
@media (max-width:640px){.qr{display:none}.apps{display:flex}}`;

/**
 * UPI intent links for a phone (NPCI's `upi://pay` deep link; each app's own scheme opens it directly): the payee,
 * amount in rupees, INR and the gateway order as the transaction reference.
 */
export function upiIntents(order: Pick<FakeOrder, 'id' | 'amount'>): { app: string; href: string }[] {
  const query = new URLSearchParams({
    pa: 'fakemerchant@okfake',
    pn: 'Test merchant',
    am: (order.amount / 100).toFixed(2),
    cu: 'INR',
    tr: order.id,
  }).toString();
  return [
    { app: 'Google Pay', href: `tez://upi/pay?${query}` },
    { app: 'PhonePe', href: `phonepe://pay?${query}` },
    { app: 'Paytm', href: `paytmmp://pay?${query}` },
    { app: 'Any UPI app', href: `upi://pay?${query}` },
  ];
}

/** The page for one gateway order: the UPI QR (desktop) or app buttons (phone), or a card/netbanking form. */
export function hostedPage(order: FakeOrder, method: string, query: Record<string, string>): string {
  const rupees = `₹${(order.amount / 100).toFixed(2)}`;
  const hidden = (outcome: string) =>
    ['order_id', 'key_id', 'callback_url']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(query[k] ?? '')}">`)
      .concat(
        `<input type="hidden" name="method" value="${escapeHtml(method)}">`,
        `<input type="hidden" name="outcome" value="${outcome}">`,
      )
      .join('');
  const intents = upiIntents(order);
  const upiUri = intents.at(-1)!.href;
  const body =
    method === 'upi'
      ? `<p class="muted">Scan with any UPI app, or on a phone pick your app.</p>` +
        `<div class="qr" data-testid="upi-qr" aria-label="UPI QR code">${escapeHtml(upiUri)}</div>` +
        `<nav class="apps" data-testid="upi-apps" aria-label="Pay with a UPI app">` +
        intents.map((i) => `<a href="${escapeHtml(i.href)}">${escapeHtml(i.app)}</a>`).join('') +
        `</nav>`
      : `<p class="muted">${method === 'netbanking' ? 'Choose your bank' : 'Card details'} (test mode: nothing to type)</p>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Test payment gateway</title><style>${STYLE}</style></head><body><main>` +
    `<h1>Test payment gateway</h1><p class="muted">No real money moves. Order ${escapeHtml(order.receipt ?? order.id)}</p>` +
    `<p class="total" data-testid="gateway-total">${rupees}</p>${body}` +
    `<form method="post" action="/v1/checkout/decide">${hidden('succeed')}<button class="ok" type="submit">Succeed</button></form>` +
    `<form method="post" action="/v1/checkout/decide">${hidden('fail')}<button class="no" type="submit">Fail</button></form>` +
    `</main></body></html>`
  );
}

/** Razorpay's redirect mode: the result is posted to the shop's callback URL by a self-submitting form. */
export function returnForm(callbackUrl: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Returning to the shop</title></head><body>` +
    `<form id="back" method="post" action="${escapeHtml(callbackUrl)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>` +
    `<script>document.getElementById('back').submit()</script></body></html>`
  );
}
