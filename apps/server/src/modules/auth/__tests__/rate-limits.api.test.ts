/** docs/security.md "Rate limits": counts in PostgreSQL, shared by instances, kept over restarts, per account too. */
import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../app';
import { loadConfig } from '../../../config/env';
import { buildDeps } from '../../../deps';
import { createLogger } from '../../../lib/logger';
import { createTestContext, TEST_PASSWORD } from '../../../../test/app';
import { loginLinks, mailOutbox } from '../../../db/schema';
import { withJwtSecret } from '../installation-secret';

const env = { LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '1' };
const ctx = await createTestContext(env);
/** another instance on the same database; called again, it is a restarted one */
const startInstance = async () =>
  createApp(
    buildDeps(
      await withJwtSecret(
        loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_MEMORY_KIB: '1024', ...env }),
        ctx.db,
      ),
      ctx.db,
      createLogger('silent'),
    ),
  );

let n = 0;
const failLogin = (app: Parameters<typeof request>[0], ip: string, email = 'ghost@x.in') =>
  request(app)
    .post('/api/auth/login')
    .set('X-Forwarded-For', ip)
    .send({ email, password: `wrong-${++n}` });

describe('login limits shared through PostgreSQL', () => {
  it('when failures on one account from one address alternate between instances, then the fourth is refused on both, and after a restart', async () => {
    const b = await startInstance();
    const ip = '203.0.113.10';
    const statuses = [];
    for (const app of [ctx.app, b, ctx.app]) statuses.push((await failLogin(app, ip)).status);
    expect(statuses).toEqual([401, 401, 401]);
    const refused = await failLogin(b, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await failLogin(ctx.app, ip)).status).toBe(429);
    const restarted = await startInstance();
    expect((await failLogin(restarted, ip)).status).toBe(429);
    // the same address on another account is not affected
    expect((await failLogin(restarted, ip, 'fifth@x.in')).status).toBe(401);
  });

  it('when one account is attacked from many addresses, then it is limited per account; other accounts are not', async () => {
    const victim = await ctx.loginAs('user');
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await failLogin(ctx.app, `198.51.100.${i}`, victim.email)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const locked = await failLogin(ctx.app, '198.51.100.99', victim.email.toUpperCase());
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/this account/);
    expect((await failLogin(ctx.app, '198.51.100.98', 'someone-else@x.in')).status).toBe(401);
  });

  it('when a login succeeds, then it does not count against the account', async () => {
    const u = await ctx.loginAs('user');
    for (let i = 0; i < 4; i++) {
      const ok = await request(ctx.app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', `192.0.2.${i}`)
        .send({ email: u.email, password: 'Passw0rd!' });
      expect(ok.status).toBe(200);
    }
  });
});

const login = (ip: string, email: string, password = TEST_PASSWORD) =>
  request(ctx.app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
/** locks the account: LOGIN_RATE_LIMIT wrong passwords from addresses of its own */
const lockAccount = async (email: string, net: string) => {
  for (let i = 0; i < 3; i++) await failLogin(ctx.app, `${net}.${i}`, email);
  expect((await failLogin(ctx.app, `${net}.100`, email)).status).toBe(429);
};
const loginLinkMail = async (email: string) => {
  const [mail] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'login-link'), eq(mailOutbox.toAddress, email)));
  return mail;
};

describe('nobody can lock an owner out (docs/security.md, "Failed logins")', () => {
  it('when an account is locked by guesses from elsewhere, then its owner still signs in with the right password from an address that did not fail', async () => {
    const owner = await ctx.loginAs('admin');
    await lockAccount(owner.email, '198.18.1');
    const res = await login('192.0.2.77', owner.email);
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('admin');
    expect(res.headers['set-cookie']?.[0]).toMatch(/^token=/);
  });

  it('when the owner also failed from its address, then the right password gets 202 LOGIN_LINK_SENT and an e-mailed link that signs in once', async () => {
    const owner = await ctx.loginAs('user');
    expect((await failLogin(ctx.app, '192.0.2.88', owner.email)).status).toBe(401); // the owner's typo
    await lockAccount(owner.email, '198.18.2');
    const res = await login('192.0.2.88', owner.email);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ success: true, code: 'LOGIN_LINK_SENT' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const mail = await loginLinkMail(owner.email);
    const token = (mail!.payload as { token: string }).token;
    // the database keeps only the token's hash
    const links = await ctx.db.select().from(loginLinks);
    expect(links.some((l) => l.tokenHash.includes(token))).toBe(false);

    const used = await request(ctx.app).post('/api/auth/login-link').send({ token });
    expect(used.status).toBe(200);
    expect(used.body.user.email).toBe(owner.email);
    expect(used.headers['set-cookie']?.[0]).toMatch(/^token=/);
    const again = await request(ctx.app).post('/api/auth/login-link').send({ token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('LOGIN_LINK_INVALID');
  });

  it('when a sign-in link expired, then it is refused with 400 LOGIN_LINK_INVALID', async () => {
    const owner = await ctx.loginAs('user');
    expect((await failLogin(ctx.app, '192.0.2.99', owner.email)).status).toBe(401);
    await lockAccount(owner.email, '198.18.3');
    expect((await login('192.0.2.99', owner.email)).status).toBe(202);
    const token = ((await loginLinkMail(owner.email))!.payload as { token: string }).token;
    await ctx.db.update(loginLinks).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await request(ctx.app).post('/api/auth/login-link').send({ token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('LOGIN_LINK_INVALID');
  });

  it("when a shared address failed for other accounts, then a user's right password from it still signs in; the address's total guessing stays bounded", async () => {
    const office = '203.0.113.50';
    const user = await ctx.loginAs('user');
    // colleagues' typos: up to the limit on each of ten other accounts
    for (let a = 0; a < 10; a++)
      for (let i = 0; i < 3; i++)
        expect((await failLogin(ctx.app, office, `colleague-${a}@x.in`)).status).toBe(401);
    // ten times the per-account limit, all accounts together: the address may not guess any more
    const refused = await failLogin(ctx.app, office, 'one-more@x.in');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // another office: more failures than the per-account limit, spread over colleagues' accounts
    const other = '203.0.113.51';
    for (let a = 0; a < 3; a++)
      for (let i = 0; i < 2; i++)
        expect((await failLogin(ctx.app, other, `coworker-${a}@x.in`)).status).toBe(401);
    expect((await login(other, user.email)).status).toBe(200);
  });

  it('when the e-mail holds a NUL character, then login answers 400 and counts nothing', async () => {
    const res = await request(ctx.app)
      .post('/api/auth/login')
      .send({ email: 'nul\u0000@x.in', password: 'whatever-1' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
