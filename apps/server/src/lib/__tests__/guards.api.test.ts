import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/app';
import { users } from '../../db/schema';
import { errorMiddleware } from '../error-middleware';
import { AppError, parse } from '../errors';
import { assertSelfOrAdmin, requireApprovedSeller, requireAuth, requireRole } from '../session';

const ctx = await createTestContext();

/** A small app with the real session middleware and error handler, and one route per guard. */
const app = express();
app.use(express.json());
app.use(cookieParser());
app.use(ctx.deps.sessions.authenticate);
app.get('/seller-only', requireApprovedSeller(ctx.db), (req, res) => {
  res.json({ sellerId: req.sellerId ?? null });
});
app.get('/seller-or-admin', requireApprovedSeller(ctx.db, { allowAdmin: true }), (req, res) => {
  res.json({ sellerId: req.sellerId ?? null });
});
app.get('/admin-only', requireRole('admin'), (_req, res) => {
  res.json({ ok: true });
});
app.get('/me', requireAuth, (req, res) => {
  res.json({ user: req.user });
});
app.get('/users/:id', (req, res) => {
  res.json({ id: assertSelfOrAdmin(req, req.params.id).id });
});
app.post('/parse', (req, res) => {
  res.json(parse(z.object({ qty: z.number().int().min(1) }), req.body));
});
app.get('/boom', () => {
  throw new Error('secret database detail at /srv/app/x.ts:12');
});
app.get('/teapot', () => {
  throw new AppError(409, 'CONFLICT', 'Already done');
});
app.use(errorMiddleware);

/** The cookie of a logged-in agent, replayed on the small app. */
async function cookieOf(agent: ReturnType<typeof ctx.anon>): Promise<string> {
  const res = await agent.get('/api/auth/check-auth');
  expect(res.status).toBe(200);
  const token = ctx.deps.sessions.sign({ id: res.body.user.id, sessionVersion: 0 });
  return `token=${token}`;
}

describe('requireApprovedSeller', () => {
  it('when the seller is approved, then it passes and sets req.sellerId', async () => {
    const s = await ctx.loginAsSeller('approved');
    const res = await request(app)
      .get('/seller-only')
      .set('Cookie', await cookieOf(s.agent));
    expect(res.status).toBe(200);
    expect(res.body.sellerId).toBe(s.sellerId);
  });

  it.each(['pending', 'rejected'] as const)(
    'when the seller is %s, then 403 SELLER_NOT_APPROVED',
    async (status) => {
      const s = await ctx.loginAsSeller(status);
      const res = await request(app)
        .get('/seller-only')
        .set('Cookie', await cookieOf(s.agent));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'SELLER_NOT_APPROVED' });
    },
  );

  it('when a shopper or an admin (not allowed) calls, then 403 FORBIDDEN; anonymous 401', async () => {
    const shopper = await ctx.loginAs('user');
    const admin = await ctx.loginAs('admin');
    for (const agent of [shopper.agent, admin.agent]) {
      const res = await request(app)
        .get('/seller-only')
        .set('Cookie', await cookieOf(agent));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await request(app).get('/seller-only')).status).toBe(401);
  });

  it('when allowAdmin is set, then the admin passes without a sellerId', async () => {
    const admin = await ctx.loginAs('admin');
    const res = await request(app)
      .get('/seller-or-admin')
      .set('Cookie', await cookieOf(admin.agent));
    expect(res.status).toBe(200);
    expect(res.body.sellerId).toBeNull();
  });

  it('when a seller account has no seller record, then 403', async () => {
    const [u] = await ctx.db
      .insert(users)
      .values({ username: 'Orphan', email: 'orphan@seller.in', passwordHash: 'x', role: 'seller' })
      .returning();
    const token = ctx.deps.sessions.sign({ id: u!.id, sessionVersion: 0 });
    const res = await request(app).get('/seller-only').set('Cookie', `token=${token}`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('requireRole, requireAuth and assertSelfOrAdmin', () => {
  it('when a non-admin calls an admin route, then 403; the admin passes', async () => {
    const seller = await ctx.loginAsSeller('approved');
    const admin = await ctx.loginAs('admin');
    expect(
      (
        await request(app)
          .get('/admin-only')
          .set('Cookie', await cookieOf(seller.agent))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(app)
          .get('/admin-only')
          .set('Cookie', await cookieOf(admin.agent))
      ).status,
    ).toBe(200);
    expect((await request(app).get('/admin-only')).status).toBe(401);
  });

  it('when the token comes as a Bearer header, then it is accepted; a forged one is not', async () => {
    const shopper = await ctx.loginAs('user');
    const token = (await cookieOf(shopper.agent)).slice('token='.length);
    const ok = await request(app).get('/me').set('Authorization', `Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ id: shopper.userId, role: 'user' });
    const forged = await request(app)
      .get('/me')
      .set('Authorization', `Bearer ${token.slice(0, -3)}abc`);
    expect(forged.status).toBe(401);
  });

  it("when a user reads someone else's id, then 403; its own id and the admin pass", async () => {
    const a = await ctx.loginAs('user');
    const b = await ctx.loginAs('user');
    const admin = await ctx.loginAs('admin');
    expect(
      (
        await request(app)
          .get(`/users/${b.userId}`)
          .set('Cookie', await cookieOf(a.agent))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(app)
          .get(`/users/${a.userId}`)
          .set('Cookie', await cookieOf(a.agent))
      ).status,
    ).toBe(200);
    expect(
      (
        await request(app)
          .get(`/users/${a.userId}`)
          .set('Cookie', await cookieOf(admin.agent))
      ).status,
    ).toBe(200);
  });
});

describe('parse and the error middleware', () => {
  it('when a body fails a schema, then 400 VALIDATION_FAILED names the field', async () => {
    const res = await request(app).post('/parse').send({ qty: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.body.message).toMatch(/^qty: /);
    expect(res.body.errors.fieldErrors.qty).toBeDefined();
  });

  it('when a handler throws an AppError, then its status, code and message are answered', async () => {
    const res = await request(app).get('/teapot');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'CONFLICT', message: 'Already done' });
  });

  it('when a handler throws anything else, then 500 INTERNAL with a generic message and no detail', async () => {
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ success: false, code: 'INTERNAL' });
    expect(res.text).not.toMatch(/secret database detail|\.ts:\d+/);
  });
});
