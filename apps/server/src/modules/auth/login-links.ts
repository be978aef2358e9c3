/**
 * One-time sign-in links (docs/security.md, "Failed logins"): the way in for an owner whose account is locked by
 * someone else's guessing. The token travels only in the e-mail; the database keeps its SHA-256. A link works once,
 * within LOGIN_LINK_MINUTES.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginLinks, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueLoginLinkMail } from '../mail';

export const LOGIN_LINK_MINUTES = 15;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Records a new link for the user and queues its e-mail, in one transaction. */
export async function sendLoginLink(db: Db, user: { id: string; email: string }): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // expired and used links of anyone are of no further use
    await tx.delete(loginLinks).where(or(lt(loginLinks.expiresAt, sql`now()`), isNotNull(loginLinks.usedAt)));
    const [link] = await tx
      .insert(loginLinks)
      .values({
        userId: user.id,
        tokenHash: hashOf(token),
        expiresAt: sql`now() + make_interval(mins => ${LOGIN_LINK_MINUTES})`,
      })
      .returning({ id: loginLinks.id });
    await enqueueLoginLinkMail(tx, { linkId: link!.id, to: user.email, token, minutes: LOGIN_LINK_MINUTES });
  });
}

/** Uses up a link: the user it signs in, or 400 LOGIN_LINK_INVALID when it is unknown, used or expired. */
export async function consumeLoginLink(db: Db, token: string) {
  const [used] = await db
    .update(loginLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(loginLinks.tokenHash, hashOf(token)),
        isNull(loginLinks.usedAt),
        gt(loginLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: loginLinks.userId });
  const [user] = used ? await db.select().from(users).where(eq(users.id, used.userId)) : [];
  if (!user) {
    throw new AppError(
      400,
      'LOGIN_LINK_INVALID',
      'This sign-in link is not valid any more. Please log in again to get a new one.',
    );
  }
  return user;
}
