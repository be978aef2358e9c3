/**
 * The one-time code that confirms a cash-on-delivery order (docs/money.md, "Cash on delivery"): the only writer of
 * `cod_otps`. 6 digits, valid 10 minutes, 3 tries; at most 3 codes sent per shopper an hour. Only a hash is kept.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { codOtps } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { SmsOutbox } from '../../sms/sms-outbox';

export const OTP_TTL_MINUTES = 10;
export const OTP_TRIES = 3;
export const OTP_SENDS_PER_HOUR = 3;

const hashOf = (orderId: string, code: string) =>
  createHash('sha256').update(`${orderId}:${code}`).digest('hex');

/**
 * Sends a new code for the order to the phone (refused with 429 after 3 sends in the hour): the code and its text
 * message are written together, then the message is sent; a gateway failure is retried by the SMS outbox.
 */
export async function sendCodOtp(
  db: Db,
  sms: SmsOutbox,
  o: { orderId: string; userId: string; phone: string },
): Promise<void> {
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(codOtps)
    .where(and(eq(codOtps.userId, o.userId), gt(codOtps.createdAt, sql`now() - interval '1 hour'`)));
  if (recent!.n >= OTP_SENDS_PER_HOUR) {
    throw new AppError(429, 'RATE_LIMITED', 'Too many codes sent. Please wait an hour and try again.');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const text = `${code} is your code to confirm your cash on delivery order. It is valid for 10 minutes.`;
  const smsId = await db.transaction(async (tx) => {
    await tx.insert(codOtps).values({
      orderId: o.orderId,
      userId: o.userId,
      phone: o.phone,
      codeHash: hashOf(o.orderId, code),
      expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
    });
    return sms.enqueueIn(tx, o.phone, text, OTP_TTL_MINUTES);
  });
  await sms.deliver(smsId);
}

export type OtpCheck = { ok: true } | { ok: false; status: 422 | 429; triesLeft: number; message: string };

/** Inside the confirming transaction (the order locked): checks the code in force and counts the try. */
export async function checkCodOtp(tx: Tx, orderId: string, code: string): Promise<OtpCheck> {
  const [otp] = await tx
    .select()
    .from(codOtps)
    .where(eq(codOtps.orderId, orderId))
    .orderBy(desc(codOtps.createdAt))
    .limit(1);
  if (!otp || otp.attempts >= OTP_TRIES) {
    return {
      ok: false,
      status: 429,
      triesLeft: 0,
      message: 'Too many wrong codes. Please ask for a new code.',
    };
  }
  if (otp.expiresAt < new Date()) {
    return {
      ok: false,
      status: 422,
      triesLeft: 0,
      message: 'This code has expired. Please ask for a new code.',
    };
  }
  const right = timingSafeEqual(Buffer.from(otp.codeHash, 'hex'), Buffer.from(hashOf(orderId, code), 'hex'));
  await tx
    .update(codOtps)
    .set(right ? { confirmedAt: sql`now()` } : { attempts: sql`${codOtps.attempts} + 1` })
    .where(eq(codOtps.id, otp.id));
  if (right) return { ok: true };
  const triesLeft = OTP_TRIES - otp.attempts - 1;
  return { ok: false, status: 422, triesLeft, message: `That code is not right. ${triesLeft} tries left.` };
}
