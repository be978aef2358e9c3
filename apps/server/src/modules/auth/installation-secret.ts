/**
 * The session signing key when JWT_SECRET is unset (never in production): 48 random bytes generated once per
 * installation and kept in the database, so every instance on that database signs and checks with the same key
 * and nobody can forge a session from a constant in the source (docs/security.md).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import { appSecrets } from '../../db/schema';

const JWT_SECRET_NAME = 'jwt_secret';

/** The installation's secret: the first instance to ask creates it; the others read the same row. */
export async function installationJwtSecret(db: DbOrTx): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: JWT_SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, JWT_SECRET_NAME));
  return row!.value;
}

/** The configuration with its signing key: JWT_SECRET when set, else the installation's own. */
export async function withJwtSecret<C extends Pick<Config, 'jwtSecret'>>(
  config: C,
  db: DbOrTx,
): Promise<C & { jwtSecret: string }> {
  if (config.jwtSecret) return config as C & { jwtSecret: string };
  return { ...config, jwtSecret: await installationJwtSecret(db) };
}
