import { eq, sql } from 'drizzle-orm';
import {
  isId,
  type LoginInput,
  type PasswordChangeInput,
  type ProfileUpdateInput,
  type RegisterInput,
  type Role,
} from '@mp/shared';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { batchById } from '../../lib/batch-by-id';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { weakPasswordReason, type PasswordHasher } from './passwords';

type UserRow = typeof users.$inferSelect;

/**
 * The user a session names, as the guards see it: one primary-key lookup on every authenticated request
 * (docs/security.md), read afresh every time (a revoked session fails at once), built once as a named prepared
 * statement and batched with the other requests of the same event-loop turn (lib/batch-by-id.ts).
 */
export function sessionUserLookup(db: Db): (id: string) => Promise<Express.SessionUser | undefined> {
  const query = db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      username: users.username,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('session_users');
  const byId = batchById(async (ids) => new Map((await query.execute({ ids })).map((u) => [u.id, u])));
  // a token names a user by id; anything else names nobody (and must not fail the batch it would join)
  return async (id) => (isId(id) ? byId(id.toLowerCase()) : undefined);
}

/** Ends every session of this user on every instance: logout, password change, seller rejection. */
export async function revokeSessions(db: DbOrTx, userId: string): Promise<number> {
  const [u] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return u?.sessionVersion ?? 0;
}

export const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');

/** 400 WEAK_PASSWORD naming the field, when a new password is too common (docs/security.md). */
function assertStrongPassword(
  field: string,
  password: string,
  context: { email?: string; username?: string },
) {
  const reason = weakPasswordReason(password, context);
  if (reason) {
    throw new AppError(400, 'WEAK_PASSWORD', `${field}: ${reason}`, {
      formErrors: [],
      fieldErrors: { [field]: [reason] },
    });
  }
}

export function createAuthService(opts: { passwords: PasswordHasher }) {
  const { passwords } = opts;

  async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [u] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return u;
  }

  return {
    findByEmail,

    async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
      const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return u;
    },

    /** Creates an account. The role is the caller's decision, never the request body's. */
    async createUser(db: DbOrTx, input: RegisterInput & { phone?: string }, role: Role): Promise<UserRow> {
      assertStrongPassword('password', input.password, input);
      // Registration says when an e-mail is taken: a documented decision (docs/security.md)
      if (await findByEmail(db, input.email)) throw emailTaken();
      const passwordHash = await passwords.hash(input.password);
      try {
        const [u] = await db
          .insert(users)
          .values({
            username: input.username,
            email: input.email.toLowerCase(),
            passwordHash,
            role,
            phone: input.phone ?? null,
            fullName: input.username,
          })
          .returning();
        return u!;
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },

    /** The user these credentials open; an old (bcrypt) hash is replaced with argon2id on success. */
    async verifyCredentials(db: DbOrTx, input: LoginInput): Promise<UserRow> {
      const user = await findByEmail(db, input.email);
      if (!user) {
        await passwords.verifyNothing(input.password);
        throw invalidCredentials();
      }
      const { ok, upgrade } = await passwords.verify(user.passwordHash, input.password);
      if (!ok) throw invalidCredentials();
      if (upgrade) {
        const passwordHash = await passwords.hash(input.password);
        await db
          .update(users)
          .set({ passwordHash })
          .where(sql`${users.id} = ${user.id} and ${users.passwordHash} = ${user.passwordHash}`);
      }
      return user;
    },

    /**
     * A new password, after checking the current one. Every session of the user ends on every instance
     * (docs/security.md); the answer is the row with its new session version, for a fresh cookie.
     */
    async changePassword(db: DbOrTx, userId: string, input: PasswordChangeInput): Promise<UserRow> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw notFound('User');
      const { ok } = await passwords.verify(user.passwordHash, input.currentPassword);
      if (!ok) {
        throw new AppError(400, 'INVALID_CREDENTIALS', 'currentPassword: The current password is not right', {
          formErrors: [],
          fieldErrors: { currentPassword: ['The current password is not right'] },
        });
      }
      assertStrongPassword('newPassword', input.newPassword, user);
      const [changed] = await db
        .update(users)
        .set({
          passwordHash: await passwords.hash(input.newPassword),
          sessionVersion: sql`${users.sessionVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      return changed!;
    },

    async updateProfile(db: DbOrTx, id: string, input: ProfileUpdateInput): Promise<UserRow> {
      const [u] = await db
        .update(users)
        .set({
          phone: input.phone,
          ...(input.gender !== undefined ? { gender: input.gender } : {}),
          ...(input.dob !== undefined ? { dob: input.dob } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      if (!u) throw notFound('User');
      return u;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
