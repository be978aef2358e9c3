/** The named fields of `row`, in the order named: the plain copies of a mapper, written once. */
export function pick<T extends object, const K extends readonly (keyof T)[]>(
  row: T,
  keys: K,
): Pick<T, K[number]> {
  const out = {} as Pick<T, K[number]>;
  for (const k of keys) out[k] = row[k];
  return out;
}
