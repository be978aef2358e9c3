/**
 * Sellers' GST registrations (docs/tax.md, "Tax profile"): the only writer of seller_tax_profiles and its history.
 * Every save records who changed what, before and after, in the same transaction.
 */
import { desc, eq } from 'drizzle-orm';
import type { TaxProfileDto, TaxProfileInput } from '@mp/shared';
import type { DbOrTx, Tx } from '../../db/client';
import { sellerTaxProfileHistory, sellerTaxProfiles } from '../../db/schema';

export type TaxProfileRow = typeof sellerTaxProfiles.$inferSelect;

export const toTaxProfileDto = (r: TaxProfileRow): TaxProfileDto => ({
  sellerId: r.sellerId,
  legalName: r.legalName,
  gstin: r.gstin,
  state: r.state,
  address: r.address,
  updatedAt: r.updatedAt.toISOString(),
  canListTaxable: !!r.gstin,
});

export async function profileOf(db: DbOrTx, sellerId: string): Promise<TaxProfileRow | undefined> {
  const [row] = await db.select().from(sellerTaxProfiles).where(eq(sellerTaxProfiles.sellerId, sellerId));
  return row;
}

const fieldsOf = (r: Pick<TaxProfileRow, 'legalName' | 'gstin' | 'state' | 'address'>) => ({
  legalName: r.legalName,
  gstin: r.gstin,
  state: r.state,
  address: r.address,
});

/** Creates or replaces the profile (locked first), with its history entry. */
export async function saveProfileIn(
  tx: Tx,
  sellerId: string,
  input: TaxProfileInput,
  actor: { userId: string | null; role: string },
): Promise<TaxProfileRow> {
  const [before] = await tx
    .select()
    .from(sellerTaxProfiles)
    .where(eq(sellerTaxProfiles.sellerId, sellerId))
    .for('update');
  const after = fieldsOf({ ...input, gstin: input.gstin ?? null });
  const [row] = await tx
    .insert(sellerTaxProfiles)
    .values({ sellerId, ...after })
    .onConflictDoUpdate({ target: sellerTaxProfiles.sellerId, set: { ...after, updatedAt: new Date() } })
    .returning();
  await tx.insert(sellerTaxProfileHistory).values({
    sellerId,
    actorUserId: actor.userId,
    actorRole: actor.role,
    before: before ? fieldsOf(before) : null,
    after,
  });
  return row!;
}

export async function historyOf(db: DbOrTx, sellerId: string) {
  const rows = await db
    .select()
    .from(sellerTaxProfileHistory)
    .where(eq(sellerTaxProfileHistory.sellerId, sellerId))
    .orderBy(desc(sellerTaxProfileHistory.createdAt));
  return rows.map((r) => ({
    at: r.createdAt.toISOString(),
    actorRole: r.actorRole,
    before: r.before as Record<string, unknown> | null,
    after: r.after as Record<string, unknown>,
  }));
}
