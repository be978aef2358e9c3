/** Product and banner pictures drawn locally as SVG: no network, a few hundred bytes each. */
import { createHash } from 'node:crypto';

const PALETTES = [
  ['#fde68a', '#f59e0b'],
  ['#bfdbfe', '#3b82f6'],
  ['#c7d2fe', '#6366f1'],
  ['#fbcfe8', '#ec4899'],
  ['#bbf7d0', '#22c55e'],
  ['#fecaca', '#ef4444'],
  ['#e9d5ff', '#a855f7'],
  ['#a5f3fc', '#06b6d4'],
  ['#fed7aa', '#f97316'],
] as const;

/** a simple pictogram per category, drawn in a 200×200 box */
const GLYPHS: Record<string, string> = {
  men: '<path d="M60 40h80l30 30-20 20-10-10v90H60V80L50 90 30 70z"/>',
  women: '<path d="M80 30h40l10 40 30 100H40l30-100z"/>',
  kids: '<circle cx="100" cy="70" r="30"/><rect x="70" y="105" width="60" height="70" rx="18"/>',
  accessories:
    '<circle cx="100" cy="100" r="45" fill="none" stroke-width="14"/><rect x="88" y="30" width="24" height="30"/><rect x="88" y="140" width="24" height="30"/>',
  footwear: '<path d="M30 130c30 0 50-40 60-60l30 20c10 10 40 20 60 30v30H30z"/>',
  mobile:
    '<rect x="65" y="25" width="70" height="150" rx="12"/><rect x="75" y="40" width="50" height="110" fill="#fff" opacity=".6"/>',
  appliances:
    '<rect x="50" y="25" width="100" height="150" rx="10"/><circle cx="100" cy="110" r="32" fill="#fff" opacity=".6"/>',
  electronics:
    '<rect x="30" y="45" width="140" height="90" rx="8"/><rect x="80" y="140" width="40" height="12"/><rect x="60" y="152" width="80" height="8"/>',
  fashion: '<path d="M70 40h60l-10 30 40 100H40l40-100z"/>',
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function paletteFor(seed: string) {
  const n = createHash('sha1').update(seed).digest()[0]! % PALETTES.length;
  return PALETTES[n]!;
}

/** the extra views some demo products get, so the product page shows a gallery (docs/images.md) */
export const PRODUCT_VIEWS = ['front', 'side', 'detail'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

/** how each view places the pictogram: the side view turned, the detail view close up */
const VIEW_TRANSFORM: Record<ProductView, string> = {
  front: 'translate(100 70)',
  side: 'translate(300 70) scale(-1 1) rotate(-12 100 100)',
  detail: 'translate(-60 -90) scale(2.2)',
};

export function productSvg(p: {
  title: string;
  category: string;
  brandLabel: string;
  view?: ProductView;
}): string {
  const view = p.view ?? 'front';
  const [light, dark] = paletteFor(p.title);
  const glyph = GLYPHS[p.category] ?? GLYPHS.fashion!;
  const title = escapeXml(p.title.length > 26 ? `${p.title.slice(0, 25)}…` : p.title);
  const label = view === 'front' ? p.title : `${p.title} (${view} view)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<g transform="${VIEW_TRANSFORM[view]}" fill="${dark}" stroke="${dark}">${glyph}</g>
<text x="200" y="320" font-family="system-ui,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="#1f2937">${escapeXml(p.brandLabel)}</text>
<text x="200" y="356" font-family="system-ui,sans-serif" font-size="18" text-anchor="middle" fill="#374151">${title}</text>
</svg>`;
}

/** A banner picture; with `textless`, only the art: the banner's message is then overlaid as HTML by the shop. */
export function bannerSvg(
  b: { heading: string; sub: string; seed: string },
  opts: { textless?: boolean } = {},
): string {
  const [light, dark] = paletteFor(b.seed);
  const text = opts.textless
    ? ''
    : `<text x="120" y="230" font-family="system-ui,sans-serif" font-size="84" font-weight="800" fill="#ffffff">${escapeXml(b.heading)}</text>
<text x="124" y="310" font-family="system-ui,sans-serif" font-size="40" fill="#ffffff">${escapeXml(b.sub)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 500" width="1600" height="500" role="img" aria-label="${escapeXml(b.heading)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="1600" height="500" fill="url(#g)"/>
<circle cx="1300" cy="250" r="190" fill="#ffffff" opacity=".25"/><circle cx="1420" cy="120" r="90" fill="#ffffff" opacity=".2"/>
${text}
</svg>`;
}

/** A demo store's logo: its initials on a round badge in the store's colours (400 × 400, the recommended size). */
export function storeLogoSvg(storename: string): string {
  const [light, dark] = paletteFor(storename);
  const initials = storename
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(storename)}">
<rect width="400" height="400" fill="#ffffff"/>
<circle cx="200" cy="200" r="180" fill="${dark}"/><circle cx="200" cy="200" r="150" fill="${light}" opacity=".35"/>
<text x="200" y="245" text-anchor="middle" font-family="system-ui,sans-serif" font-size="140" font-weight="800" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}
