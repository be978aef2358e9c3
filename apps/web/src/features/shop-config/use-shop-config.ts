/** GET /api/shop/config once per page load: which payment provider takes the money (docs/security.md). */
import { useEffect, useState } from 'react';
import type { ShopConfigDto } from '@mp/shared';
import { api } from '../../lib/api-client';

let pending: Promise<ShopConfigDto | null> | undefined;

function loadShopConfig(): Promise<ShopConfigDto | null> {
  pending ??= api
    .get<{ data: ShopConfigDto }>('/api/shop/config')
    .then((r) => r.data.data)
    .catch(() => {
      pending = undefined; // try again on the next page that asks
      return null;
    });
  return pending;
}

/** The shop's set-up, or null while loading (or when the server could not be asked). */
export function useShopConfig(): ShopConfigDto | null {
  const [config, setConfig] = useState<ShopConfigDto | null>(null);
  useEffect(() => {
    let live = true;
    void loadShopConfig().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** for tests: forget the answer so the next render asks again */
export function resetShopConfig(): void {
  pending = undefined;
}
