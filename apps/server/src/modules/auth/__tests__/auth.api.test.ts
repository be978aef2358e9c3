import jwt from 'jsonwebtoken';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { createTestContext } from '../../../../test/app';

const ctx = await createTestContext();
const userCount = async () => (await ctx.db.select({ n: count() }).from(users))[0]!.n;

describe('POST /api/auth/register', () => {
  it('when the body is valid, then creates a shopper and never echoes the password', async () => {
    const res = await ctx
      .anon()
      .post('/api/auth/register')
      .send({ username: 'Asha', email: 'Asha@Example.in', password: 'secret123' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Registration Successful!' });
    expect(res.body.user).toMatchObject({ username: 'Asha', email: 'asha@example.in', role: 'user' });
    expect(res.body.user.id).toBe(res.body.user._id);
    expect(JSON.stringify(res.body)).not.toMatch(/password|secret123|\$2[aby]\$/i);
  });

  it('when the body carries a role, then the account is still a shopper', async () => {
    const res = await ctx
      .anon()
      .post('/api/auth/register')
      .send({ username: 'Sneaky', email: 'sneaky@example.in', password: 'secret123', role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('user');
    const [row] = await ctx.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'sneaky@example.in'));
    expect(row?.role).toBe('user');
  });

  it('when the email is taken (any case), then 409 and no second account', async () => {
    const before = await userCount();
    const res = await ctx
      .anon()
      .post('/api/auth/register')
      .send({ username: 'Asha 2', email: 'ASHA@example.in', password: 'secret123' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      code: 'EMAIL_TAKEN',
      message: expect.stringMatching(/already exists/),
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ email: 'a@b.in', password: 'secret123' }, 'username'],
    [{ username: 'x', email: 'not-an-email', password: 'secret123' }, 'email'],
    [{ username: 'x', email: 'x@y.in', password: '123' }, 'password'],
    [{ username: 'x', email: 'x@y.in', password: 12345678 }, 'password'],
  ])('when the body is %j, then 400 naming %s and nothing is written', async (body, field) => {
    const before = await userCount();
    const res = await ctx.anon().post('/api/auth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.fieldErrors[field]).toBeDefined();
    expect(await userCount()).toBe(before);
  });

  it('when the JSON is malformed, then 400 with a message, never a 500', async () => {
    const res = await ctx
      .anon()
      .post('/api/auth/register')
      .set('content-type', 'application/json')
      .send('{"username":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'MALFORMED_JSON' });
    expect(res.body.message).toMatch(/not valid JSON/);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('when the body is over the JSON limit, then 413', async () => {
    const res = await ctx
      .anon()
      .post('/api/auth/register')
      .send({ username: 'x'.repeat(200_000), email: 'big@x.in', password: 'secret123' });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/auth/login, check-auth, logout', () => {
  it('when the credentials are right, then sets an httpOnly SameSite=Lax cookie and answers the role', async () => {
    await ctx
      .anon()
      .post('/api/auth/register')
      .send({ username: 'Login', email: 'login@example.in', password: 'secret123' });
    const res = await ctx
      .anon()
      .post('/api/auth/login')
      .send({ email: 'LOGIN@example.in', password: 'secret123' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { role: 'user' },
      user: { email: 'login@example.in' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('when the password is wrong or the email unknown, then 401 with the same message', async () => {
    const wrong = await ctx
      .anon()
      .post('/api/auth/login')
      .send({ email: 'login@example.in', password: 'nope12345' });
    const unknown = await ctx
      .anon()
      .post('/api/auth/login')
      .send({ email: 'ghost@example.in', password: 'nope12345' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('when logged in, check-auth answers the user; after logout it answers 200 with no user (not an error)', async () => {
    const { agent, email } = await ctx.loginAs('user');
    const ok = await agent.get('/api/auth/check-auth');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, user: { email, role: 'user' } });
    const out = await agent.post('/api/auth/logout');
    expect(out.body).toMatchObject({ success: true });
    const after = await agent.get('/api/auth/check-auth');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ success: true, authenticated: false, user: null });
    const anonymous = await ctx.anon().get('/api/auth/check-auth');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ authenticated: false, user: null });
  });

  it('when the JWT is tampered with, signed with another key or expired, then no session: 401 on guarded routes', async () => {
    const { userId } = await ctx.loginAs('user');
    const claims = { sub: userId, role: 'admin', email: 'x@y.in', username: 'x' };
    const forged = jwt.sign(claims, 'some-other-secret-entirely');
    const expired = jwt.sign({ ...claims, role: 'user' }, ctx.config.jwtSecret, { expiresIn: -10 });
    const good = jwt.sign({ ...claims, role: 'user' }, ctx.config.jwtSecret);
    const tampered = good.slice(0, -3) + (good.endsWith('a') ? 'bbb' : 'aaa');
    for (const token of [forged, expired, tampered]) {
      const res = await request(ctx.app).get('/api/auth/check-auth').set('Cookie', `token=${token}`);
      expect(res.body).toMatchObject({ authenticated: false, user: null });
      expect(String(res.headers['set-cookie'])).toMatch(/^token=;/);
      const admin = await request(ctx.app).get('/api/auth/sellerlist/get').set('Cookie', `token=${token}`);
      expect(admin.status).toBe(401);
    }
  });

  it('when a client keeps failing to log in, then it is rate limited with 429', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await limited.anon().post('/api/auth/login').send({ email: 'ghost@x.in', password: 'wrong-one' }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const res = await limited
      .anon()
      .post('/api/auth/login')
      .send({ email: 'ghost@x.in', password: 'wrong-one' });
    expect(res.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});

describe('profile: GET /api/auth/user/:id, PUT /api/auth/update/:id, GET /api/auth/get', () => {
  it('when reading and updating my own profile, then it changes phone, gender and dob only', async () => {
    const { agent, userId, email } = await ctx.loginAs('user');
    const res = await agent
      .put(`/api/auth/update/${userId}`)
      .send({ phone: '9876543210', gender: 'female', dob: '1995-04-12', email: 'evil@x.in', role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { phone: '9876543210', gender: 'female', dob: '1995-04-12', email, role: 'user' },
    });
    const got = await agent.get(`/api/auth/user/${userId}`);
    expect(got.body.data).toMatchObject({ phone: '9876543210', gender: 'female', dob: '1995-04-12' });
    const me = await agent.get('/api/auth/get');
    expect(me.body.data.id).toBe(userId);
  });

  it('when the phone is missing or the gender unknown, then 400 and nothing changes', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    expect((await agent.put(`/api/auth/update/${userId}`).send({ gender: 'female' })).status).toBe(400);
    expect(
      (await agent.put(`/api/auth/update/${userId}`).send({ phone: '9876543210', gender: 'robot' })).status,
    ).toBe(400);
    expect((await agent.get(`/api/auth/user/${userId}`)).body.data.gender).toBeNull();
  });

  it("when touching someone else's profile, then 403; the admin may read it; unknown and malformed ids are 404 and 400", async () => {
    const a = await ctx.loginAs('user');
    const b = await ctx.loginAs('user');
    expect((await a.agent.get(`/api/auth/user/${b.userId}`)).status).toBe(403);
    expect((await a.agent.put(`/api/auth/update/${b.userId}`).send({ phone: '9876543210' })).status).toBe(
      403,
    );
    const admin = await ctx.loginAs('admin');
    expect((await admin.agent.get(`/api/auth/user/${b.userId}`)).status).toBe(200);
    expect((await admin.agent.get('/api/auth/user/2d9f4f7e-0a57-4c5e-9a0b-3c1b3c9f0000')).status).toBe(404);
    expect((await admin.agent.get('/api/auth/user/not-an-id')).status).toBe(400);
    expect((await ctx.anon().get(`/api/auth/user/${b.userId}`)).status).toBe(401);
  });
});

describe('ids in paths', () => {
  it('when my own id is sent in capitals, then it is still mine; another user in capitals is still refused', async () => {
    const a = await ctx.loginAs('user');
    const b = await ctx.loginAs('user');
    const mine = await a.agent.get(`/api/auth/user/${a.userId.toUpperCase()}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.id).toBe(a.userId);
    expect((await a.agent.get(`/api/auth/user/${b.userId.toUpperCase()}`)).status).toBe(403);
    expect((await a.agent.get(`/api/shop/cart/get/${a.userId.toUpperCase()}`)).status).toBe(200);
  });
});

describe('GET /api/health and unknown routes', () => {
  it('answers ok, sets security headers and a request id', async () => {
    const res = await ctx.anon().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await ctx.anon().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
