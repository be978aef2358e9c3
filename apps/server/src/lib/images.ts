/**
 * The image pipeline (docs/images.md): product and banner images are checked (pixel limit before decoding, so a
 * decompression bomb is refused with 422), turned upright from their EXIF orientation, stripped of all metadata,
 * and stored through the configured FileStorage as WebP plus a fallback (JPEG; PNG when the image has
 * transparency) at each width of IMAGE_WIDTHS below the image's own (never enlarged, at most 1280 wide). The
 * names follow packages/shared/src/images.ts, so the main URL alone tells the web every variant and the size.
 * With Cloudinary nothing is resized here: the original is uploaded under a name carrying its size, and Cloudinary
 * URL transformations deliver the widths (and strip metadata).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  IMAGE_MAX_PIXELS,
  responsiveImage,
  storedSize,
  variantName,
  variantWidths,
  type UploadedImage,
} from '@mp/shared';
import { AppError } from './errors';
import type { FileStorage, StoredFile } from './storage/storage';

/** one image decoded at a time per process: each holds up to a few tens of MB while it is resized */
sharp.concurrency(1);
sharp.cache(false);

export type ImageSource = { path: string } | { buffer: Buffer };

const unreadable = () =>
  new AppError(
    400,
    'UNSUPPORTED_FILE',
    'Unsupported file: the image could not be read (damaged or not an image)',
  );

const tooLarge = (w: number, h: number) =>
  new AppError(
    422,
    'IMAGE_TOO_LARGE',
    `The image is ${w}×${h} pixels; images may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
  );

const tooSmall = (w: number, h: number, min: { width: number; height: number }) =>
  new AppError(
    422,
    'IMAGE_TOO_SMALL',
    `The image is ${w}×${h} pixels; it must be at least ${min.width}×${min.height}`,
    undefined,
    { width: w, height: h, min },
  );

const input = (src: ImageSource) => ('path' in src ? src.path : src.buffer);

/** width and height as shown (EXIF orientations 5–8 swap them), read from the header only */
async function checkedSize(src: ImageSource): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input(src), { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const { width, height } = meta;
  if (!width || !height) throw unreadable();
  if (width * height > IMAGE_MAX_PIXELS) throw tooLarge(width, height);
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

async function storeAll(
  storage: FileStorage,
  files: { name: string; ext: string; mime: string; buffer: Buffer }[],
  folder: string,
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const f of files) stored.push(await storage.save({ ...f, folder }));
    return stored;
  } catch (err) {
    // never leave a half set of variants behind
    await Promise.all(stored.map((s) => storage.remove?.(s.key).catch(() => undefined)));
    throw err;
  }
}

/**
 * Stores one image through the pipeline and answers its main URL, size and variants. Uploads are recognised by
 * content before they get here (PNG, JPEG, GIF, WebP); the seed also passes its SVG demo pictures.
 */
export async function storeImage(
  storage: FileStorage,
  src: ImageSource,
  opts: { folder: string; minSize?: { width: number; height: number } },
): Promise<UploadedImage> {
  const shown = await checkedSize(src);
  const min = opts.minSize;
  if (min && (shown.width < min.width || shown.height < min.height))
    throw tooSmall(shown.width, shown.height, min);
  const size = storedSize(shown.width, shown.height);
  const id = randomUUID();
  const stem = (format: 'jpg' | 'png' | 'webp', w?: number) =>
    variantName(id, size, format, w).replace(/\.\w+$/, '');

  if (storage.kind === 'cloudinary') {
    const meta = { ext: 'img', mime: 'application/octet-stream', folder: opts.folder, name: stem('jpg') };
    const stored =
      'path' in src && storage.saveFile
        ? await storage.saveFile({ ...meta, path: src.path, size: 0 })
        : await storage.save({ ...meta, buffer: 'buffer' in src ? src.buffer : await readFile(src.path) });
    return answer(stored.url, size);
  }

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input(src), { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate() // upright from EXIF; output carries no metadata at all
      .resize({ width: size.width, height: size.height, fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
  const fallback = isOpaque(pixels.data) ? 'jpg' : 'png';

  const files: { name: string; ext: string; mime: string; buffer: Buffer }[] = [];
  for (const w of variantWidths(size.width)) {
    const at = () => {
      const img = sharp(pixels.data, { raw });
      return w === size.width ? img : img.resize({ width: w });
    };
    files.push({
      name: stem('webp', w),
      ext: 'webp',
      mime: 'image/webp',
      buffer: await at().webp({ quality: 80 }).toBuffer(),
    });
    files.push(
      fallback === 'jpg'
        ? {
            name: stem('jpg', w),
            ext: 'jpg',
            mime: 'image/jpeg',
            buffer: await at().removeAlpha().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
          }
        : {
            name: stem('png', w),
            ext: 'png',
            mime: 'image/png',
            buffer: await at().png({ compressionLevel: 9 }).toBuffer(),
          },
    );
  }
  // the main fallback last: it is the URL a product refers to, so it exists only once all others do
  const main = files.findIndex((f) => f.ext === fallback && f.name === stem(fallback));
  files.push(...files.splice(main, 1));
  const stored = await storeAll(storage, files, opts.folder);
  return answer(stored.at(-1)!.url, size);
}

/** every pixel of an RGBA buffer fully opaque (a plain scan: much cheaper than sharp's stats()) */
function isOpaque(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

function answer(url: string, size: { width: number; height: number }): UploadedImage {
  const r = responsiveImage(url);
  return { url, width: r.width ?? size.width, height: r.height ?? size.height, variants: r.variants };
}
