/** The fake gateway's hosted UPI step: a QR on a desktop, intent links to the UPI apps on a phone. */
import { describe, expect, it } from 'vitest';
import { hostedPage, upiIntents } from '../hosted-page';
import type { FakeOrder } from '../index';

const order = { id: 'order_ABC123', amount: 124_950, receipt: 'HM-100234' } as FakeOrder;

describe('the hosted UPI step', () => {
  it('when a phone opens it, then each UPI app has an intent link with the payee, amount, INR and the order', () => {
    const links = upiIntents(order);
    expect(links.map((l) => l.app)).toEqual(['Google Pay', 'PhonePe', 'Paytm', 'Any UPI app']);
    for (const l of links) {
      const q = new URL(l.href.replace(/^[a-z]+:\/\//, 'http://x/')).searchParams;
      expect(Object.fromEntries(q)).toEqual({
        pa: 'fakemerchant@okfake',
        pn: 'Test merchant',
        am: '1249.50',
        cu: 'INR',
        tr: 'order_ABC123',
      });
    }
    expect(links.at(-1)!.href.startsWith('upi://pay?')).toBe(true);
    const html = hostedPage(order, 'upi', {});
    const nav = /<nav class="apps"[^>]*>(.*?)<\/nav>/.exec(html)![1]!;
    expect([...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))).toEqual(
      links.map((l) => l.href),
    );
    // narrow screens see the app links instead of the QR; wide ones the QR
    expect(html).toMatch(/@media \(max-width:640px\)\{\.qr\{display:none\}\.apps\{display:flex\}\}/);
    expect(html).toMatch(/\.apps\{display:none/);
  });

  it('when the method is a card, then there is neither QR nor app links', () => {
    const html = hostedPage(order, 'card', {});
    expect(html).not.toContain('upi-qr');
    expect(html).not.toContain('upi-apps');
  });
});
