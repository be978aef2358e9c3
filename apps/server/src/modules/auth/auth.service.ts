import bcrypt from 'bcryptjs';
import { eq, sql } from 'drizzle-orm';
import type { LoginInput, ProfileUpdateInput, RegisterInput, Role } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';

type UserRow = typeof users.$inferSelect;

export const emailTaken = () => conflict('An account with this email already exists', 'EMAIL_TAKEN');

export function createAuthService(opts: { bcryptRounds: number }) {
  // compared against when the email is unknown, so a wrong email costs as long as a wrong password
  const dummyHash = bcrypt.hashSync('not-a-real-password', opts.bcryptRounds);

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
      if (await findByEmail(db, input.email)) throw emailTaken();
      const passwordHash = await bcrypt.hash(input.password, opts.bcryptRounds);
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

    async verifyCredentials(db: DbOrTx, input: LoginInput): Promise<UserRow> {
      const user = await findByEmail(db, input.email);
      const ok = await bcrypt.compare(input.password, user?.passwordHash ?? dummyHash);
      if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
      return user;
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
