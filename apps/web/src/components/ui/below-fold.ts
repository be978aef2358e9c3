/**
 * For content below the first screen: the browser skips its layout and paint until it comes near the viewport
 * (docs/performance.md). Pair it with a literal `[contain-intrinsic-size:auto_…]` class giving its usual size; the
 * browser remembers the real one once drawn.
 */
export const BELOW_FOLD = '[content-visibility:auto]';
