/**
 * A seller's tax invoice for its part of an order (docs/tax.md, "Tax invoice"), issued inside the transaction that
 * moves the part to shipping: numbered, its content frozen; the PDF follows by the job (pdf-job.ts), so a PDF
 * failure never holds up the shipment.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  SERVICE_GST_RATE,
  SHIPPING_SAC,
  financialYearOf,
  formatINR,
  formatOrderNumber,
  isIntraState,
  splitInclusive,
  toRupees,
  type TaxSplit,
} from '@mp/shared';
import type { Tx } from '../../db/client';
import { ofSubOrder } from '../../db/sub-order';
import { orderLines, orders, sellerTaxProfiles, taxDocuments } from '../../db/schema';
import {
  contentLine,
  inclusiveLine,
  placeOfSupplyLabel,
  withTotals,
  type ContentLine,
} from './document-content';
import { insertDocumentIn } from './documents.repository';
import { nextNumberIn, sellerSeries } from './numbering';
import { subOrderShipping } from '../delivery/delivery.repository';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/**
 * The shipping charge of one seller's sub-order (docs/tax.md): its own, as checkout charged it per seller
 * (docs/delivery.md). An order placed with delivery off has one order-wide delivery fee: the sub-order of the
 * order's first seller (by id) carries it.
 */
export async function subOrderShippingPaise(tx: Tx, order: OrderRow, sellerId: string): Promise<number> {
  const own = await subOrderShipping(tx, order.id, sellerId);
  if (own?.zone) return own.shippingPaise;
  if (order.shippingPaise === 0) return 0;
  const [first] = await tx
    .select({ sellerId: sql<string>`min(${orderLines.sellerId}::text)` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.sellerId)));
  return first?.sellerId === sellerId ? order.shippingPaise : 0;
}

/** A line's tax as frozen at placement (lines from before the columns: worked out now at 18 %). */
function frozenTax(l: LineRow, intra: boolean): TaxSplit & { rate: number } {
  if (l.taxRate !== null) {
    return {
      rate: l.taxRate,
      taxablePaise: l.taxablePaise,
      cgstPaise: l.cgstPaise,
      sgstPaise: l.sgstPaise,
      igstPaise: l.igstPaise,
    };
  }
  return {
    rate: SERVICE_GST_RATE,
    ...splitInclusive(l.linePricePaise * l.quantity, SERVICE_GST_RATE, intra),
  };
}

function invoiceLines(lines: LineRow[], shippingPaise: number, intra: boolean): ContentLine[] {
  const out = lines.map((l) => {
    const t = frozenTax(l, intra);
    const named = l.variantLabel ? `${l.title} (${l.variantLabel})` : l.title;
    // a seller-funded coupon lowers the seller's price: the invoice says by how much (docs/money.md, "Coupons")
    const description =
      l.sellerDiscountPaise > 0
        ? `${named}, less coupon discount ${formatINR(toRupees(l.sellerDiscountPaise))}`
        : named;
    return contentLine(
      { description, hsn: l.hsn ?? '9999', quantity: l.quantity, rate: t.rate, lineId: l.id },
      t,
    );
  });
  if (shippingPaise > 0) {
    out.push(
      inclusiveLine(
        { description: 'Shipping charge', hsn: SHIPPING_SAC, quantity: 1, rate: SERVICE_GST_RATE },
        shippingPaise,
        intra,
      ),
    );
  }
  return out;
}

/**
 * Issues the tax invoice of `sellerId`'s part of the order, once (answers the existing one after). A seller with
 * no GSTIN issues no tax invoice (it sells only goods at 0 %): answers null.
 */
export async function issueSubOrderInvoiceIn(
  tx: Tx,
  orderId: string,
  sellerId: string,
): Promise<string | null> {
  const [existing] = await tx
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(and(ofSubOrder(taxDocuments, orderId, sellerId), eq(taxDocuments.kind, 'invoice')));
  if (existing) return existing.id;
  const [[profile], [order], lines] = await Promise.all([
    tx.select().from(sellerTaxProfiles).where(eq(sellerTaxProfiles.sellerId, sellerId)),
    tx.select().from(orders).where(eq(orders.id, orderId)),
    tx
      .select()
      .from(orderLines)
      .where(and(ofSubOrder(orderLines, orderId, sellerId), ne(orderLines.status, 'rejected')))
      .orderBy(orderLines.createdAt, orderLines.id),
  ]);
  if (!profile?.gstin || !order || lines.length === 0) return null;
  const intra = isIntraState(profile.state, order.state);
  const now = new Date();
  const fy = financialYearOf(now);
  const number = await nextNumberIn(tx, sellerSeries('invoice', profile.issuerNo), fy);
  const content = withTotals({
    title: 'Tax Invoice',
    number,
    issuedAt: now.toISOString(),
    supplier: {
      name: profile.legalName,
      address: profile.address,
      gstin: profile.gstin,
      state: profile.state,
    },
    recipient: {
      name: order.buyerBusinessName ?? (order.recipientName || order.buyerName),
      address: [order.address, order.landmark, order.city, order.pincode].filter(Boolean).join(', '),
      gstin: order.buyerGstin,
      state: order.state ?? '',
    },
    placeOfSupply: placeOfSupplyLabel(order.state),
    orderNumber: formatOrderNumber(order.orderNumber),
    lines: invoiceLines(lines, await subOrderShippingPaise(tx, order, sellerId), intra),
  });
  const doc = await insertDocumentIn(tx, { kind: 'invoice', fy, sellerId, orderId, content });
  return doc.id;
}
