/** Brands as data (docs/search-and-listing.md, "Brands"): the contract of the brands table and its routes. */
import { z } from 'zod';
import { text } from './api';

export const BRAND_STATUSES = ['active', 'hidden', 'pending'] as const;
export type BrandStatus = (typeof BRAND_STATUSES)[number];

/**
 * A brand name reduced to what tells brands apart: lower case, `&` and the word "and" dropped, then only letters
 * and digits ("H & M", "h&m", "HM" → "hm"; "Levi's", "Levis" → "levis"). Two brands never share one.
 */
export function brandSpelling(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKC')
    .replace(/&/g, ' ')
    .replace(/(^|[^\p{L}\p{N}])and(?=$|[^\p{L}\p{N}])/gu, '$1')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The slug (URL id) of a new brand: lower case, words joined by `-` ("Banaras Weaves" → "banaras-weaves"). */
export function brandSlugOf(label: string): string {
  return label
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}&']+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** A brand's label as typed: 1–60 characters, with at least one letter or digit. */
export const brandLabelSchema = text('Brand', 60).refine(
  (s) => brandSpelling(s).length > 0,
  'Brand must contain a letter or a digit',
);

/** A brand id in a filter or a path: its slug, lower case. */
export const brandIdSchema = z
  .string({ message: 'Brand is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Brand is required')
  .max(80, 'Brand is too long');

export const brandDtoSchema = z
  .object({
    id: z.string().meta({ description: "the brand's slug, as products.brand and the filters hold it" }),
    label: z.string(),
    /** hidden by the admin: its products still show, but no filter or suggestion offers it */
    hidden: z.boolean().optional(),
  })
  .meta({ id: 'Brand', description: 'A brand the shop offers' });
export type BrandDto = z.infer<typeof brandDtoSchema>;

export const adminBrandDtoSchema = brandDtoSchema
  .omit({ hidden: true })
  .extend({
    status: z.enum(BRAND_STATUSES),
    /** the brand this one was merged into (its products moved there; its spelling still finds it) */
    mergedInto: z.string().nullable(),
    /** live products, plus those waiting for this brand to be accepted */
    productCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminBrand', description: 'A brand as the admin console lists it' });
export type AdminBrandDto = z.infer<typeof adminBrandDtoSchema>;

/** POST /api/admin/brands */
export const brandCreateInputSchema = z.object({ label: brandLabelSchema });
export type BrandCreateInput = z.infer<typeof brandCreateInputSchema>;

/**
 * PUT /api/admin/brands/{brandId}: rename (`label`), show or hide (`status` active/hidden; a pending brand made
 * active is accepted), or merge into another brand (`mergeInto`, which moves its products there; a pending brand
 * merged is mapped). One of them per request.
 */
export const brandUpdateInputSchema = z
  .object({
    label: brandLabelSchema.optional(),
    status: z.enum(['active', 'hidden'], { message: 'Status must be active or hidden' }).optional(),
    mergeInto: brandIdSchema.optional(),
  })
  .refine(
    (b) => [b.label, b.status, b.mergeInto].filter((v) => v !== undefined).length === 1,
    'Send exactly one of label, status or mergeInto',
  );
export type BrandUpdateInput = z.infer<typeof brandUpdateInputSchema>;

export const brandIdParamsSchema = z.object({ brandId: brandIdSchema });
