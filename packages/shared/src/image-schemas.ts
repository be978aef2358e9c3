/**
 * The zod schemas of stored images (docs/images.md). Kept apart from images.ts, whose helpers the storefront's
 * first chunk uses: a module with top-level zod calls cannot be tree-shaken, and would pull zod into every page.
 */
import { z } from 'zod';

export const imageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  /** image/webp, image/jpeg or image/png; empty for Cloudinary (f_auto picks the format per browser) */
  type: z.string(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/**
 * `result` of POST /api/admin/products/upload-image: `url` (the field clients have always read) plus sizes and
 * variants (docs/images.md)
 */
export const uploadedImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(imageVariantSchema),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
