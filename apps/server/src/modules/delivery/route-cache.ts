/**
 * What the estimate reads from the courier and the database, kept in memory (docs/delivery.md, "Estimate"):
 * the courier's answer per seller and PIN code, and the holidays. Its dependencies are explicit: a `delivery`
 * change naming a seller (its pickup settings) drops that seller's routes; one without (the holidays) drops the
 * holidays; any entry also ends after `ttlMs`, so a courier's own change is heard within it.
 */
import type { ChangeFeed } from '../../lib/change-feed';
import type { Serviceability } from './courier-provider';

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

export function createRouteCache(changes: ChangeFeed, opts: { ttlMs: number; maxEntries: number }) {
  const routes = new Map<string, Entry<Serviceability>>();
  let holidays: Entry<ReadonlySet<string>> | undefined;

  changes.subscribe((c) => {
    if (c.type !== 'delivery') return;
    if (!c.sellerId) {
      holidays = undefined;
      return;
    }
    for (const key of routes.keys()) if (key.startsWith(`${c.sellerId}:`)) routes.delete(key);
  });

  function cached<T>(entry: Entry<T> | undefined, load: () => Promise<T>, keep: (e: Entry<T>) => void) {
    const now = Date.now();
    if (entry && entry.expiresAt > now) return entry.value;
    const value = load();
    const fresh = { value, expiresAt: now + opts.ttlMs };
    keep(fresh);
    // a failed load is not kept: the next caller asks again
    value.catch(() => undefined);
    return value;
  }

  return {
    /** the courier's answer for a seller's parcels to a PIN code (`seller` is the seller id, or "platform") */
    route(seller: string, pincode: string, load: () => Promise<Serviceability>): Promise<Serviceability> {
      const key = `${seller}:${pincode}`;
      return cached(routes.get(key), load, (e) => {
        if (routes.size >= opts.maxEntries) routes.delete(routes.keys().next().value!);
        routes.set(key, e);
        e.value.catch(() => routes.delete(key));
      });
    },
    holidays(load: () => Promise<ReadonlySet<string>>): Promise<ReadonlySet<string>> {
      return cached(holidays, load, (e) => {
        holidays = e;
        e.value.catch(() => (holidays = undefined));
      });
    },
    get size() {
      return routes.size;
    },
  };
}
export type RouteCache = ReturnType<typeof createRouteCache>;
