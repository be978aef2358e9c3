/**
 * The embedded database's folder: one process at a time (docs/operations.md, "Embedded database"). PGlite is a
 * single-process database; two processes on one DATA_DIR lose writes. A lock file (proper-lockfile: refreshed
 * every few seconds, taken over once stale) makes a second process refuse with a clear message. The lock's owner
 * (pid and host) is written beside it, so after a crash (kill -9, out of memory) the next start on the same host
 * takes the lock over at once instead of waiting for it to go stale. Also checks the folder is writable before
 * anything starts.
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
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

/** Lock files this process holds (its own record names its own pid, which must not count as "gone"). */
const heldHere = new Set<string>();

/** Takes the DATA_DIR lock; answers a release function. Throws DataDirError when another process holds it. */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (err: Error) => void,
): Promise<() => Promise<void>> {
  assertWritable(dataDir, 'DATA_DIR');
  const lockPath = path.join(dataDir, 'server.lock');
  const ownerPath = path.join(dataDir, 'server.lock.owner');
  if (existsSync(lockPath) && !heldHere.has(path.resolve(lockPath)) && ownerIsGone(ownerPath))
    rmSync(lockPath, { recursive: true, force: true });
  try {
    const release = await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: 15_000,
      update: 5_000,
      onCompromised,
    });
    writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() }) + '\n');
    heldHere.add(path.resolve(lockPath));
    return async () => {
      heldHere.delete(path.resolve(lockPath));
      rmSync(ownerPath, { force: true });
      await release();
    };
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

/**
 * True when the lock's recorded owner ran on this host and that process no longer exists (or is this very
 * process, e.g. pid 1 again in a restarted container, and the lock is not one it took). An owner on another
 * host, or no record, is left to the lock's staleness check.
 */
function ownerIsGone(ownerPath: string): boolean {
  let owner: { pid?: unknown; host?: unknown };
  try {
    owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as typeof owner;
  } catch {
    return false;
  }
  if (typeof owner.pid !== 'number' || owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
