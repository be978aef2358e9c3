/**
 * The only writer of tax_documents and tax_document_files (docs/tax.md, "Documents"): a document is inserted
 * once with its frozen content; afterwards only its PDF state changes (a trigger refuses anything else).
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { pick } from '../../lib/pick';
import { taxDocumentFiles, taxDocuments } from '../../db/schema';
import type { DocumentContent } from './document-content';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

export interface NewDocument {
  kind: TaxDocumentRow['kind'];
  fy: string;
  sellerId: string;
  orderId?: string | null;
  refundId?: string | null;
  invoiceId?: string | null;
  period?: string | null;
  content: DocumentContent;
}

export async function insertDocumentIn(
  tx: Tx,
  { orderId = null, refundId = null, invoiceId = null, period = null, ...d }: NewDocument,
): Promise<TaxDocumentRow> {
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      kind: d.kind,
      number: d.content.number,
      fy: d.fy,
      sellerId: d.sellerId,
      orderId,
      refundId,
      invoiceId,
      period,
      issuedAt: new Date(d.content.issuedAt),
      content: d.content,
      ...pick(d.content.totals, ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise']),
    })
    .returning();
  return row!;
}

export async function findDocument(db: DbOrTx, id: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return row;
}

export const documentsOfOrder = (db: DbOrTx, orderId: string) =>
  db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number));

/** The stored PDF of a document, if made. */
export async function pdfOf(db: DbOrTx, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select().from(taxDocumentFiles).where(eq(taxDocumentFiles.documentId, id));
  return row?.pdf;
}

/** Stores the PDF and its SHA-256 once: a document whose PDF is already made keeps the first. */
export async function storePdfIn(tx: Tx, id: string, pdf: Buffer, sha256: string): Promise<boolean> {
  const [row] = await tx
    .update(taxDocuments)
    .set({ pdfStatus: 'ready', pdfSha256: sha256, lastError: null })
    .where(and(eq(taxDocuments.id, id), eq(taxDocuments.pdfStatus, 'pending')))
    .returning({ id: taxDocuments.id });
  if (!row) return false;
  await tx.insert(taxDocumentFiles).values({ documentId: id, pdf });
  return true;
}

const BACKOFF_MAX_S = 3_600;

/** A failed rendering is tried again later: 30 s, doubling, at most an hour. */
export async function pdfFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .update(taxDocuments)
    .set({
      attempts: sql`${taxDocuments.attempts} + 1`,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => least(${BACKOFF_MAX_S}, 30 * power(2, ${taxDocuments.attempts})))`,
    })
    .where(eq(taxDocuments.id, id));
}

export const duePdfs = (db: DbOrTx, limit: number) =>
  db
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.pdfStatus, 'pending'), lte(taxDocuments.nextAttemptAt, sql`now()`)))
    .orderBy(asc(taxDocuments.nextAttemptAt))
    .limit(limit);
