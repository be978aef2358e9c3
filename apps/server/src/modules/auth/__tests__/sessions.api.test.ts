/** docs/security.md: a secret that is never public, and sessions checked against the database. */
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appSecrets, users } from '../../../db/schema';
import { createApp } from '../../../app';
import { loadConfig } from '../../../config/env';
import { buildDeps } from '../../../deps';
import { createLogger } from '../../../lib/logger';
import { createTestContext } from '../../../../test/app';
import { withJwtSecret } from '../installation-secret';

// no JWT_SECRET, as `pnpm start` outside production
const ctx = await createTestContext({ JWT_SECRET: '' });
/** a second instance on the same database, started the same way */
const instanceB = createApp(
  buildDeps(
    await withJwtSecret(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ctx.db),
    ctx.db,
    createLogger('silent'),
  ),
);

const tokenOf = (res: request.Response) =>
  /token=([^;]+)/.exec(([] as string[]).concat(res.headers['set-cookie'] ?? []).join(';'))![1]!;

async function loginToken(email: string): Promise<string> {
  const res = await ctx.anon().post('/api/auth/login').send({ email, password: 'Passw0rd!' });
  expect(res.status).toBe(200);
  return tokenOf(res);
}

const asCookie = (app: typeof instanceB, path: string, token: string) =>
  request(app).get(path).set('Cookie', `token=${token}`);

describe('the signing secret without JWT_SECRET', () => {
  it('when started without JWT_SECRET, then a random secret is kept in the database and every instance uses it', async () => {
    const [row] = await ctx.db.select().from(appSecrets);
    expect(row!.value.length).toBeGreaterThanOrEqual(48);
    expect(ctx.config.jwtSecret).toBe(row!.value);
    const again = await withJwtSecret(loadConfig({ NODE_ENV: 'test' }), ctx.db);
    expect(again.jwtSecret).toBe(row!.value);

    const { email } = await ctx.loginAs('user');
    const token = await loginToken(email);
    expect((await asCookie(instanceB, '/api/auth/check-auth', token)).body.authenticated).toBe(true);
  });

  it('when a token is forged with the old source-code constant, then it opens nothing', async () => {
    const admin = await ctx.loginAs('admin');
    const forged = jwt.sign(
      { sub: admin.userId, sv: 0, role: 'admin', email: admin.email, username: 'x' },
      'dev-only-secret-change-me-in-production',
    );
    const res = await asCookie(ctx.app, '/api/auth/sellerlist/get', forged);
    expect(res.status).toBe(401);
  });
});

describe('sessions checked against the database', () => {
  it('when a validly signed token names a user that does not exist, then 401 on admin routes', async () => {
    const ghost = jwt.sign(
      { sub: '00000000-0000-4000-8000-000000000000', sv: 0, role: 'admin' },
      ctx.config.jwtSecret,
    );
    expect((await asCookie(ctx.app, '/api/admin/dashboard', ghost)).status).toBe(401);
    expect((await asCookie(ctx.app, '/api/auth/sellerlist/get', ghost)).status).toBe(401);
  });

  it("when an admin's role is taken away, then the token it holds opens no admin route", async () => {
    const admin = await ctx.loginAs('admin');
    const token = await loginToken(admin.email);
    expect((await asCookie(ctx.app, '/api/auth/sellerlist/get', token)).status).toBe(200);
    await ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.userId));
    expect((await asCookie(ctx.app, '/api/auth/sellerlist/get', token)).status).toBe(403);
    expect((await asCookie(instanceB, '/api/admin/dashboard', token)).status).toBe(403);
  });

  it('when the user logs out, then the same token is refused on every instance', async () => {
    const { email } = await ctx.loginAs('user');
    const token = await loginToken(email);
    const other = await loginToken(email); // another device
    expect((await asCookie(instanceB, '/api/auth/get', token)).status).toBe(200);
    const out = await request(ctx.app).post('/api/auth/logout').set('Cookie', `token=${token}`);
    expect(out.status).toBe(200);
    for (const app of [ctx.app, instanceB]) {
      expect((await asCookie(app, '/api/auth/get', token)).status).toBe(401);
      expect((await asCookie(app, '/api/auth/get', other)).status).toBe(401);
    }
    // a new login works again
    expect((await asCookie(instanceB, '/api/auth/get', await loginToken(email))).status).toBe(200);
  });

  it("when the admin rejects a seller, then the seller's sessions end on every instance", async () => {
    const admin = await ctx.loginAs('admin');
    const seller = await ctx.loginAsSeller('pending');
    const token = await loginToken(seller.email);
    expect((await asCookie(instanceB, '/api/auth/check-auth', token)).body.authenticated).toBe(true);
    const res = await admin.agent
      .put(`/api/auth/sellerlist/update/${seller.sellerId}`)
      .send({ approvalstatus: 'rejected' });
    expect(res.status).toBe(200);
    for (const app of [ctx.app, instanceB]) {
      const after = await asCookie(app, '/api/auth/check-auth', token);
      expect(after.body).toMatchObject({ authenticated: false, user: null });
      expect((await asCookie(app, '/api/seller/dashboard', token)).status).toBe(401);
    }
  });

  it('when a revoked cookie asks check-auth, then the stale cookie is cleared', async () => {
    const { email } = await ctx.loginAs('user');
    const token = await loginToken(email);
    await request(ctx.app).post('/api/auth/logout').set('Cookie', `token=${token}`);
    const res = await asCookie(ctx.app, '/api/auth/check-auth', token);
    expect(res.body.authenticated).toBe(false);
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);
  });
});
