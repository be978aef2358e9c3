/**
 * Tax on every order line, frozen when the order is placed (docs/tax.md, "A line's tax"): the product's HSN and
 * rate (its category's when the product has none), the place of supply = the delivery address's state, the
 * seller's state of registration. One read for all the lines.
 */
import { inArray } from 'drizzle-orm';
import { lineTaxOf } from '@mp/shared';
import type { Tx } from '../../db/client';
import { products, sellerTaxProfiles } from '../../db/schema';
import { categoryTaxOf } from './product-tax';

interface LineIn {
  productId: string | null;
  sellerId: string | null;
  linePricePaise: number;
  quantity: number;
  /** the seller-funded coupon share (docs/money.md, "Coupons"): it lowers the taxable value */
  sellerDiscountPaise?: number;
}

/** The lines with their tax columns, on the seller's price: gross − the seller-funded discount. */
export async function withLineTax<L extends LineIn>(tx: Tx, placeOfSupply: string | null, lines: L[]) {
  const productIds = [...new Set(lines.map((l) => l.productId).filter((x): x is string => !!x))];
  const sellerIds = [...new Set(lines.map((l) => l.sellerId).filter((x): x is string => !!x))];
  const [rows, profiles] = await Promise.all([
    productIds.length
      ? tx
          .select({ id: products.id, category: products.category, hsn: products.hsn, rate: products.gstRate })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
    sellerIds.length
      ? tx
          .select({ sellerId: sellerTaxProfiles.sellerId, state: sellerTaxProfiles.state })
          .from(sellerTaxProfiles)
          .where(inArray(sellerTaxProfiles.sellerId, sellerIds))
      : [],
  ]);
  const byProduct = new Map(rows.map((r) => [r.id, r]));
  const stateOf = new Map(profiles.map((p) => [p.sellerId, p.state]));
  return lines.map((l) => {
    const p = l.productId ? byProduct.get(l.productId) : undefined;
    const fallback = categoryTaxOf(p?.category ?? '');
    const rate = p?.rate ?? fallback.gstRate;
    const t = lineTaxOf({
      grossPaise: l.linePricePaise * l.quantity,
      sellerDiscountPaise: l.sellerDiscountPaise ?? 0,
      ratePercent: rate,
      sellerState: (l.sellerId && stateOf.get(l.sellerId)) || null,
      placeOfSupply,
    });
    return {
      ...l,
      sellerDiscountPaise: l.sellerDiscountPaise ?? 0,
      taxRate: rate,
      hsn: p?.hsn ?? fallback.hsn,
      taxablePaise: t.taxablePaise,
      cgstPaise: t.cgstPaise,
      sgstPaise: t.sgstPaise,
      igstPaise: t.igstPaise,
      tcsPaise: t.tcsPaise,
      tdsPaise: t.tdsPaise,
    };
  });
}
