/**
 * The shop's set-up (docs/security.md): which payment provider takes the money. The server embeds it in every app
 * page's head (`<meta name="shop-config">`), so it is known at the first render and the test-payments notice never
 * shifts the page; GET /api/shop/config is the fallback (the Vite dev server's page has no such meta).
 */
import { useEffect, useState } from 'react';
import { SHOP_CONFIG_META, type ShopConfigDto } from '@mp/shared';
import { api } from '../../lib/api-client';

let pending: Promise<ShopConfigDto | null> | undefined;
let known: ShopConfigDto | null | undefined;

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

function loadShopConfig(): Promise<ShopConfigDto | null> {
  pending ??= api
    .get<{ data: ShopConfigDto }>('/api/shop/config')
    .then((r) => (known = r.data.data))
    .catch(() => {
      pending = undefined; // try again on the next page that asks
      return null;
    });
  return pending;
}

/** The shop's set-up, or null while loading (or when the server could not be asked). */
export function useShopConfig(): ShopConfigDto | null {
  const [config, setConfig] = useState<ShopConfigDto | null>(
    () => (known ??= embeddedShopConfig() ?? undefined) ?? null,
  );
  useEffect(() => {
    if (config) return;
    let live = true;
    void loadShopConfig().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, [config]);
  return config;
}

/** for tests: forget the answer so the next render asks again */
export function resetShopConfig(): void {
  pending = undefined;
  known = undefined;
}
