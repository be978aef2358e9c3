/**
 * A product's own package (docs/delivery.md, "Weight and the shipping charge"): the weight and box its form or
 * the bulk upload gave; null is none (its category's default), absent leaves the stored figure on an edit.
 */
import { PACKAGE_FIELDS, type ProductInput } from '@mp/shared';

type PackageColumns = Partial<Record<(typeof PACKAGE_FIELDS)[number], number | null>>;

export function packageColumnsOf(input: Pick<ProductInput, (typeof PACKAGE_FIELDS)[number]>): PackageColumns {
  const out: PackageColumns = {};
  for (const k of PACKAGE_FIELDS) if (input[k] !== undefined) out[k] = input[k];
  return out;
}
