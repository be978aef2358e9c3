/**
 * A throw-away PostgreSQL server of the test's own (initdb into a temp folder, a free port on 127.0.0.1), so a
 * test may restart it. PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as the postgres user on a
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
  stop(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const BIN = pgBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-own-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]]
      : [path.join(BIN, tool), args];
  // pg_ctl always gets -l: a postmaster writing to our pipe would keep the command from ever finishing
  const log = path.join(dir, 'server.log');
  const run = (tool: string, args: string[]) => execFileSync(...command(tool, args), { stdio: 'pipe' });
  run('initdb', ['-D', data, '-U', 'mp', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
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
        ...command('pg_ctl', ['-D', data, '-l', log, '-m', 'fast', '-w', '-t', '60', 'restart']),
      );
    },
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
