/** Builds the real app in-process on a fresh database, with helpers to act as each role. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import express from 'express';
import { afterAll, afterEach } from 'vitest';
import { loadConfig, type Config } from '../src/config/env';
import { createApp } from '../src/app';
import { buildDeps } from '../src/deps';
import type { AppDeps } from '../src/context';
import { createLogger } from '../src/lib/logger';
import { sellers, sellerTaxProfiles, users } from '../src/db/schema';
import { withJwtSecret } from '../src/modules/auth/installation-secret';
import { createContractRecorder } from './contract';
import { createTestDatabase } from './db';
import type { Database } from '../src/db/client';

export type TestAgent = ReturnType<typeof request.agent>;

export interface TestContext {
  /** the real app behind the contract check (test/contract.ts) */
  app: ReturnType<typeof express>;
  deps: AppDeps;
  db: AppDeps['db'];
  /** the database handle (pool options apply on PostgreSQL only) */
  database: Database;
  config: Config & { jwtSecret: string };
  /** a cookie-keeping client, logged in as nobody */
  anon(): TestAgent;
  /** creates a user of that role and answers a logged-in client with its ids */
  loginAs(
    role: 'user' | 'admin',
    overrides?: { email?: string; username?: string },
  ): Promise<{ agent: TestAgent; userId: string; email: string }>;
  /** creates a seller (approved unless told otherwise) and answers a logged-in client */
  loginAsSeller(
    status?: 'approved' | 'pending' | 'rejected',
  ): Promise<{ agent: TestAgent; userId: string; sellerId: string; email: string }>;
}

/** A seller made by `loginAsSeller`: its logged-in client and ids. */
export type TestSeller = Awaited<ReturnType<TestContext['loginAsSeller']>>;

/** GETs an answer as raw bytes (a PDF, a stored image): its body is a Buffer whatever its type. */
export const getBinary = (agent: TestAgent, url: string) =>
  agent
    .get(url)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}@test.in`;
export const TEST_PASSWORD = 'Passw0rd!';

/** Call at the top level of a test file; the database is closed after the file. */
export async function createTestContext(
  env: Record<string, string> = {},
  dbOptions: Parameters<typeof createTestDatabase>[0] = {},
): Promise<TestContext> {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'mp-uploads-'));
  const database = await createTestDatabase(dbOptions);
  const loaded = loadConfig({
    NODE_ENV: 'test',
    PASSWORD_HASH_MEMORY_KIB: '1024',
    JWT_SECRET: 'test-secret-that-is-long-enough',
    LOG_LEVEL: 'silent',
    UPLOAD_DIR: uploadDir,
    LOGIN_RATE_LIMIT: '1000',
    DOCUMENT_UPLOADS_PER_HOUR: '1000',
    DOCUMENT_UPLOAD_MB_PER_HOUR: '1000',
    ...env,
  });
  // no JWT_SECRET in env: the installation's own secret from the database, as outside production
  const config = await withJwtSecret(loaded, database.db);
  const deps = buildDeps(config, database.db, createLogger(config.logLevel));
  // every answer is checked against the OpenAPI document; a test that received an undocumented one fails
  const contract = createContractRecorder();
  const app = express();
  app.use(contract.middleware);
  app.use(createApp(deps));
  afterEach(() => {
    const violations = contract.take();
    if (violations.length) {
      throw new Error(
        `answers that break the API contract:\n${[...new Set(violations)].slice(0, 20).join('\n')}`,
      );
    }
  });
  const passwordHash = await deps.passwords.hash(TEST_PASSWORD);

  afterAll(async () => {
    deps.catalogReads.close();
    await database.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  async function login(email: string): Promise<TestAgent> {
    const agent = request.agent(app);
    const res = await agent.post('/api/auth/login').send({ email, password: TEST_PASSWORD });
    if (res.status !== 200) throw new Error(`test login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return agent;
  }

  return {
    app,
    deps,
    db: database.db,
    database,
    config,
    anon: () => request.agent(app),
    async loginAs(role, overrides = {}) {
      const email = overrides.email ?? uniqueEmail(role);
      const [u] = await database.db
        .insert(users)
        .values({ username: overrides.username ?? `${role} ${counter}`, email, passwordHash, role })
        .returning({ id: users.id });
      return { agent: await login(email), userId: u!.id, email };
    },
    async loginAsSeller(status = 'approved') {
      const email = uniqueEmail('seller');
      const [u] = await database.db
        .insert(users)
        .values({ username: `seller ${counter}`, email, passwordHash, role: 'seller', phone: '9876543210' })
        .returning({ id: users.id });
      const [s] = await database.db
        .insert(sellers)
        .values({
          userId: u!.id,
          storename: `Store ${counter}`,
          businesstype: 'Individual',
          document: '/uploads/documents/x.png',
          address: '1 Test Road',
          bankaccount: '12345678',
          ifsccode: 'HDFC0001234',
          approvalstatus: status,
          isapproved: status === 'approved',
        })
        .returning({ id: sellers.id });
      // registered for GST, so it may list taxable goods (docs/tax.md)
      await database.db.insert(sellerTaxProfiles).values({
        sellerId: s!.id,
        legalName: `Store ${counter} LLP`,
        gstin: '27AAPFU0939F1ZV',
        state: 'Maharashtra',
        address: '1 Test Road, Pune',
      });
      return { agent: await login(email), userId: u!.id, sellerId: s!.id, email };
    },
  };
}
