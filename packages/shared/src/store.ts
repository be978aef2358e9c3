/**
 * Store pages (docs/seo-and-email.md, "Store pages"): a seller's public page at /shop/store/{slug}, its answer,
 * the seller's own store settings, and the address made from the store name.
 */
import { z } from 'zod';

/** The longest store address made from a name (a clash suffix may follow). */
export const STORE_SLUG_MAX = 60;

/**
 * A store's address from its name: lower case letters and digits, words joined by hyphens ("Banaras Silk House"
 * → "banaras-silk-house"); accents dropped; "store" when nothing is left (a name in another script).
 */
export function storeSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, STORE_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'store';
}

export const storeSlugParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9-]+$/, 'A store address holds letters, digits and hyphens')
    .meta({ description: "the store's address (an older link's seller id is accepted too)" }),
});

/** The pictures a store shows, and the sizes the settings screen recommends (stored through the image pipeline). */
export const STORE_IMAGE_KINDS = ['logo', 'banner'] as const;
export type StoreImageKind = (typeof STORE_IMAGE_KINDS)[number];
export const STORE_IMAGE_SIZES = {
  logo: { width: 400, height: 400, min: { width: 64, height: 64 } },
  banner: { width: 1280, height: 320, min: { width: 640, height: 120 } },
} as const satisfies Record<StoreImageKind, { width: number; height: number; min: object }>;

export const storeImageParamsSchema = z.object({
  kind: z.enum(STORE_IMAGE_KINDS, { message: 'The picture is the logo or the banner' }),
});

/** GET /api/shop/store/{slug}: what the store page shows above its products. */
export const storeDtoSchema = z
  .object({
    _id: z.string().meta({ description: 'the seller id (the listing filters by it: `seller`)' }),
    slug: z.string(),
    storeName: z.string(),
    logo: z.string().nullable(),
    banner: z.string().nullable(),
    sellerSince: z.string().meta({ description: 'when the seller was approved (ISO date-time)' }),
    averageReview: z.number().meta({ description: 'over every review of its live products, 0 without any' }),
    reviewCount: z.number().int(),
    productCount: z.number().int().meta({ description: 'its live products' }),
  })
  .meta({ id: 'Store' });
export type StoreDto = z.infer<typeof storeDtoSchema>;

/** GET /api/seller/store: the seller's own store page settings. */
export const storeSettingsDtoSchema = z
  .object({
    storeName: z.string(),
    slug: z.string(),
    logo: z.string().nullable(),
    banner: z.string().nullable(),
  })
  .meta({ id: 'StoreSettings' });
export type StoreSettingsDto = z.infer<typeof storeSettingsDtoSchema>;
