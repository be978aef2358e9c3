/** Product builders for the catalog API tests. */
import sharp from 'sharp';
import { toPaise, type ProductInput } from '@mp/shared';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema';

let n = 0;

/** A valid add/edit body (rupees, as the form sends it). */
export const productBody = (overrides: Partial<Record<keyof ProductInput, unknown>> = {}) => ({
  title: `Test product ${++n}`,
  description: 'A product used by the tests',
  category: 'men',
  brand: 'nike',
  price: 999,
  salePrice: 799,
  discount: 10,
  totalStock: 20,
  image: '/uploads/products/test.png',
  ...overrides,
});

export interface ProductSeed {
  title?: string;
  description?: string;
  category?: string;
  brand?: string;
  price?: number;
  salePrice?: number | null;
  discount?: number;
  totalStock?: number;
  sellerId?: string | null;
  /** the pictures in order (default one) */
  images?: string[];
  ratingSum?: number;
  reviewCount?: number;
  unitsSold?: number;
  wishlistCount?: number;
  deleted?: boolean;
}

/** Inserts products straight into the database; answers their ids in order. */
export async function insertProducts(db: Db, seeds: ProductSeed[]): Promise<string[]> {
  if (!seeds.length) return [];
  const rows = await db
    .insert(products)
    .values(
      seeds.map((s) => ({
        title: s.title ?? `Seeded product ${++n}`,
        description: s.description ?? 'Seeded for a test',
        category: s.category ?? 'men',
        brand: s.brand ?? 'nike',
        pricePaise: toPaise(s.price ?? 1000),
        salePricePaise: s.salePrice == null ? null : toPaise(s.salePrice),
        discount: s.discount ?? 0,
        totalStock: s.totalStock ?? 50,
        image: s.images?.[0] ?? '/uploads/products/seed.png',
        images: s.images ?? ['/uploads/products/seed.png'],
        sellerId: s.sellerId ?? null,
        ratingSum: s.ratingSum ?? 0,
        reviewCount: s.reviewCount ?? 0,
        unitsSold: s.unitsSold ?? 0,
        wishlistCount: s.wishlistCount ?? 0,
        deletedAt: s.deleted ? new Date() : null,
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

/** Smallest valid PNG header plus padding, recognised by its magic bytes. */
/** a real single-colour JPEG of that size, made by sharp */
export const jpegBytes = (width: number, height: number, background = '#3366cc'): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** a real 4×4 PNG (the image pipeline decodes uploads), padded with zeros after its end to `size` bytes */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWNgWMWAQMRxABSDCqGtok9GAAAAAElFTkSuQmCC',
  'base64',
);
export const pngBytes = (size = 64): Buffer =>
  size <= TINY_PNG.length
    ? Buffer.from(TINY_PNG)
    : Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length)]);
export const pdfBytes = (): Buffer =>
  Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
