/**
 * Document numbers (docs/tax.md, "Numbers"): per series (an issuer and a kind) and financial year, the next of the
 * counter row, taken inside the transaction that issues the document. The upsert locks the row until that
 * transaction ends, so concurrent issuers wait in turn (no repeat), and a rolled-back issue gives its number back
 * (no gap).
 */
import { sql } from 'drizzle-orm';
import { documentNumber } from '@mp/shared';
import type { Tx } from '../../db/client';
import { taxDocumentCounters } from '../../db/schema';

export async function nextNumberIn(tx: Tx, series: string, fy: string): Promise<string> {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ series, fy, last: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.series, taxDocumentCounters.fy],
      set: { last: sql`${taxDocumentCounters.last} + 1` },
    })
    .returning({ last: taxDocumentCounters.last });
  return documentNumber(series, fy, row!.last);
}

/** The series of a seller's documents: S0042 invoices, C0042 credit notes; the platform's commission: PC. */
export const sellerSeries = (kind: 'invoice' | 'creditNote', issuerNo: number) =>
  `${kind === 'invoice' ? 'S' : 'C'}${String(issuerNo).padStart(4, '0')}`;
export const COMMISSION_SERIES = 'PC';
