/**
 * Responsive images (docs/images.md). The server stores every uploaded product and banner image as a few widths in
 * WebP plus a fallback (JPEG, or PNG when the image has transparency), under names derived from one main URL:
 *
 *   {dir}/{id}_{W}x{H}.{jpg|png}        main fallback, W×H = the largest stored size (never above 1280 wide)
 *   {dir}/{id}_{W}x{H}.webp             the same in WebP
 *   {dir}/{id}_{W}x{H}_w{w}.{ext|webp}  each smaller width w of IMAGE_WIDTHS
 *
 * So a product or banner keeps one `image` URL, and everything the web needs (srcset, width and height) is read from
 * it here, once. With Cloudinary the main URL is the delivery URL of the original (same name pattern) and the
 * widths are Cloudinary URL transformations (`c_limit,w_…,f_auto,q_auto`). Any other URL (older uploads, links
 * typed by hand) gives only `src`.
 */
import type { ImageVariant } from './image-schemas';

/** the widths stored (or asked of Cloudinary); an image narrower than one of them is never enlarged */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** the largest width stored */
export const IMAGE_MAX_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
/** images with more pixels than this are refused before they are decoded (decompression bombs) */
export const IMAGE_MAX_PIXELS = 50_000_000;

export type ImageFallback = 'jpg' | 'png';

/** `sizes` of the product page's main image; the server preloads the same candidate the page will pick */
export const PRODUCT_IMAGE_SIZES = '(min-width: 992px) 600px, 100vw';

/** `sizes` of a product card's image (grids and home rows) */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 240px, (min-width: 992px) 22vw, (min-width: 640px) 30vw, 50vw';

/** `sizes` of a home banner's picture */
export const BANNER_SIZES_ATTR = '100vw';

/** phones: where a banner's art-directed phone image replaces the wide one */
export const NARROW_SCREEN_MEDIA = '(max-width: 639px)';

const NAME = /^(.*\/)([0-9a-f-]{36})_(\d{1,5})x(\d{1,5})\.([a-z]{3,4})$/i;
const CLOUDINARY = /^(https?:\/\/[^/?#]+\/[^/?#]+\/image\/upload\/)(.+)$/i;

/** the widths stored for an image whose largest size is `width` wide: the standard ones below it, and it */
export function variantWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < width), width];
}

/** the size an image is stored at: at most IMAGE_MAX_WIDTH wide, aspect kept, never enlarged */
export function storedSize(width: number, height: number): { width: number; height: number } {
  if (width <= IMAGE_MAX_WIDTH) return { width, height };
  return { width: IMAGE_MAX_WIDTH, height: Math.max(1, Math.round((height * IMAGE_MAX_WIDTH) / width)) };
}

/** the file name (without folder) of one variant; `w` equal to the stored width is the main file */
export function variantName(
  id: string,
  size: { width: number; height: number },
  format: ImageFallback | 'webp',
  w = size.width,
): string {
  return `${id}_${size.width}x${size.height}${w === size.width ? '' : `_w${w}`}.${format}`;
}

export interface ResponsiveImage {
  /** what `<img src>` gets: the main fallback (or the plain URL) */
  src: string;
  width?: number;
  height?: number;
  /** `<img srcset>`: the fallback format (Cloudinary: automatic format) */
  srcSet?: string;
  /** `<source type="image/webp" srcset>`; absent with Cloudinary (f_auto already serves WebP/AVIF) */
  webpSrcSet?: string;
  variants: ImageVariant[];
}

const srcSetOf = (vs: ImageVariant[]) => vs.map((v) => `${v.url} ${v.width}w`).join(', ');

/** Everything the web needs to show `url` responsively, derived from the URL alone. */
export function responsiveImage(url: string): ResponsiveImage {
  const cloud = CLOUDINARY.exec(url);
  const named = NAME.exec(cloud ? `/${cloud[2]!}` : url);
  if (!named) return { src: url, variants: [] };
  const width = Number(named[3]);
  const height = Number(named[4]);
  if (!width || !height || width > IMAGE_MAX_WIDTH) return { src: url, variants: [] };
  const widths = variantWidths(width);

  if (cloud) {
    const at = (w: number) => `${cloud[1]!}c_limit,w_${w},f_auto,q_auto/${cloud[2]!}`;
    const variants = widths.map((w) => ({ url: at(w), width: w, type: '' }));
    return { src: at(width), width, height, srcSet: srcSetOf(variants), variants };
  }

  const [, dir, id, , , ext] = named;
  const fallback = ext!.toLowerCase();
  if (fallback !== 'jpg' && fallback !== 'png') return { src: url, variants: [] };
  const size = { width, height };
  const list = (format: ImageFallback | 'webp', type: string) =>
    widths.map((w) => ({ url: `${dir!}${variantName(id!, size, format, w)}`, width: w, type }));
  const webp = list('webp', 'image/webp');
  const main = list(fallback, fallback === 'png' ? 'image/png' : 'image/jpeg');
  return {
    src: url,
    width,
    height,
    srcSet: srcSetOf(main),
    webpSrcSet: srcSetOf(webp),
    variants: [...webp, ...main],
  };
}
