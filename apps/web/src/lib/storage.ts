/** Browser storage (docs/web.md): user and seller in localStorage; currentOrderId and filters in sessionStorage. */
export const STORAGE_KEYS = {
  user: 'user',
  seller: 'seller',
  currentOrderId: 'currentOrderId',
  filters: 'filters',
  sort: 'sort',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function readJson<T>(store: Storage, key: string): T | null {
  return safe(() => {
    const raw = store.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  }, null);
}

export function writeJson(store: Storage, key: string, value: unknown): void {
  safe(() => (value == null ? store.removeItem(key) : store.setItem(key, JSON.stringify(value))), undefined);
}
