/**
 * Real server processes (src/index.ts through tsx) sharing one PostgreSQL database, for the multi-instance suite.
 * Every process is stopped by its own PID; the database is created empty and dropped afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'the multi-instance suite needs DATABASE_URL (a PostgreSQL server it may create databases on)',
    );
  return url;
}

/** A new empty database on the DATABASE_URL server; drop() removes it (after the instances stopped). */
export async function createEmptyDatabase(): Promise<{
  url: string;
  name: string;
  admin: pg.Client;
  drop(): Promise<void>;
}> {
  const base = requireDatabaseUrl();
  const name = `mp_multi_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}

export interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  alive(): boolean;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const started: Instance[] = [];

/** Starts one server process; resolves once it is listening (not yet necessarily ready). */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const uploadDir = mkdtempSync(path.join(tmpdir(), `mp-multi-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: 'multi-instance-suite-secret-0123456789',
      PASSWORD_HASH_MEMORY_KIB: '1024',
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: uploadDir,
      DATA_DIR: uploadDir,
      LOGIN_RATE_LIMIT: '1000',
      SHUTDOWN_DRAIN_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      rmSync(uploadDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const instance: Instance = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop(signal = 'SIGTERM') {
      if (instance.alive()) process.kill(child.pid!, signal);
      const timer = setTimeout(() => instance.alive() && process.kill(child.pid!, 'SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  started.push(instance);
  return instance;
}

/** Kills whatever a test left running (afterAll). */
export async function stopAll(): Promise<void> {
  await Promise.all(started.filter((i) => i.alive()).map((i) => i.stop('SIGKILL')));
}

/** Waits until GET /api/health/ready answers 200, or fails with the instance's output. */
export async function waitReady(instance: Instance, timeoutMs = 60_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (!instance.alive()) throw new Error(`${instance.name} exited:\n${instance.output()}`);
    try {
      const res = await fetch(`${instance.base}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return Date.now() - t0;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${instance.name} not ready after ${timeoutMs} ms:\n${instance.output()}`);
}

/** A logged-in session (the cookie from POST /api/auth/login) against one instance. */
export async function login(instance: Instance, email: string, password: string): Promise<string> {
  const res = await fetch(`${instance.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A product edit's body: the product's fields as an answer shows them, with `changes` applied. */
/**
 * A product sold as one (default) variant: edited by its own price and stock, added to a cart by its id alone (a
 * product with sizes or colours needs its variant named; the API suite covers those).
 */
export const soldAsOne = (p: object): boolean => !(p as { options?: unknown[] }).options?.length;

export function productEditBody(product: Record<string, unknown>, changes: Record<string, unknown>): string {
  // the product's own price and stock are edited: its (one) variant follows them (answers carry `variants`)
  const { _id, sellerId, averageReview, reviewCount, popularity, createdAt, images, variants, ...fields } =
    product;
  void [_id, sellerId, averageReview, reviewCount, popularity, createdAt, variants];
  // answers carry each image with its sizes; an edit sends the ordered URLs
  const urls = (images as { url: string }[]).map((i) => i.url);
  return JSON.stringify({ ...fields, images: urls, ...changes });
}

export interface LoadResult {
  startedAt: number;
  endedAt: number;
  status: number | 'error';
  error?: string;
}

/**
 * Keeps `concurrency` request loops running against the given URLs until stop() is called, recording every
 * request's start, end and outcome (a status code, or 'error' when no HTTP answer came).
 */
export function startLoad(urls: string[], concurrency = 8) {
  const results: LoadResult[] = [];
  let running = true;
  const loops = Array.from({ length: concurrency }, async (_, n) => {
    for (let i = n; running; i++) {
      const url = urls[i % urls.length]!;
      const startedAt = Date.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        results.push({ startedAt, endedAt: Date.now(), status: res.status });
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        results.push({ startedAt, endedAt: Date.now(), status: 'error', error: e.cause?.code ?? e.message });
        await sleep(20);
      }
    }
  });
  return {
    results,
    async stop() {
      running = false;
      await Promise.all(loops);
      return results;
    },
  };
}
