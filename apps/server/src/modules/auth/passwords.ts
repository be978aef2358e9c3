/**
 * Password hashing (docs/security.md): argon2id through @node-rs/argon2, whose native code runs on libuv's thread
 * pool, so a burst of logins never stalls other requests on the event loop. Argon2 reads every byte of the
 * password (bcrypt's 72-byte cut-off does not apply). At most `concurrency` hashes run at once (default: all cores
 * but one), so a burst of logins queues behind itself instead of taking the CPU from everyone else. Hashes made by the earlier bcryptjs versions still verify,
 * and a successful login replaces them with argon2id.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import pLimit from 'p-limit';
import { COMMON_PASSWORDS } from './common-passwords';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** true when the password matches; `upgrade` when the stored hash is an old kind to replace */
  verify(stored: string, password: string): Promise<{ ok: boolean; upgrade: boolean }>;
  /** compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password */
  verifyNothing(password: string): Promise<void>;
}

/** memoryKib: OWASP's argon2id floor is 19 MiB with 2 passes; tests use less to stay quick. */
export function createPasswordHasher(opts: { memoryKib: number; concurrency?: number }): PasswordHasher {
  // 2 = Algorithm.Argon2id (an ambient const enum, which this build cannot import)
  const params = { algorithm: 2 as const, memoryCost: opts.memoryKib, timeCost: 2, parallelism: 1 };
  const limit = pLimit(opts.concurrency ?? Math.max(1, availableParallelism() - 1));
  const argonHash = (password: string) => limit(() => hash(password, params));
  const argonVerify = (stored: string, password: string) => limit(() => verify(stored, password));
  let dummy: Promise<string> | undefined;
  const isBcrypt = (h: string) => /^\$2[aby]\$/.test(h);

  return {
    hash: argonHash,
    async verify(stored, password) {
      if (isBcrypt(stored)) {
        // legacy hashes only (bcryptjs, before argon2id); replaced on the first successful login
        const ok = await limit(() => bcrypt.compare(password, stored));
        return { ok, upgrade: ok };
      }
      try {
        return { ok: await argonVerify(stored, password), upgrade: false };
      } catch {
        return { ok: false, upgrade: false }; // not a hash we know
      }
    },
    async verifyNothing(password) {
      dummy ??= argonHash('not-a-real-password');
      await argonVerify(await dummy, password).catch(() => false);
    },
  };
}

/** Why a new password is refused, or undefined when it is fine (length is checked by the shared schema). */
export function weakPasswordReason(password: string, context: { email?: string; username?: string } = {}) {
  const p = password.toLowerCase();
  if (COMMON_PASSWORDS.has(p)) return 'This password is too common. Please choose another one.';
  if (/^(.)\1*$/.test(p)) return 'A password of one repeated character is too easy to guess.';
  const local = context.email?.toLowerCase().split('@')[0];
  if (
    (local && local.length >= 4 && p === local) ||
    (context.username && p === context.username.toLowerCase())
  ) {
    return 'The password must not be your e-mail or username.';
  }
  return undefined;
}
