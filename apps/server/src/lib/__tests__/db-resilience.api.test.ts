/**
 * Database faults and bounded waits (docs/operations.md): an unreachable database, a full pool and a stuck row
 * lock answer 503 with Retry-After and the error envelope, quickly, and health says so; nothing answers 500.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { realPostgresUrl } from '../../../test/db';
import { createApp } from '../../app';
import { loadConfig } from '../../config/env';
import { openPostgres } from '../../db/client';
import { products } from '../../db/schema';
import { buildDeps } from '../../deps';
import { createLogger } from '../logger';
import { createTestContext } from '../../../test/app';
import { insertProducts, productBody } from '../../modules/catalog/__tests__/catalog-fixtures';

// the signing key is given outright: withJwtSecret would need the database this file keeps unreachable
const config = {
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  jwtSecret: 'test-secret-that-is-long-enough',
};

describe('when the database is unreachable', async () => {
  // nothing listens on port 9 of the loopback: every connection attempt is refused at once
  const database = openPostgres('postgres://nobody:x@127.0.0.1:9/none', 2, {
    connectMs: 500,
    statementMs: 1000,
    lockMs: 500,
    idleInTransactionMs: 1000,
  });
  const app = createApp(buildDeps(config, database.db, createLogger('silent')));

  it('then an API read answers 503 SERVICE_UNAVAILABLE with Retry-After and the envelope', async () => {
    const res = await request(app).get('/api/shop/products/get');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(res.body.requestId).toBeTruthy();
  });

  it('then a login answers 503, not 500 or "wrong password"', async () => {
    const res = await request(app).post('/api/auth/login').send({ email: 'a@b.in', password: 'whatever1' });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('then liveness is 200 while readiness and /api/health are 503 with database "down"', async () => {
    expect((await request(app).get('/api/health/live')).status).toBe(200);
    const ready = await request(app).get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', database: 'down' });
    expect(ready.headers['retry-after']).toBeDefined();
    const health = await request(app).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.database).toBe('down');
  });
});

describe.skipIf(!realPostgresUrl())('bounded waits on PostgreSQL', async () => {
  const ctx = await createTestContext(
    {},
    { poolMax: 3, timeouts: { connectMs: 400, lockMs: 500, statementMs: 2000, idleInTransactionMs: 2000 } },
  );
  const admin = await ctx.loginAs('admin');
  const [productId] = await insertProducts(ctx.db, [{ title: 'Locked product' }]);
  const product = { id: productId! };
  const pool = ctx.database.pool!;

  it('when a search reads the catalogue with a sequential scan, then it starts at the first page of the table, so the same search always finds the same first matches', async () => {
    const { rows } = await pool.query<{ setting: string }>(
      "select setting from pg_settings where name = 'synchronize_seqscans'",
    );
    expect(rows[0]!.setting).toBe('off');
  });

  it('when a product row is held FOR UPDATE elsewhere, then an edit of it answers 503 within about the lock time-out and health stays up', async () => {
    const holder = await pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from products where id = $1 for update', [product.id]);
      const t0 = Date.now();
      const res = await admin.agent
        .put(`/api/admin/products/edit/${product.id}`)
        .send(productBody({ title: 'X' }));
      const ms = Date.now() - t0;
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBeDefined();
      expect(ms).toBeLessThan(5000);
      // other work goes on meanwhile
      expect((await ctx.anon().get('/api/health')).status).toBe(200);
      expect((await ctx.anon().get(`/api/shop/products/get/${product.id}`)).status).toBe(200);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    const [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.title).toBe('Locked product');
  });

  it('when every pool connection is taken, then a request answers 503 after the acquire time-out and health reports it', async () => {
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      const res = await admin.agent.get('/api/admin/products/get');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      const ready = await ctx.anon().get('/api/health/ready');
      expect(ready.status).toBe(503);
    } finally {
      for (const c of held) c.release();
    }
    expect((await ctx.anon().get('/api/health/ready')).status).toBe(200);
  });

  it('when a transaction is left idle, then the server ends it and its lock is freed', async () => {
    const idle = await pool.connect();
    idle.on('error', () => undefined);
    await idle.query('begin');
    await idle.query('select id from products where id = $1 for update', [product.id]);
    await new Promise((r) => setTimeout(r, 2600));
    const res = await admin.agent
      .put(`/api/admin/products/edit/${product.id}`)
      .send(productBody({ title: 'Y' }));
    expect(res.status).toBe(200);
    idle.release(true);
  });
});
