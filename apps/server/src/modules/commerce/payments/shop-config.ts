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

type ShopConfigInput = Pick<Config, 'paymentProvider' | 'razorpay' | 'isProduction' | 'sms' | 'courier'>;

/**
 * Cash on delivery needs the shopper's code by SMS and a courier that collects the cash: in production both must
 * be configured (docs/money.md, "Cash on delivery"); elsewhere the development outbox and the fake courier stand in.
 */
export const codAvailable = (config: Pick<Config, 'isProduction' | 'sms' | 'courier'>): boolean =>
  !config.isProduction || (Boolean(config.sms.apiUrl) && config.courier !== undefined);

export function shopConfigOf(config: ShopConfigInput): ShopConfigDto {
  return {
    payments: {
      provider: config.paymentProvider,
      testMode: config.paymentProvider === 'sandbox',
      methods: offeredMethods(config),
    },
  };
}

/** what checkout offers: the gateway's methods when it is configured (or its local fake), then PayPal */
function offeredMethods(config: ShopConfigInput): CheckoutPaymentMethod[] {
  return [
    ...(config.razorpay ? GATEWAY_PAYMENT_METHODS : []),
    ...(config.paymentProvider === 'none' ? [] : (['paypal'] as const)),
    // cash on delivery is the order's to earn (its eligibility is checked when it is placed)
    ...(codAvailable(config) ? (['cod'] as const) : []),
  ];
}

/** `<meta name="shop-config" content="{json}">` for the app shell's head */
export function shopConfigMeta(config: ShopConfigInput): string {
  return `<meta name="${SHOP_CONFIG_META}" content="${escapeHtml(JSON.stringify(shopConfigOf(config)))}" />`;
}
