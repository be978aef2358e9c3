/**
 * Credit notes (docs/tax.md, "Credit notes"): a refund decided after an order part was invoiced gets, in the same
 * transaction, a credit note per invoice it reaches, each referencing its invoice. The refund is laid over the
 * invoices in order, each up to what is left of it after earlier credit notes, and inside an invoice over its
 * lines in order (a return's refund names its lines instead); a line with a platform-funded discount is credited
 * the part of its seller price that the paid amount stands for (sellerPartOfRefund, as the seller ledger). Each
 * piece is taxed at its line's rate, so the note's taxes add up to its amount exactly.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { financialYearOf, isIntraState, linePaidOf, lineSellerValueOf, sellerPartOfRefund } from '@mp/shared';
import type { Tx } from '../../db/client';
import { orderLines, sellerTaxProfiles, taxDocuments } from '../../db/schema';
import { inclusiveLine, withTotals, type ContentLine, type DocumentContent } from './document-content';
import { insertDocumentIn, type TaxDocumentRow } from './documents.repository';
import { nextNumberIn, sellerSeries } from './numbering';

/** A content line's key: its order line's id, else (shipping, older documents) its description and rate. */
const keyOf = (l: ContentLine) => l.lineId ?? `${l.description}|${l.rate}`;

/** What is left to credit of each line of an invoice, after the credit notes already issued against it. */
function leftOfLines(invoice: TaxDocumentRow, notes: TaxDocumentRow[]): number[] {
  const credited = new Map<string, number>();
  for (const n of notes.filter((n) => n.invoiceId === invoice.id))
    for (const l of (n.content as DocumentContent).lines)
      credited.set(keyOf(l), (credited.get(keyOf(l)) ?? 0) + l.totalPaise);
  return (invoice.content as DocumentContent).lines.map((l) => {
    const used = Math.min(credited.get(keyOf(l)) ?? 0, l.totalPaise);
    credited.set(keyOf(l), (credited.get(keyOf(l)) ?? 0) - used);
    return l.totalPaise - used;
  });
}

/** An order line's seller price, what the shopper paid for it, and what was refunded of that before this refund. */
interface PaidLine {
  sellerValuePaise: number;
  paidPaise: number;
  refundedBeforePaise: number;
}

/**
 * The order's lines that a platform-funded discount made cheaper for the shopper than their seller price (by id):
 * a refund of a paid amount credits more of them than it gives back.
 */
async function discountedLinesOf(tx: Tx, orderId: string): Promise<Map<string, PaidLine>> {
  const rows = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return new Map(
    rows
      .filter((l) => l.platformDiscountPaise > 0)
      .map((l) => [
        l.id,
        {
          sellerValuePaise: lineSellerValueOf(l),
          paidPaise: linePaidOf(l),
          refundedBeforePaise: l.refundedPaise,
        },
      ]),
  );
}

/**
 * How much of each invoice line a refund credits, and how much of the refund it took: the paid `amount` laid over
 * the lines in order — a line with a platform-funded discount takes up to what is left of its paid share and is
 * credited the seller value that stands for (docs/tax.md, "Credit notes") — or, for a refund of known lines (a
 * return), each named line's own amount (its seller value).
 */
function takesOf(
  invoice: TaxDocumentRow,
  left: number[],
  amount: number | ReadonlyMap<string, number>,
  discounted: ReadonlyMap<string, PaidLine>,
): { takes: number[]; paid: number } {
  const lines = (invoice.content as DocumentContent).lines;
  if (typeof amount !== 'number') {
    const takes = lines.map((l, i) => Math.min(l.lineId ? (amount.get(l.lineId) ?? 0) : 0, left[i]!));
    return { takes, paid: takes.reduce((a, b) => a + b, 0) };
  }
  let rest = amount;
  const takes = left.map((l, i) => {
    const d = lines[i]!.lineId ? discounted.get(lines[i]!.lineId!) : undefined;
    if (!d) {
      const take = Math.min(rest, l);
      rest -= take;
      return take;
    }
    const paid = Math.min(rest, Math.max(0, d.paidPaise - d.refundedBeforePaise));
    rest -= paid;
    return Math.min(l, sellerPartOfRefund({ ...d, refundPaise: paid }));
  });
  return { takes, paid: amount - rest };
}

function notePieces(invoice: TaxDocumentRow, takes: number[], intra: boolean) {
  const out: ContentLine[] = [];
  (invoice.content as DocumentContent).lines.forEach((l, i) => {
    const take = takes[i]!;
    if (take <= 0) return;
    const base = { description: l.description, hsn: l.hsn, quantity: l.quantity, rate: l.rate };
    out.push(inclusiveLine(l.lineId ? { ...base, lineId: l.lineId } : base, take, intra));
  });
  return out;
}

/**
 * Issues the credit notes of a refund of `amount` of the order (paise, or each named order line's amount); answers
 * their ids (none before invoicing).
 */
export async function issueCreditNotesIn(
  tx: Tx,
  orderId: string,
  refundId: string,
  amount: number | ReadonlyMap<string, number>,
  reason: string,
  /** only this seller's invoice (a return's refund is one seller's sub-order; docs/returns.md) */
  sellerId?: string | null,
): Promise<string[]> {
  const docs = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), inArray(taxDocuments.kind, ['invoice', 'creditNote'])))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number));
  const invoices = docs.filter((d) => d.kind === 'invoice' && (!sellerId || d.sellerId === sellerId));
  if (invoices.length === 0) return [];
  const notes = docs.filter((d) => d.kind === 'creditNote');
  const profiles = await tx
    .select()
    .from(sellerTaxProfiles)
    .where(
      inArray(
        sellerTaxProfiles.sellerId,
        invoices.map((i) => i.sellerId),
      ),
    );
  const discounted = typeof amount === 'number' ? await discountedLinesOf(tx, orderId) : new Map();
  const ids: string[] = [];
  let rest = typeof amount === 'number' ? amount : Infinity;
  for (const invoice of invoices) {
    const left = leftOfLines(invoice, notes);
    const { takes, paid } = takesOf(invoice, left, typeof amount === 'number' ? rest : amount, discounted);
    if (takes.reduce((a, b) => a + b, 0) <= 0) continue;
    rest -= paid;
    const profile = profiles.find((p) => p.sellerId === invoice.sellerId)!;
    ids.push(await issueOne(tx, { invoice, refundId, reason, takes, issuerNo: profile.issuerNo }));
  }
  return ids;
}

async function issueOne(
  tx: Tx,
  a: {
    invoice: TaxDocumentRow;
    refundId: string;
    reason: string;
    takes: number[];
    issuerNo: number;
  },
): Promise<string> {
  const inv = a.invoice.content as DocumentContent;
  const intra = isIntraState(inv.supplier.state, inv.recipient.state || null);
  const now = new Date();
  const fy = financialYearOf(now);
  const content = withTotals({
    title: 'Credit Note',
    number: await nextNumberIn(tx, sellerSeries('creditNote', a.issuerNo), fy),
    issuedAt: now.toISOString(),
    supplier: inv.supplier,
    recipient: inv.recipient,
    placeOfSupply: inv.placeOfSupply,
    ...(inv.orderNumber ? { orderNumber: inv.orderNumber } : {}),
    reference: { number: inv.number, issuedAt: inv.issuedAt },
    reason: a.reason,
    lines: notePieces(a.invoice, a.takes, intra),
  });
  const doc = await insertDocumentIn(tx, {
    kind: 'creditNote',
    fy,
    sellerId: a.invoice.sellerId,
    orderId: a.invoice.orderId,
    refundId: a.refundId,
    invoiceId: a.invoice.id,
    content,
  });
  return doc.id;
}
