import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-proc-'));
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
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

  it('when a client sends its request body slowly, then the server answers 408 within seconds (docs/security.md)', async () => {
    const port = await freePort();
    const p = start({
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'slow'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      REQUEST_TIMEOUT_MS: '2000',
    });
    try {
      await waitForHealth(port);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
          );
        });
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        setTimeout(() => {
          socket.destroy();
          resolve(data || 'still open');
        }, 20_000).unref();
      });
      // before: the socket stayed open for Node's default 300 s
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }, 90_000);
});
