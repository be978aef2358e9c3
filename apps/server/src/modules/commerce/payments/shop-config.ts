/**
 * What every page needs to know about the shop's set-up (docs/security.md): which provider takes the money, and
 * whether it is a test (sandbox). Answered by GET /api/shop/config and embedded in every app page's head, so the
 * test-payments notice is there from the first paint instead of pushing the page down later.
 */
import escapeHtml from 'escape-html';
import { SHOP_CONFIG_META, type ShopConfigDto } from '@mp/shared';
import type { Config } from '../../../config/env';

export function shopConfigOf(config: Pick<Config, 'paymentProvider'>): ShopConfigDto {
  return {
    payments: { provider: config.paymentProvider, testMode: config.paymentProvider === 'sandbox' },
  };
}

/** `<meta name="shop-config" content="{json}">` for the app shell's head */
export function shopConfigMeta(config: Pick<Config, 'paymentProvider'>): string {
  return `<meta name="${SHOP_CONFIG_META}" content="${escapeHtml(JSON.stringify(shopConfigOf(config)))}" />`;
}
