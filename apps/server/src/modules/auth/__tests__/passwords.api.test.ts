/** docs/security.md "Passwords": argon2id off the main thread, a policy, no 72-byte cut-off, old hashes upgraded. */
import bcrypt from 'bcryptjs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordSchema } from '@mp/shared';
import { users } from '../../../db/schema';
import { createTestContext } from '../../../../test/app';
import { DEMO_PASSWORD } from '../../../seed/demo-data';
import { weakPasswordReason } from '../passwords';

const ctx = await createTestContext();
let n = 0;
const email = () => `pw${Date.now().toString(36)}${++n}@test.in`;
const register = (password: string, address = email()) =>
  ctx
    .anon()
    .post('/api/auth/register')
    .send({ username: `Pw ${n}`, email: address, password });
const login = (address: string, password: string) =>
  ctx.anon().post('/api/auth/login').send({ email: address, password });
const hashOf = async (address: string) =>
  (await ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, address)))[0]?.h;

describe('password policy', () => {
  it.each(['password123', 'qwertyuiop', '12345678', 'P@ssw0rd', 'aaaaaaaaaa'])(
    'when a shopper registers with %s, then 400 WEAK_PASSWORD and no account',
    async (password) => {
      const address = email();
      const res = await register(password, address);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'WEAK_PASSWORD' });
      expect(res.body.errors.fieldErrors.password).toHaveLength(1);
      expect(await hashOf(address)).toBeUndefined();
    },
  );

  it('when the password is shorter than 8 characters, then 400 naming password', async () => {
    const res = await register('Ab1!xyz');
    expect(res.status).toBe(400);
    expect(res.body.errors.fieldErrors.password[0]).toMatch(/at least 8/);
  });

  it('when the demo passwords of the README are checked, then the policy accepts them', () => {
    for (const p of Object.values(DEMO_PASSWORD)) {
      expect(passwordSchema.safeParse(p).success).toBe(true);
      expect(weakPasswordReason(p)).toBeUndefined();
    }
  });
});

describe('password hashing', () => {
  it('when a shopper registers, then the hash is argon2id and logs in', async () => {
    const address = email();
    expect((await register('Tandoori-Night-42', address)).status).toBe(201);
    expect(await hashOf(address)).toMatch(/^\$argon2id\$/);
    expect((await login(address, 'Tandoori-Night-42')).status).toBe(200);
  });

  it('when two long passwords share their first 72 bytes, then only the real one logs in', async () => {
    const head = 'monsoon-mango-'.repeat(6); // 84 bytes
    const address = email();
    expect((await register(`${head}first`, address)).status).toBe(201);
    expect((await login(address, `${head}first`)).status).toBe(200);
    expect((await login(address, `${head}other`)).status).toBe(401);
    expect((await login(address, head.slice(0, 72))).status).toBe(401);
  });

  it('when a user still has a bcrypt hash from an earlier version, then it logs in and the hash becomes argon2id', async () => {
    const address = email();
    await ctx.db.insert(users).values({
      username: 'Legacy',
      email: address,
      passwordHash: bcrypt.hashSync('Old-Bcrypt-Pass', 4),
      role: 'user',
    });
    expect((await login(address, 'wrong-password')).status).toBe(401);
    expect(await hashOf(address)).toMatch(/^\$2[aby]\$/);
    expect((await login(address, 'Old-Bcrypt-Pass')).status).toBe(200);
    expect(await hashOf(address)).toMatch(/^\$argon2id\$/);
    expect((await login(address, 'Old-Bcrypt-Pass')).status).toBe(200);
  });
});

describe('PUT /api/auth/password', () => {
  it('when the current password is wrong or the new one weak, then 400 and nothing changes', async () => {
    const u = await ctx.loginAs('user');
    const before = await hashOf(u.email);
    const wrong = await u.agent
      .put('/api/auth/password')
      .send({ currentPassword: 'not-it-at-all', newPassword: 'Brand-New-Pass-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.fieldErrors.currentPassword).toBeDefined();
    const weak = await u.agent
      .put('/api/auth/password')
      .send({ currentPassword: 'Passw0rd!', newPassword: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('WEAK_PASSWORD');
    expect(await hashOf(u.email)).toBe(before);
    expect((await request(ctx.app).put('/api/auth/password').send({})).status).toBe(401);
  });

  it('when the password changes, then other sessions end, this one goes on, and only the new password logs in', async () => {
    const u = await ctx.loginAs('user');
    const other = ctx.anon();
    expect((await other.post('/api/auth/login').send({ email: u.email, password: 'Passw0rd!' })).status).toBe(
      200,
    );
    const res = await u.agent
      .put('/api/auth/password')
      .send({ currentPassword: 'Passw0rd!', newPassword: 'Brand-New-Pass-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect((await other.get('/api/auth/get')).status).toBe(401);
    expect((await u.agent.get('/api/auth/get')).status).toBe(200);
    expect((await login(u.email, 'Passw0rd!')).status).toBe(401);
    expect((await login(u.email, 'Brand-New-Pass-1')).status).toBe(200);
  });
});
