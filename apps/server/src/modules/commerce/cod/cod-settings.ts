/** A seller's cash-on-delivery setting (docs/money.md, "Cash on delivery"): `sellers.accepts_cod`, default true. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sellers } from '../../../db/schema';

export async function acceptsCodOf(db: Db, sellerId: string): Promise<boolean> {
  const [row] = await db
    .select({ acceptsCod: sellers.acceptsCod })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return row?.acceptsCod ?? true;
}

export async function setAcceptsCod(db: Db, sellerId: string, acceptsCod: boolean): Promise<boolean> {
  const [row] = await db
    .update(sellers)
    .set({ acceptsCod })
    .where(eq(sellers.id, sellerId))
    .returning({ acceptsCod: sellers.acceptsCod });
  return row!.acceptsCod;
}
