import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { realPostgresUrl } from '../../../test/db';
import { freePort } from '../../../test/multi/cluster';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-proc-'));
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs src/index.ts (through tsx) as a real process with only the given environment. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 40_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

describe('the server process', () => {
  it('when the configuration is wrong, then it exits 1 listing every bad key', async () => {
    const p = start({ NODE_ENV: 'production', PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/Invalid configuration/);
    for (const key of ['PORT', 'DATABASE_URL', 'JWT_SECRET']) expect(p.output()).toContain(`- ${key} `);
  });

  it('when it gets SIGTERM, then it finishes, closes the database and exits 0', async () => {
    const port = await freePort();
    const p = start({
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '200',
    });
    try {
      await waitForHealth(port);
    } catch (err) {
      p.child.kill('SIGKILL');
      throw new Error(`${(err as Error).message}\n${p.output()}`);
    }
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toMatch(/shutting down/);
    expect(p.output()).toMatch(/"msg":"stopped"/);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);

  it('when the database refuses connections, then start-up retries and then exits 1 naming ECONNREFUSED first', async () => {
    const p = start({
      NODE_ENV: 'development',
      PORT: '0',
      DATABASE_URL: 'postgres://someone:secret-pw@127.0.0.1:9/shop',
      DATABASE_STARTUP_TIMEOUT_MS: '1500',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    expect(await p.exited).toBe(1);
    const failure = p
      .output()
      .split('\n')
      .find((l) => l.startsWith('Start-up failed'));
    expect(failure).toMatch(/still unreachable after 2 s: .*ECONNREFUSED/);
    expect(p.output()).toMatch(/retrying in \d+ ms/);
    expect(p.output()).not.toContain('secret-pw');
  }, 30_000);

  it.skipIf(!realPostgresUrl())(
    'when the password is wrong, then start-up exits 1 at once with the authentication error first',
    async () => {
      const url = new URL(realPostgresUrl()!);
      url.password = 'not-the-password';
      const t0 = Date.now();
      const p = start({
        NODE_ENV: 'development',
        PORT: '0',
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
      });
      expect(await p.exited).toBe(1);
      expect(Date.now() - t0).toBeLessThan(20_000);
      expect(p.output().split('\n')[0]).toMatch(
        /^Start-up failed: Cannot use the database .*password authentication failed/,
      );
    },
    30_000,
  );

  it('when a second process opens the same DATA_DIR, then it exits 1 saying the folder is in use', async () => {
    const port = await freePort();
    const shared = mkdtempSync(path.join(tmpdir(), 'mp-lock-'));
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATA_DIR: shared,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
    const first = start({ ...env, PORT: String(port), SHUTDOWN_DRAIN_MS: '0' });
    try {
      await waitForHealth(port);
      const second = start({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/^Start-up failed: DATA_DIR .* is in use by another server process/);
      // the first one is unharmed
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
      rmSync(shared, { recursive: true, force: true });
    }
  }, 90_000);

  it('when DATA_DIR cannot be written, then it exits 1 naming the folder and the reason', async () => {
    const p = start({ NODE_ENV: 'development', PORT: '0', DATA_DIR: '/dev/null/data', LOG_LEVEL: 'warn' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/^Start-up failed: DATA_DIR \/dev\/null\/data cannot be written \(ENOTDIR\)/);
  }, 30_000);
});
