/**
 * GST (docs/tax.md): sellers' tax profiles, the documents (who may see them, their PDFs made and checked), the
 * statements and reports, and the jobs that make PDFs and monthly commission invoices. Wired once in deps.ts.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TaxProfileInput } from '@mp/shared';
import type { Db } from '../../db/client';
import { orders, sellerTaxProfiles, sellers } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { issueCommissionInvoices, previousMonth, type PlatformTax } from './commission-invoices';
import type { DocumentContent } from './document-content';
import {
  documentsOfOrder,
  duePdfs,
  findDocument,
  pdfFailed,
  pdfOf,
  storePdfIn,
  type TaxDocumentRow,
} from './documents.repository';
import { renderDocumentPdf } from './pdf';
import {
  documentRegister,
  sellerStatement,
  statementCsv,
  tcsReportCsv,
  toDocumentDto,
  type RegisterQuery,
} from './reports';
import { historyOf, profileOf, saveProfileIn, toTaxProfileDto } from './tax-profile.repository';

export interface TaxDeps {
  db: Db;
  logger: Logger;
  platform: PlatformTax;
  /** draws a PDF (tests put a failing one in) */
  render?: (c: DocumentContent) => Promise<Buffer>;
}

export interface Viewer {
  userId: string;
  role: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The seller record of a user, if it has one. */
async function sellerIdOf(db: Db, userId: string): Promise<string | undefined> {
  const [s] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId));
  return s?.id;
}

/** Whether the viewer may see a document: admin all; the seller its own; the shopper the documents of its order. */
async function maySee(db: Db, v: Viewer, d: TaxDocumentRow): Promise<boolean> {
  if (v.role === 'admin') return true;
  if (d.sellerId === (await sellerIdOf(db, v.userId))) return true;
  if (!d.orderId || d.kind === 'commissionInvoice') return false;
  const [o] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, d.orderId));
  return o?.userId === v.userId;
}

async function makePdf(deps: TaxDeps, id: string): Promise<void> {
  const d = await findDocument(deps.db, id);
  if (!d || d.pdfStatus === 'ready') return;
  try {
    const pdf = await (deps.render ?? renderDocumentPdf)(d.content as DocumentContent);
    await deps.db.transaction((tx) => storePdfIn(tx, id, pdf, sha256(pdf)));
  } catch (err) {
    deps.logger.warn({ err, documentId: id }, 'tax document PDF failed; retried later');
    await pdfFailed(deps.db, id, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** The PDF of a document the viewer may see (made now if the job has not yet), its SHA-256 checked. */
async function download(deps: TaxDeps, v: Viewer, id: string) {
  const d = await findDocument(deps.db, id);
  if (!d || !(await maySee(deps.db, v, d))) throw notFound('Document');
  if (d.pdfStatus !== 'ready') await makePdf(deps, id);
  const [pdf, fresh] = await Promise.all([pdfOf(deps.db, id), findDocument(deps.db, id)]);
  if (!pdf || sha256(pdf) !== fresh!.pdfSha256) {
    throw new Error(`tax document ${d.number}: the stored PDF does not match its SHA-256`);
  }
  return { pdf, number: d.number, sha256: fresh!.pdfSha256 };
}

async function storenameOf(db: Db, sellerId: string) {
  const [s] = await db.select({ storename: sellers.storename }).from(sellers).where(eq(sellers.id, sellerId));
  return s?.storename ?? '';
}

async function orderDocuments(db: Db, v: Viewer, orderId: string) {
  const [o] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!o) throw notFound('Order');
  const own = v.role === 'admin' || o.userId === v.userId;
  const sellerId = own ? undefined : await sellerIdOf(db, v.userId);
  const docs = (await documentsOfOrder(db, orderId)).filter((d) => own || d.sellerId === sellerId);
  if (!own && docs.length === 0) throw notFound('Order');
  const names = new Map<string, string>();
  for (const id of new Set(docs.map((d) => d.sellerId))) names.set(id, await storenameOf(db, id));
  return docs.map((d) => toDocumentDto({ ...d, storename: names.get(d.sellerId) ?? '' }));
}

export function createTax(deps: TaxDeps) {
  const { db } = deps;
  return {
    profile: async (sellerId: string) => {
      const p = await profileOf(db, sellerId);
      return p ? toTaxProfileDto(p) : null;
    },
    saveProfile: async (sellerId: string, input: TaxProfileInput, actor: { userId: string; role: string }) =>
      toTaxProfileDto(await db.transaction((tx) => saveProfileIn(tx, sellerId, input, actor))),
    history: (sellerId: string) => historyOf(db, sellerId),
    sellerExists: async (sellerId: string) => !!(await storenameOf(db, sellerId)),
    profiles: async () =>
      (await db.select().from(sellerTaxProfiles).orderBy(sellerTaxProfiles.issuerNo)).map(toTaxProfileDto),
    orderDocuments: (v: Viewer, orderId: string) => orderDocuments(db, v, orderId),
    download: (v: Viewer, id: string) => download(deps, v, id),
    register: (q: RegisterQuery) => documentRegister(db, q),
    statement: (sellerId: string) => sellerStatement(db, sellerId),
    statementCsv: async (sellerId: string) => statementCsv(await sellerStatement(db, sellerId)),
    tcsReport: (month: string) => tcsReportCsv(db, month),
    issueCommissionInvoices: (month: string) => issueCommissionInvoices(db, deps.platform, month),
    /** the job: PDFs due (new or to retry), then last month's commission invoices */
    async sweep(now = new Date()): Promise<number> {
      let made = 0;
      for (const { id } of await duePdfs(db, 20)) {
        try {
          await makePdf(deps, id);
          made++;
        } catch {
          // recorded on the document, retried later
        }
      }
      await issueCommissionInvoices(db, deps.platform, previousMonth(now));
      return made;
    },
  };
}

export type Tax = ReturnType<typeof createTax>;
