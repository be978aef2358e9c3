/**
 * A throw-away PostgreSQL server of the test's own (initdb into a temp folder, a free port on 127.0.0.1), so a
 * test may restart it, and a streaming standby of it (pg_basebackup). PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the postgres user on a
 * folder that user owns. Stopped by its postmaster's PID, the folder removed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './cluster';

/** PG_BIN, else Debian's PostgreSQL 15 (as .ci/run installs it), else the newest version installed. */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((x, y) => Number(y) - Number(x))
    : [];
  const version = versions.includes('15') ? '15' : versions[0];
  if (!version)
    throw new Error('no PostgreSQL server under /usr/lib/postgresql: set PG_BIN to its bin folder');
  return `/usr/lib/postgresql/${version}/bin`;
}

export interface OwnPostgres {
  /** postgres://mp@127.0.0.1:port/postgres (trust authentication, a superuser) */
  url: string;
  port: number;
  /** pg_ctl restart -m fast: every connection is ended, the server is away for a moment */
  restart(): Promise<void>;
  /** the server's log so far (what it was told to log: `log_statement`, errors) */
  log(): string;
  stop(): void;
}

/** How this process runs PostgreSQL's tools: as the postgres user (on a folder it owns) when we are root. */
function tools() {
  const BIN = pgBin();
  const asRoot = userInfo().uid === 0;
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]]
      : [path.join(BIN, tool), args];
  const run = (tool: string, args: string[]) => execFileSync(...command(tool, args), { stdio: 'pipe' });
  /** a new temp folder the tools may write in */
  const folder = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    return dir;
  };
  return { command, run, folder };
}

/** Starts the server of `dir`/data on `port` and answers its handle. */
function serve(t: ReturnType<typeof tools>, dir: string, port: number): OwnPostgres {
  const data = path.join(dir, 'data');
  // pg_ctl always gets -l: a postmaster writing to our pipe would keep the command from ever finishing
  const log = path.join(dir, 'server.log');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  t.run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  const postmasterPid = () => {
    const file = path.join(data, 'postmaster.pid');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
  };
  return {
    url: `postgres://mp@127.0.0.1:${port}/postgres`,
    port,
    async restart() {
      // pg_ctl keeps the start options (postmaster.opts); asynchronous, so the test's own load goes on meanwhile
      await promisify(execFile)(
        ...t.command('pg_ctl', ['-D', data, '-l', log, '-m', 'fast', '-w', '-t', '60', 'restart']),
      );
    },
    log: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    stop() {
      const pid = postmasterPid();
      if (pid) {
        try {
          process.kill(pid, 'SIGQUIT'); // immediate shutdown of that postmaster
        } catch {
          // already gone
        }
        for (let i = 0; i < 50 && existsSync(path.join(data, 'postmaster.pid')); i++)
          execFileSync('sleep', ['0.1']);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new server (initdb; its default pg_hba.conf lets local replication connections in, wal_level is replica). */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const t = tools();
  const dir = t.folder('mp-own-pg-');
  const port = await freePort();
  t.run('initdb', [
    '-D',
    path.join(dir, 'data'),
    '-U',
    'mp',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C',
  ]);
  return serve(t, dir, port);
}

/**
 * A streaming standby of `primary` (pg_basebackup -R -X stream: a copy of its data folder, settings made with
 * ALTER SYSTEM included, that follows its WAL), read-only, started on a port of its own.
 */
export async function startStandby(primary: OwnPostgres): Promise<OwnPostgres> {
  const t = tools();
  const dir = t.folder('mp-own-standby-');
  const port = await freePort();
  const base = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'mp'];
  t.run('pg_basebackup', [
    ...base,
    '-D',
    path.join(dir, 'data'),
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  return serve(t, dir, port);
}
