/** docs/security.md "Rate limits": counts in PostgreSQL, shared by instances, kept over restarts, per account too. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../app';
import { loadConfig } from '../../../config/env';
import { buildDeps } from '../../../deps';
import { createLogger } from '../../../lib/logger';
import { createTestContext } from '../../../../test/app';
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
  it('when failures alternate between two instances, then the fourth is refused on both, and after a restart', async () => {
    const b = await startInstance();
    const ip = '203.0.113.10';
    const statuses = [];
    for (const app of [ctx.app, b, ctx.app]) statuses.push((await failLogin(app, ip, `a${n}@x.in`)).status);
    expect(statuses).toEqual([401, 401, 401]);
    const refused = await failLogin(b, ip, 'other@x.in');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await failLogin(ctx.app, ip, 'third@x.in')).status).toBe(429);
    const restarted = await startInstance();
    expect((await failLogin(restarted, ip, 'fourth@x.in')).status).toBe(429);
    // another address is not affected
    expect((await failLogin(restarted, '203.0.113.11', 'fifth@x.in')).status).toBe(401);
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
