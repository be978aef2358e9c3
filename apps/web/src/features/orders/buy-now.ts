/**
 * Buy now (docs/orders-and-stock.md): BUY NOW opens checkout for that one product and quantity; the order is
 * placed with `buyNow` and the cart stays as it was. The item travels in the checkout URL, so a reload or the
 * way back from login keeps it.
 */
import { LIMITS } from '@mp/shared/constants';

export interface BuyNowItem {
  productId: string;
  /** the size/colour chosen on the product page (products with options) */
  variantId?: string;
  quantity: number;
}

export const buyNowPath = (productId: string, quantity = 1, variantId?: string) =>
  `/shop/checkout?buyNow=${encodeURIComponent(productId)}&qty=${quantity}${
    variantId ? `&variant=${encodeURIComponent(variantId)}` : ''
  }`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The buy-now item named by checkout's URL, or null (a cart checkout). A bad quantity reads as 1. */
export function readBuyNow(params: URLSearchParams): BuyNowItem | null {
  const productId = params.get('buyNow');
  if (!productId || !UUID.test(productId)) return null;
  const q = Number(params.get('qty') ?? '1');
  const quantity = Number.isInteger(q) && q >= 1 && q <= LIMITS.cartQuantityMax ? q : 1;
  const variantId = params.get('variant');
  return variantId && UUID.test(variantId) ? { productId, variantId, quantity } : { productId, quantity };
}
