/**
 * What every page needs to know about the shop's set-up (docs/security.md): which provider takes the money, and
 * whether it is a test (sandbox). Answered by GET /api/shop/config and embedded in every app page's head, so the
 * test-payments notice is there from the first paint instead of pushing the page down later.
 */
import escapeHtml from 'escape-html';
import {
  GATEWAY_PAYMENT_METHODS,
  SHOP_CONFIG_META,
  type CheckoutPaymentMethod,
  type ShopConfigDto,
} from '@mp/shared';
import type { Config } from '../../../config/env';

export function shopConfigOf(config: Pick<Config, 'paymentProvider' | 'razorpay'>): ShopConfigDto {
  return {
    payments: {
      provider: config.paymentProvider,
      testMode: config.paymentProvider === 'sandbox',
      methods: offeredMethods(config),
    },
  };
}

/** what checkout offers: the gateway's methods when it is configured (or its local fake), then PayPal */
function offeredMethods(config: Pick<Config, 'paymentProvider' | 'razorpay'>): CheckoutPaymentMethod[] {
  return [
    ...(config.razorpay ? GATEWAY_PAYMENT_METHODS : []),
    ...(config.paymentProvider === 'none' ? [] : (['paypal'] as const)),
    // cash on delivery is the order's to earn (its eligibility is checked when it is placed)
    'cod' as const,
  ];
}

/** `<meta name="shop-config" content="{json}">` for the app shell's head */
export function shopConfigMeta(config: Pick<Config, 'paymentProvider' | 'razorpay'>): string {
  return `<meta name="${SHOP_CONFIG_META}" content="${escapeHtml(JSON.stringify(shopConfigOf(config)))}" />`;
}
