/**
 * Anonymous seller-document uploads (docs/orders-and-stock.md, "Uploads"): the only writer of the uploads table.
 * - quotas: files and bytes per client address per hour; checked before the body is read (cheap refusal) and
 *   again, under a lock, when the upload is recorded (authoritative, so parallel uploads cannot pass together);
 * - room: the bytes of uploads no record refers to are capped, all addresses together, but the cap never refuses
 *   an upload: unclaimed uploads of the addresses holding the most are removed, oldest first, to make room, so
 *   strangers cannot stop a genuine registration by filling it;
 * - claim: a seller registration that refers to an upload's URL claims it;
 * - sweep: uploads still unclaimed after the grace period are deleted from storage and forgotten.
 */
import type { RequestHandler } from 'express';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Db, DbOrTx } from '../../db/client';
import { sellers, uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FileStorage, StoredFile } from '../../lib/storage/storage';

type Quotas = Config['documentUploads'];

/** one lock for recording anonymous uploads: checks and insert happen as one step across instances */
const UPLOAD_LOCK = sql`pg_advisory_xact_lock(hashtext('haat:document-uploads'))`;

const overAddress = () =>
  new AppError(
    429,
    'UPLOAD_QUOTA',
    'Too many documents uploaded from this address in the last hour. Please try again later.',
  );
const tooBig = () =>
  new AppError(
    429,
    'UPLOAD_QUOTA',
    'This file is larger than the room kept for documents. Please upload a smaller one.',
  );

async function usage(db: DbOrTx, address: string) {
  const [mine] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint`.mapWith(Number),
    })
    .from(uploads)
    .where(and(eq(uploads.address, address), gt(uploads.createdAt, sql`now() - interval '1 hour'`)));
  return { files: mine!.files, bytes: mine!.bytes };
}

function check(u: { files: number; bytes: number }, adding: number, quotas: Quotas) {
  if (u.files + (adding > 0 ? 1 : 0) > quotas.filesPerHour || u.bytes + adding > quotas.bytesPerHour) {
    throw overAddress();
  }
}

/**
 * Makes room for `adding` bytes under the cap on unclaimed uploads (call under UPLOAD_LOCK): removes the rows of
 * unclaimed uploads, first of the addresses holding the most of them, oldest first, and answers their storage keys
 * (deleted once the transaction committed). An upload a record refers to is never taken.
 */
async function makeRoom(
  tx: DbOrTx,
  adding: { bytes: number; address: string },
  quotas: Quotas,
): Promise<string[]> {
  if (adding.bytes > quotas.unclaimedBytesMax) throw tooBig();
  const [all] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint`.mapWith(Number) })
    .from(uploads)
    .where(isNull(uploads.claimedAt));
  let over = all!.bytes + adding.bytes - quotas.unclaimedBytesMax;
  if (over <= 0) return [];
  const candidates = await tx
    .select({ id: uploads.id, key: uploads.key, bytes: uploads.bytes })
    .from(uploads)
    .where(
      and(
        isNull(uploads.claimedAt),
        sql`not exists (select 1 from ${sellers} where ${sellers.document} = ${uploads.url})`,
      ),
    )
    .orderBy(
      // the upload being added counts for its address too
      sql`count(*) over (partition by ${uploads.address}) + (${uploads.address} = ${adding.address})::int desc`,
      asc(uploads.createdAt),
    )
    .limit(1000);
  const taken: typeof candidates = [];
  for (const c of candidates) {
    if (over <= 0) break;
    taken.push(c);
    over -= c.bytes;
  }
  if (over > 0) throw tooBig();
  await tx.delete(uploads).where(
    inArray(
      uploads.id,
      taken.map((t) => t.id),
    ),
  );
  return taken.map((t) => t.key);
}

/** Middleware before the body is read: an address already at its quota (or a full store) is refused at once. */
export function documentQuota(db: Db, quotas: Quotas): RequestHandler {
  return async (req, res, next) => {
    try {
      const u = await usage(db, req.ip ?? 'unknown');
      if (u.files >= quotas.filesPerHour || u.bytes >= quotas.bytesPerHour) throw overAddress();
      next();
    } catch (err) {
      if (err instanceof AppError) res.setHeader('Retry-After', '3600');
      next(err);
    }
  };
}

/**
 * Records a stored upload against its address, or refuses it (429 UPLOAD_QUOTA) when it would go over its address's
 * quota; a refused file is removed from storage again. Room under the cap on unclaimed uploads is made by removing
 * older ones (makeRoom).
 */
export async function recordDocumentUpload(
  db: Db,
  storage: FileStorage,
  quotas: Quotas,
  upload: StoredFile & { folder: string; size: number; address: string },
): Promise<void> {
  let evicted: string[];
  try {
    evicted = await db.transaction(async (tx) => {
      await tx.execute(sql`select ${UPLOAD_LOCK}`);
      check(await usage(tx, upload.address), upload.size, quotas);
      const keys = await makeRoom(tx, { bytes: upload.size, address: upload.address }, quotas);
      await tx.insert(uploads).values({
        url: upload.url,
        key: upload.key,
        folder: upload.folder,
        bytes: upload.size,
        address: upload.address,
      });
      return keys;
    });
  } catch (err) {
    await storage.remove?.(upload.key).catch(() => undefined);
    throw err;
  }
  // the rows are gone; their files go now (a failure leaves a file no row counts, never a refused upload)
  for (const key of evicted) await storage.remove?.(key).catch(() => undefined);
}

/** A record now refers to this URL: the upload stays. Call inside the record's transaction. */
export async function claimUpload(tx: DbOrTx, url: string): Promise<void> {
  await tx
    .update(uploads)
    .set({ claimedAt: sql`now()` })
    .where(and(eq(uploads.url, url), isNull(uploads.claimedAt)));
}

/**
 * Deletes uploads no record refers to once the grace period is over: from storage first, then from the table
 * (a storage failure leaves the row for the next sweep). Answers how many went.
 */
export async function sweepUnclaimedUploads(
  db: Db,
  storage: FileStorage,
  opts: { graceMs: number; now?: Date },
): Promise<number> {
  const before = new Date((opts.now ?? new Date()).getTime() - opts.graceMs);
  const stale = await db
    .select({ id: uploads.id, key: uploads.key, url: uploads.url })
    .from(uploads)
    .where(and(isNull(uploads.claimedAt), lt(uploads.createdAt, before)))
    .limit(500);
  let removed = 0;
  for (const u of stale) {
    // a record may refer to it without having claimed it (written before claims existed): keep it then
    const [used] = await db
      .select({ id: sellers.id })
      .from(sellers)
      .where(eq(sellers.document, u.url))
      .limit(1);
    if (used) {
      await claimUpload(db, u.url);
      continue;
    }
    if (!storage.remove) continue;
    await storage.remove(u.key);
    await db.delete(uploads).where(and(eq(uploads.id, u.id), isNull(uploads.claimedAt)));
    removed++;
  }
  return removed;
}

/** Runs sweepUnclaimedUploads every `intervalMs`; answers a stop function. The timer never keeps the process up. */
export function startUploadSweeper(
  db: Db,
  storage: FileStorage,
  opts: {
    graceMs: number;
    intervalMs?: number;
    onError?: (err: unknown) => void;
    onRemoved?: (n: number) => void;
  },
): () => void {
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return;
      running = true;
      sweepUnclaimedUploads(db, storage, opts)
        .then((n) => {
          if (n > 0) opts.onRemoved?.(n);
        })
        .catch((err: unknown) => opts.onError?.(err))
        .finally(() => {
          running = false;
        });
    },
    opts.intervalMs ?? 15 * 60_000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
