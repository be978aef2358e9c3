import { desc, eq } from 'drizzle-orm';
import type { SellerDecision, SellerDto, SellerRegisterInput } from '@mp/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { sellers, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { revokeSessions, type AuthService } from '../auth/auth.service';
import { enqueueSellerDecisionMail, enqueueSellerRegistrationMail, type MailTrigger } from '../mail';
import { claimUpload } from './document-uploads';
import { freeStoreSlug } from './store-slug';

const sellerColumns = {
  seller: sellers,
  username: users.username,
  email: users.email,
  phone: users.phone,
};

type SellerJoinRow = {
  seller: typeof sellers.$inferSelect;
  username: string;
  email: string;
  phone: string | null;
};

export function toSellerDto(r: SellerJoinRow): SellerDto {
  const s = r.seller;
  return {
    _id: s.id,
    userId: s.userId,
    createdAt: s.createdAt.toISOString(),
    approvalstatus: s.approvalstatus,
    isapproved: s.isapproved,
    storename: s.storename,
    businesstype: s.businesstype,
    gstno: s.gstno,
    document: s.document,
    address: s.address,
    bankaccount: s.bankaccount,
    ifsccode: s.ifsccode,
    username: r.username,
    email: r.email,
    phone: r.phone,
  };
}

/** `changes` hears a decision: the store page shows only approved sellers (modules/stores). */
export function createSellerService(auth: AuthService, changes?: ChangeFeed) {
  async function findOne(db: DbOrTx, where: ReturnType<typeof eq>): Promise<SellerDto | undefined> {
    const [row] = await db
      .select(sellerColumns)
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(where)
      .limit(1);
    return row ? toSellerDto(row) : undefined;
  }

  return {
    /**
     * Creates the seller's user (role seller) and its pending seller record in one transaction, with the
     * "registration received" mail (bounded by the registering client's mail limits).
     */
    async register(db: Db, input: SellerRegisterInput, trigger: MailTrigger) {
      return db.transaction(async (tx) => {
        const user = await auth.createUser(tx, input, 'seller');
        const [seller] = await tx
          .insert(sellers)
          .values({
            userId: user.id,
            storename: input.storename,
            slug: await freeStoreSlug(tx, input.storename),
            businesstype: input.businesstype,
            gstno: input.gstno ?? null,
            document: input.image,
            address: input.address,
            bankaccount: input.bankaccount,
            ifsccode: input.ifsccode,
          })
          .returning();
        // the uploaded document now has a record referring to it: the upload sweeper keeps it
        await claimUpload(tx, input.image);
        await enqueueSellerRegistrationMail(
          tx,
          { id: seller!.id, storename: seller!.storename, email: user.email },
          trigger,
        );
        return {
          user,
          seller: toSellerDto({
            seller: seller!,
            username: user.username,
            email: user.email,
            phone: user.phone,
          }),
        };
      });
    },

    list: async (db: DbOrTx): Promise<SellerDto[]> =>
      (
        await db
          .select(sellerColumns)
          .from(sellers)
          .innerJoin(users, eq(users.id, sellers.userId))
          .orderBy(desc(sellers.createdAt))
      ).map(toSellerDto),

    byId: (db: DbOrTx, id: string) => findOne(db, eq(sellers.id, id)),
    byUserId: (db: DbOrTx, userId: string) => findOne(db, eq(sellers.userId, userId)),
    byEmail: (db: DbOrTx, email: string) => findOne(db, eq(users.email, email.toLowerCase())),

    /**
     * approvalstatus and isapproved always change together, in one transaction with the decision e-mail; a
     * rejection also ends the seller's sessions on every instance (docs/security.md).
     */
    async decide(db: Db, id: string, decision: SellerDecision): Promise<SellerDto> {
      const decided = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(sellers)
          .set({
            approvalstatus: decision,
            isapproved: decision === 'approved',
            decidedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(sellers.id, id))
          .returning({ id: sellers.id, userId: sellers.userId });
        if (!updated) throw notFound('Seller');
        if (decision === 'rejected') await revokeSessions(tx, updated.userId);
        await enqueueSellerDecisionMail(tx, id, decision);
        return (await findOne(tx, eq(sellers.id, id)))!;
      });
      changes?.publish({ type: 'stores' });
      return decided;
    },
  };
}
export type SellerService = ReturnType<typeof createSellerService>;
