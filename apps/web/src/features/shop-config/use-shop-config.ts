/**
 * The shop's set-up (docs/security.md): which payment provider takes the money. The server embeds it in every app
 * page's head (`<meta name="shop-config">`), so it is known at the first render and the test-payments notice never
 * shifts the page; GET /api/shop/config (an RTK Query, asked once per page load) is the fallback (the Vite dev
 * server's page has no such meta).
 */
import { useState } from 'react';
import { SHOP_CONFIG_META, type ShopConfigDto } from '@mp/shared';
import { useShopConfigQuery } from '../shop/products-api';

function embeddedShopConfig(): ShopConfigDto | null {
  const content = document.querySelector(`meta[name="${SHOP_CONFIG_META}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = JSON.parse(content) as Partial<ShopConfigDto>;
    return parsed.payments && typeof parsed.payments.testMode === 'boolean'
      ? (parsed as ShopConfigDto)
      : null;
  } catch {
    return null;
  }
}

/** The shop's set-up, or null while loading (or when the server could not be asked). */
export function useShopConfig(): ShopConfigDto | null {
  const [embedded] = useState(embeddedShopConfig);
  const { data } = useShopConfigQuery(undefined, { skip: embedded !== null });
  return embedded ?? data ?? null;
}
