/**
 * A product's tax data (docs/tax.md, "Products"): its HSN code and GST rate, the category's defaults when the
 * input leaves them out, and the rule that only a seller with a GSTIN lists goods taxed above 0 %.
 */
import { eq } from 'drizzle-orm';
import { CATEGORY_TAX_DEFAULTS, type ProductInput } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { sellerTaxProfiles } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** The category's HSN and rate; a product of an unknown category (old rows) is taxed at 18 %. */
export const categoryTaxOf = (category: string) =>
  CATEGORY_TAX_DEFAULTS[category as keyof typeof CATEGORY_TAX_DEFAULTS] ?? { hsn: '9999', gstRate: 18 };

/** The product row's tax columns: what the input says, else (new products) the category's defaults. */
export function taxColumnsOf(input: Pick<ProductInput, 'category' | 'hsn' | 'gstRate'>, isNew: boolean) {
  const fallback = categoryTaxOf(input.category);
  if (isNew) return { hsn: input.hsn ?? fallback.hsn, gstRate: input.gstRate ?? fallback.gstRate };
  return {
    ...(input.hsn !== undefined ? { hsn: input.hsn } : {}),
    ...(input.gstRate !== undefined ? { gstRate: input.gstRate } : {}),
  };
}

/** 409 GSTIN_REQUIRED: a seller without a GSTIN may only list goods at 0 % (docs/tax.md). */
export async function assertMayListTaxable(tx: DbOrTx, sellerId: string | null, gstRate: number | undefined) {
  if (!sellerId || !gstRate) return;
  const [p] = await tx
    .select({ gstin: sellerTaxProfiles.gstin })
    .from(sellerTaxProfiles)
    .where(eq(sellerTaxProfiles.sellerId, sellerId));
  if (p?.gstin) return;
  throw new AppError(
    409,
    'GSTIN_REQUIRED',
    `Goods taxed at ${gstRate} % need a GSTIN: add it to your tax profile, or list goods at 0 %`,
    { formErrors: [], fieldErrors: { gstRate: ['A GSTIN is needed for goods taxed above 0 %'] } },
  );
}
