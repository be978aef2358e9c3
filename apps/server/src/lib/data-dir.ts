/**
 * The embedded database's folder: one process at a time (docs/operations.md, "Embedded database"). PGlite is a
 * single-process database; two processes on one DATA_DIR lose writes. A lock file (proper-lockfile: refreshed
 * every few seconds, taken over only once stale, so a crashed process does not block the next start forever)
 * makes a second process refuse with a clear message. Also checks the folder is writable before anything starts.
 */
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

const REASONS: Record<string, string> = {
  EACCES: 'is not writable by this user',
  EPERM: 'is not writable by this user',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'is on a full disk',
  EDQUOT: "is over this user's disk quota",
};

/** Throws DataDirError naming the folder and the reason when files cannot be created in dir. */
export function assertWritable(dir: string, what: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    const probe = path.join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    throw new DataDirError(
      `${what} ${path.resolve(dir)} ${REASONS[code] ?? `cannot be written (${code || (err as Error).message})`}.`,
    );
  }
}

/** Takes the DATA_DIR lock; answers a release function. Throws DataDirError when another process holds it. */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
): Promise<() => Promise<void>> {
  assertWritable(dataDir, 'DATA_DIR');
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: 15_000,
      update: 5_000,
      onCompromised,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirError(
        `DATA_DIR ${path.resolve(dataDir)} is in use by another server process (the embedded database allows one). ` +
          'Stop the other process, give this one its own DATA_DIR, or use DATABASE_URL to run several instances on PostgreSQL.',
      );
    }
    throw err;
  }
}
