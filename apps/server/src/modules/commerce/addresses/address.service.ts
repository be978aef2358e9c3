import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { LIMITS, MESSAGES, type AddressDto, type AddressInput } from '@mp/shared';
import type { Db, DbOrTx } from '../../../db/client';
import { addresses, users } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/errors';
import { pick } from '../../../lib/pick';

/** A saved address's fields as the answers copy them, in their order. */
const ADDRESS_FIELDS = [
  'userId',
  'recipientName',
  'address',
  'landmark',
  'city',
  'pincode',
  'phone',
  'notes',
  'place',
  'state',
  'isDefault',
] as const;

type AddressRow = typeof addresses.$inferSelect;

export function toAddressDto(a: AddressRow): AddressDto {
  return {
    _id: a.id,
    addressId: a.id,
    ...pick(a, ADDRESS_FIELDS),
  };
}

export async function listAddresses(db: DbOrTx, userId: string): Promise<AddressDto[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddressDto);
}

/**
 * Locks the user's row so concurrent address writes of one user run one after another; answers the account's
 * name, the recipient when the caller names none (docs/orders-and-stock.md, "Delivery addresses").
 */
async function lockUser(tx: DbOrTx, userId: string): Promise<string> {
  const [u] = await tx
    .select({ fullName: users.fullName, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!u) throw notFound('User');
  return u.fullName || u.username;
}

/** The columns an address input sets (blank optional fields stored as ''). */
const columnsOf = (input: AddressInput, recipientName: string) => ({
  recipientName: input.recipientName ?? recipientName,
  address: input.address,
  landmark: input.landmark ?? '',
  city: input.city,
  state: input.state ?? null,
  pincode: input.pincode,
  phone: input.phone,
  notes: input.notes ?? '',
  place: input.place,
});

/** Adds an address (at most LIMITS.maxAddresses, counted under a lock). The first one is the default. */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    const accountName = await lockUser(tx, userId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (n >= LIMITS.maxAddresses) throw new AppError(409, 'ADDRESS_LIMIT', MESSAGES.addressLimit);
    const makeDefault = n === 0 || input.isDefault === true;
    if (makeDefault && n > 0) {
      await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    }
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columnsOf(input, accountName), isDefault: makeDefault })
      .returning();
    return toAddressDto(row!);
  });
}

export async function updateAddress(
  db: Db,
  userId: string,
  addressId: string,
  input: AddressInput,
): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    const accountName = await lockUser(tx, userId);
    const [current] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .limit(1);
    if (!current) throw notFound('Address');
    // isDefault true moves the default here; false on the default address is ignored (one must stay default).
    const makeDefault = input.isDefault === true && !current.isDefault;
    if (makeDefault) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, addressId)));
    }
    const [row] = await tx
      .update(addresses)
      .set({
        // an edit that names no recipient keeps the one the address has
        ...columnsOf(input, current.recipientName || accountName),
        isDefault: current.isDefault || makeDefault,
        updatedAt: sql`now()`,
      })
      .where(eq(addresses.id, addressId))
      .returning();
    return toAddressDto(row!);
  });
}

/** Deletes an address; when it was the default, the oldest remaining address becomes the default. */
export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!removed) throw notFound('Address');
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}
