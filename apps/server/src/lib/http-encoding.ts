/** Content negotiation for the encodings this server pre-computes (brotli, gzip). */
export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts among those available (brotli first), honouring q-values. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: Set<Encoding>,
): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return (['br', 'gzip'] as const).find(
    (e) => available.has(e) && (accepted.get(e) ?? accepted.get('*') ?? 0) > 0,
  );
}
