/**
 * Seller tax statements, the operator's TCS return data and the document register (docs/tax.md, "Statements and
 * reports"). Each is one aggregate read over tax_documents: invoices add, credit notes subtract, by month of issue
 * in India's time.
 */
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { tcsOf, tdsOf, toRupees, type TaxDocumentDto, type TaxStatementMonth } from '@mp/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { pageOf } from '../../db/paging';
import { sellerTaxProfiles, sellers, taxDocuments } from '../../db/schema';
import type { TaxDocumentRow } from './documents.repository';
import { monthBounds } from './commission-invoices';

const istMonth = sql<string>`to_char(${taxDocuments.issuedAt} at time zone 'Asia/Kolkata', 'YYYY-MM')`;
const signed = (col: SQL | AnyPgColumn) =>
  sql<number>`coalesce(sum(case when ${taxDocuments.kind} = 'creditNote' then -${col} else ${col} end), 0)::bigint`;
const supplies = inArray(taxDocuments.kind, ['invoice', 'creditNote']);

/** Per month: net taxable value of the seller's supplies, TCS (0.5 %) and TDS (0.1 % of the gross) withheld. */
export async function sellerStatement(db: DbOrTx, sellerId: string): Promise<TaxStatementMonth[]> {
  const rows = await db
    .select({
      month: istMonth,
      taxable: signed(taxDocuments.taxablePaise),
      gross: signed(taxDocuments.totalPaise),
    })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.sellerId, sellerId), supplies))
    .groupBy(istMonth)
    .orderBy(desc(istMonth));
  return rows.map((r) => ({
    month: r.month,
    taxable: toRupees(Number(r.taxable)),
    tcs: toRupees(tcsOf(Math.max(0, Number(r.taxable)))),
    tds: toRupees(tdsOf(Math.max(0, Number(r.gross)))),
  }));
}

const cell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export const toCsv = (rows: (string | number)[][]) =>
  rows.map((r) => r.map(cell).join(',')).join('\n') + '\n';

export const statementCsv = (months: TaxStatementMonth[]) =>
  toCsv([
    ['month', 'taxable_value', 'tcs', 'tds'],
    ...months.map((m) => [m.month, m.taxable.toFixed(2), m.tcs.toFixed(2), m.tds.toFixed(2)]),
  ]);

/** The month's TCS by seller GSTIN: the data of the operator's monthly TCS return. */
export async function tcsReportCsv(db: DbOrTx, month: string): Promise<string> {
  const [from, to] = monthBounds(month);
  const rows = await db
    .select({
      gstin: sellerTaxProfiles.gstin,
      legalName: sellerTaxProfiles.legalName,
      state: sellerTaxProfiles.state,
      taxable: signed(taxDocuments.taxablePaise),
      documents: count(),
    })
    .from(taxDocuments)
    .innerJoin(sellerTaxProfiles, eq(sellerTaxProfiles.sellerId, taxDocuments.sellerId))
    .where(and(supplies, gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to)))
    .groupBy(sellerTaxProfiles.gstin, sellerTaxProfiles.legalName, sellerTaxProfiles.state)
    .orderBy(sellerTaxProfiles.gstin);
  return toCsv([
    ['month', 'seller_gstin', 'legal_name', 'state', 'net_taxable_value', 'tcs', 'documents'],
    ...rows.map((r) => [
      month,
      r.gstin ?? '',
      r.legalName,
      r.state,
      toRupees(Number(r.taxable)).toFixed(2),
      toRupees(tcsOf(Math.max(0, Number(r.taxable)))).toFixed(2),
      Number(r.documents),
    ]),
  ]);
}

export const toDocumentDto = (d: TaxDocumentRow & { storename: string }): TaxDocumentDto => ({
  _id: d.id,
  kind: d.kind,
  number: d.number,
  issuedAt: d.issuedAt.toISOString(),
  sellerId: d.sellerId,
  storename: d.storename,
  orderId: d.orderId,
  invoiceId: d.invoiceId,
  period: d.period,
  taxable: toRupees(d.taxablePaise),
  cgst: toRupees(d.cgstPaise),
  sgst: toRupees(d.sgstPaise),
  igst: toRupees(d.igstPaise),
  total: toRupees(d.totalPaise),
  pdfReady: d.pdfStatus === 'ready',
  url: `/api/documents/${d.id}.pdf`,
});

export interface RegisterQuery {
  kind?: TaxDocumentRow['kind'] | undefined;
  sellerId?: string | undefined;
  orderId?: string | undefined;
  month?: string | undefined;
  number?: string | undefined;
  page: number;
  limit: number;
}

/** Documents newest first, filtered; with their store's name (one read, one count). */
export async function documentRegister(db: DbOrTx, q: RegisterQuery) {
  const month = q.month ? monthBounds(q.month) : undefined;
  const where = and(
    q.kind ? eq(taxDocuments.kind, q.kind) : undefined,
    q.sellerId ? eq(taxDocuments.sellerId, q.sellerId) : undefined,
    q.orderId ? eq(taxDocuments.orderId, q.orderId) : undefined,
    q.number ? eq(taxDocuments.number, q.number.toUpperCase()) : undefined,
    month ? gte(taxDocuments.issuedAt, month[0]) : undefined,
    month ? lt(taxDocuments.issuedAt, month[1]) : undefined,
  );
  const { rows, total: n } = await pageOf(
    db,
    { table: taxDocuments, where },
    db
      .select({ d: taxDocuments, storename: sellers.storename })
      .from(taxDocuments)
      .innerJoin(sellers, eq(sellers.id, taxDocuments.sellerId))
      .where(where)
      .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.number)),
    q,
  );
  return {
    data: rows.map((r) => toDocumentDto({ ...r.d, storename: r.storename })),
    pagination: { page: q.page, limit: q.limit, total: n, pages: Math.ceil(n / q.limit) },
  };
}
