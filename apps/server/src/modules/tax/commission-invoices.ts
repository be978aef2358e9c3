/**
 * The platform's monthly commission invoice to each seller (docs/tax.md, "Commission invoice"): the commission of
 * the month (the seller ledger's commission entries, net of commission given back on refunds) plus 18 % GST, from
 * the platform's registration to the seller's. One per seller and month; sellers with no commission get none.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { COMMISSION_SAC, SERVICE_GST_RATE, financialYearOf, isIntraState, taxOnExclusive } from '@mp/shared';
import type { Db, Tx } from '../../db/client';
import { sellerLedger, sellerTaxProfiles, sellers, taxDocuments } from '../../db/schema';
import { contentLine, placeOfSupplyLabel, withTotals } from './document-content';
import { isUniqueViolation } from '../../lib/db-errors';
import { insertDocumentIn } from './documents.repository';
import { COMMISSION_SERIES, nextNumberIn } from './numbering';

export interface PlatformTax {
  legalName: string;
  gstin: string;
  state: string;
  address: string;
}

/** The month's bounds in India's time: "2026-11" → [2026-10-31T18:30Z, 2026-11-30T18:30Z). */
export function monthBounds(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const at = (yy: number, mm: number) => new Date(Date.UTC(yy, mm - 1, 1) - 330 * 60_000);
  return [at(y, m), m === 12 ? at(y + 1, 1) : at(y, m + 1)];
}

/** The month before the one `now` is in (India's time), YYYY-MM. */
export function previousMonth(now: Date): string {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const d = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function issueFor(
  tx: Tx,
  platform: PlatformTax,
  month: string,
  s: { sellerId: string; commissionPaise: number; storename: string; address: string },
) {
  const [profile] = await tx
    .select()
    .from(sellerTaxProfiles)
    .where(eq(sellerTaxProfiles.sellerId, s.sellerId));
  const state = profile?.state ?? null;
  const intra = isIntraState(platform.state, state);
  const now = new Date();
  const fy = financialYearOf(now);
  const content = withTotals({
    title: 'Tax Invoice (commission)',
    number: await nextNumberIn(tx, COMMISSION_SERIES, fy),
    issuedAt: now.toISOString(),
    supplier: {
      name: platform.legalName,
      address: platform.address,
      gstin: platform.gstin,
      state: platform.state,
    },
    recipient: {
      name: profile?.legalName ?? s.storename,
      address: profile?.address ?? s.address,
      gstin: profile?.gstin ?? null,
      state: state ?? '',
    },
    placeOfSupply: placeOfSupplyLabel(state ?? platform.state),
    period: month,
    lines: [
      contentLine(
        {
          description: `Marketplace commission, ${month}`,
          hsn: COMMISSION_SAC,
          quantity: 1,
          rate: SERVICE_GST_RATE,
        },
        taxOnExclusive(s.commissionPaise, SERVICE_GST_RATE, intra),
      ),
    ],
  });
  return insertDocumentIn(tx, {
    kind: 'commissionInvoice',
    fy,
    sellerId: s.sellerId,
    period: month,
    content,
  });
}

/** Issues the month's commission invoices not issued yet; answers how many it issued. */
export async function issueCommissionInvoices(db: Db, platform: PlatformTax, month: string): Promise<number> {
  const [from, to] = monthBounds(month);
  const due = await db
    .select({
      sellerId: sellerLedger.sellerId,
      commissionPaise: sql<number>`(-sum(${sellerLedger.deltaPaise}))::int`,
      storename: sellers.storename,
      address: sellers.address,
    })
    .from(sellerLedger)
    .innerJoin(sellers, eq(sellers.id, sellerLedger.sellerId))
    .where(
      and(
        eq(sellerLedger.type, 'commission'),
        gte(sellerLedger.createdAt, from),
        lt(sellerLedger.createdAt, to),
      ),
    )
    .groupBy(sellerLedger.sellerId, sellers.storename, sellers.address)
    .having(sql`-sum(${sellerLedger.deltaPaise}) > 0`);
  let issued = 0;
  for (const s of due) {
    const made = await db
      .transaction(async (tx) => {
        // one per seller and month: a second run finds it and issues nothing
        const [existing] = await tx
          .select({ id: taxDocuments.id })
          .from(taxDocuments)
          .where(
            and(
              eq(taxDocuments.kind, 'commissionInvoice'),
              eq(taxDocuments.sellerId, s.sellerId),
              eq(taxDocuments.period, month),
            ),
          );
        if (existing) return false;
        await issueFor(tx, platform, month, { ...s, commissionPaise: Number(s.commissionPaise) });
        return true;
      })
      // another instance issued it at the same moment: its transaction rolled back, number and all
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return false;
        throw err;
      });
    if (made) issued++;
  }
  return issued;
}
