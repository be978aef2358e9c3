import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@mp/shared';
import { products, sellers, users } from '../../../db/schema';
import { createTestContext, type TestAgent } from '../../../../test/app';
import { sellerBody } from './helpers';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');

const counts = async () => ({
  users: (await ctx.db.select({ n: count() }).from(users))[0]!.n,
  sellers: (await ctx.db.select({ n: count() }).from(sellers))[0]!.n,
});
const storedDocuments = () => {
  try {
    return readdirSync(path.join(ctx.config.uploadDir, 'documents')).length;
  } catch {
    return 0;
  }
};

function pngBytes(): Buffer {
  const png = new PNG({ width: 4, height: 3 });
  png.data.fill(200);
  return PNG.sync.write(png);
}
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function registerSeller(over: Record<string, unknown> = {}) {
  const agent = ctx.anon();
  const body = sellerBody(over);
  const res = await agent.post('/api/auth/seller/register-seller').send(body);
  expect(res.status).toBe(201);
  return { agent, body, res, sellerId: res.body.seller._id as string, userId: res.body.user.id as string };
}

describe('POST /api/auth/seller/upload-document', () => {
  it('when a real PNG is uploaded, then 201 with result.url, and the file is served under /uploads', async () => {
    const bytes = pngBytes();
    const res = await ctx
      .anon()
      .post('/api/auth/seller/upload-document')
      .attach('my_file', bytes, { filename: 'licence.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.result.url).toMatch(/^\/uploads\/documents\/[\w-]+\.png$/);

    const served = await ctx.anon().get(res.body.result.url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/image\/png/);
    expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
  });

  it('when a small PDF is uploaded under any name, then it is stored as .pdf and served as a PDF', async () => {
    const res = await ctx
      .anon()
      .post('/api/auth/seller/upload-document')
      .attach('my_file', PDF, { filename: 'gst-certificate.bin', contentType: 'application/octet-stream' });
    expect(res.status).toBe(201);
    expect(res.body.result.url).toMatch(/^\/uploads\/documents\/[\w-]+\.pdf$/);
    const served = await ctx.anon().get(res.body.result.url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/application\/pdf/);
  });

  it('when a text file is renamed .png, then 400 UNSUPPORTED_FILE and nothing is stored', async () => {
    const before = storedDocuments();
    const res = await ctx
      .anon()
      .post('/api/auth/seller/upload-document')
      .attach('my_file', Buffer.from('this is just a text file, not an image at all'), {
        filename: 'photo.png',
        contentType: 'image/png',
      });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'UNSUPPORTED_FILE' });
    expect(storedDocuments()).toBe(before);
  });

  it('when the file is over 5 MB, then 413 and nothing is stored', async () => {
    const before = storedDocuments();
    const big = Buffer.alloc(LIMITS.uploadMaxBytes + 1);
    pngBytes().copy(big);
    const res = await ctx
      .anon()
      .post('/api/auth/seller/upload-document')
      .attach('my_file', big, { filename: 'big.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(storedDocuments()).toBe(before);
  });

  it('when no file is attached, then 400 naming the my_file field', async () => {
    const res = await ctx.anon().post('/api/auth/seller/upload-document').field('note', 'nothing');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/my_file/);
  });

  it('when the file comes under another field name, then 400, never a 500', async () => {
    const res = await ctx
      .anon()
      .post('/api/auth/seller/upload-document')
      .attach('document', pngBytes(), { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});

describe('POST /api/auth/seller/register-seller', () => {
  it('when the form is valid, then a seller user and a pending seller record exist and the seller is logged in', async () => {
    const { agent, body, res } = await registerSeller({ gstno: '27abcde1234f1z5' });
    expect(res.body).toMatchObject({
      success: true,
      user: { username: body.username, email: body.email, role: 'seller', phone: '9876543210' },
      seller: {
        approvalstatus: 'pending',
        isapproved: false,
        storename: body.storename,
        businesstype: 'Individual',
        gstno: '27ABCDE1234F1Z5',
        ifsccode: 'SBIN0001234',
        document: '/uploads/documents/doc.png',
        email: body.email,
      },
    });
    expect(res.body.seller.userId).toBe(res.body.user.id);
    expect(JSON.stringify(res.body)).not.toMatch(/password|secret123|\$2[aby]\$/i);
    expect(String(res.headers['set-cookie'])).toMatch(/token=.*HttpOnly/i);

    const [u] = await ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(u?.role).toBe('seller');
    const [s] = await ctx.db.select().from(sellers).where(eq(sellers.userId, u!.id));
    expect(s).toMatchObject({ approvalstatus: 'pending', isapproved: false, storename: body.storename });

    const me = await agent.get('/api/auth/check-auth');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: body.email, role: 'seller' });
    expect(me.body.seller).toMatchObject({ _id: s!.id, isapproved: false });
  });

  it('when the body carries role admin and approval fields, then they are ignored', async () => {
    const { res, body } = await registerSeller({
      role: 'admin',
      approvalstatus: 'approved',
      isapproved: true,
    });
    expect(res.body.user.role).toBe('seller');
    expect(res.body.seller).toMatchObject({ approvalstatus: 'pending', isapproved: false });
    const [u] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.email, body.email));
    expect(u?.role).toBe('seller');
  });

  it('when the email is already taken (any case), then 409 and neither a user nor a seller is written', async () => {
    const { body } = await registerSeller();
    const before = await counts();
    const res = await ctx
      .anon()
      .post('/api/auth/seller/register-seller')
      .send(sellerBody({ email: body.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it("when the email belongs to a shopper, then 409 and the shopper's account is untouched", async () => {
    const shopper = await ctx.loginAs('user');
    const before = await counts();
    const res = await ctx
      .anon()
      .post('/api/auth/seller/register-seller')
      .send(sellerBody({ email: shopper.email }));
    expect(res.status).toBe(409);
    expect(await counts()).toEqual(before);
    const [u] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, shopper.userId));
    expect(u?.role).toBe('user');
  });

  it('when required fields are missing, then 400 lists each one and nothing is written', async () => {
    const before = await counts();
    const res = await ctx.anon().post('/api/auth/seller/register-seller').send({ email: 'half@store.in' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const fields = Object.keys(res.body.errors.fieldErrors);
    expect(fields).toEqual(
      expect.arrayContaining([
        'username',
        'phone',
        'password',
        'storename',
        'address',
        'businesstype',
        'bankaccount',
        'ifsccode',
        'image',
      ]),
    );
    expect(fields).not.toContain('gstno');
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ ifsccode: 'SBIN1001234' }, 'ifsccode'],
    [{ bankaccount: '12ab' }, 'bankaccount'],
    [{ gstno: 'TOO-SHORT' }, 'gstno'],
    [{ businesstype: 'Trust' }, 'businesstype'],
    [{ image: 'javascript:alert(1)' }, 'image'],
    [{ email: 'not-an-email' }, 'email'],
    [{ password: '123' }, 'password'],
  ])('when %j, then 400 names %s and nothing is written', async (patch, field) => {
    const before = await counts();
    const res = await ctx.anon().post('/api/auth/seller/register-seller').send(sellerBody(patch));
    expect(res.status).toBe(400);
    expect(res.body.errors.fieldErrors[field]).toBeDefined();
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/auth/user/seller-info', () => {
  it('when a seller asks for its own email (any case), then sellerinfo carries isapproved', async () => {
    const { agent, body, sellerId } = await registerSeller();
    const res = await agent.get('/api/auth/user/seller-info').query({ email: body.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.sellerinfo).toMatchObject({
      _id: sellerId,
      email: body.email,
      isapproved: false,
      approvalstatus: 'pending',
    });
  });

  it("when a seller asks for another seller's email, then 403", async () => {
    const me = await ctx.loginAsSeller('approved');
    const other = await ctx.loginAsSeller('pending');
    const res = await me.agent.get('/api/auth/user/seller-info').query({ email: other.email });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });

  it('when the admin asks for any seller, then 200; for an unknown email, then 404', async () => {
    const seller = await ctx.loginAsSeller('rejected');
    const ok = await admin.agent.get('/api/auth/user/seller-info').query({ email: seller.email });
    expect(ok.status).toBe(200);
    expect(ok.body.sellerinfo).toMatchObject({
      _id: seller.sellerId,
      isapproved: false,
      approvalstatus: 'rejected',
    });
    const missing = await admin.agent.get('/api/auth/user/seller-info').query({ email: 'ghost@nowhere.in' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('when a shopper asks for its own email, then 404 (no seller profile)', async () => {
    const shopper = await ctx.loginAs('user');
    const res = await shopper.agent.get('/api/auth/user/seller-info').query({ email: shopper.email });
    expect(res.status).toBe(404);
  });

  it('when nobody is logged in, then 401; when the email is missing or malformed, then 400', async () => {
    const anon = await ctx.anon().get('/api/auth/user/seller-info').query({ email: 'a@b.in' });
    expect(anon.status).toBe(401);
    const seller = await ctx.loginAsSeller('approved');
    expect((await seller.agent.get('/api/auth/user/seller-info')).status).toBe(400);
    expect((await seller.agent.get('/api/auth/user/seller-info').query({ email: 'nope' })).status).toBe(400);
  });
});

describe('admin seller list: /api/auth/sellerlist/*', () => {
  it('when the admin lists sellers, then each carries its store and user details, never a password', async () => {
    const { sellerId, body } = await registerSeller();
    const res = await admin.agent.get('/api/auth/sellerlist/get');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const mine = (res.body.data as { _id: string }[]).find((s) => s._id === sellerId);
    expect(mine).toMatchObject({
      username: body.username,
      email: body.email,
      phone: body.phone,
      storename: body.storename,
      approvalstatus: 'pending',
      isapproved: false,
      gstno: null,
    });
    expect(res.body.data.length).toBe((await counts()).sellers);
    expect(res.text).not.toMatch(/password|\$2[aby]\$/i);
  });

  it('when the admin opens a seller, then its details; unknown id 404; malformed id 400', async () => {
    const { sellerId, body } = await registerSeller();
    const res = await admin.agent.get(`/api/auth/sellerlist/details/${sellerId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: sellerId, email: body.email, bankaccount: body.bankaccount });
    const unknown = await admin.agent.get(
      '/api/auth/sellerlist/details/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    const malformed = await admin.agent.get('/api/auth/sellerlist/details/42');
    expect(malformed.status).toBe(400);
  });

  it('when the admin approves then rejects a seller, then isapproved follows approvalstatus', async () => {
    const { sellerId } = await registerSeller();
    const approved = await admin.agent
      .put(`/api/auth/sellerlist/update/${sellerId}`)
      .send({ approvalstatus: 'approved', isapproved: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      success: true,
      message: 'Seller status updated!',
      data: { _id: sellerId, approvalstatus: 'approved', isapproved: true },
    });
    let [row] = await ctx.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(row).toMatchObject({ approvalstatus: 'approved', isapproved: true });

    // a contradictory isapproved from the client changes nothing: it follows approvalstatus
    const rejected = await admin.agent
      .put(`/api/auth/sellerlist/update/${sellerId}`)
      .send({ approvalstatus: 'rejected', isapproved: true });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ approvalstatus: 'rejected', isapproved: false });
    [row] = await ctx.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(row).toMatchObject({ approvalstatus: 'rejected', isapproved: false });
  });

  it.each(['pending', 'banana', ''])(
    'when the admin sends approvalstatus %j, then 400 and the seller is unchanged',
    async (approvalstatus) => {
      const { sellerId } = await registerSeller();
      await admin.agent.put(`/api/auth/sellerlist/update/${sellerId}`).send({ approvalstatus: 'approved' });
      const res = await admin.agent.put(`/api/auth/sellerlist/update/${sellerId}`).send({ approvalstatus });
      expect(res.status).toBe(400);
      expect(res.body.errors.fieldErrors.approvalstatus).toBeDefined();
      const [row] = await ctx.db.select().from(sellers).where(eq(sellers.id, sellerId));
      expect(row).toMatchObject({ approvalstatus: 'approved', isapproved: true });
    },
  );

  it('when the admin updates an unknown id, then 404; a malformed id, then 400', async () => {
    const unknown = await admin.agent
      .put('/api/auth/sellerlist/update/00000000-0000-4000-8000-000000000000')
      .send({ approvalstatus: 'approved' });
    expect(unknown.status).toBe(404);
    const malformed = await admin.agent
      .put('/api/auth/sellerlist/update/abc')
      .send({ approvalstatus: 'approved' });
    expect(malformed.status).toBe(400);
  });

  it('when a shopper or a seller calls the admin endpoints, then 403 and nothing changes; anonymous 401', async () => {
    const { sellerId } = await registerSeller();
    const shopper = await ctx.loginAs('user');
    const seller = await ctx.loginAsSeller('approved');
    const calls = (agent: TestAgent) => [
      agent.get('/api/auth/sellerlist/get'),
      agent.get(`/api/auth/sellerlist/details/${sellerId}`),
      agent.put(`/api/auth/sellerlist/update/${sellerId}`).send({ approvalstatus: 'approved' }),
    ];
    for (const agent of [shopper.agent, seller.agent]) {
      for (const res of await Promise.all(calls(agent))) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
    for (const res of await Promise.all(calls(ctx.anon()))) expect(res.status).toBe(401);
    const [row] = await ctx.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(row).toMatchObject({ approvalstatus: 'pending', isapproved: false });
  });
});

describe('seller lifecycle', () => {
  it('when a seller registers, waits and is approved, then seller-info and login show it approved', async () => {
    const upload = await ctx
      .anon()
      .post('/api/auth/seller/upload-document')
      .attach('my_file', pngBytes(), { filename: 'doc.png', contentType: 'image/png' });
    expect(upload.status).toBe(201);
    const { agent, body, sellerId } = await registerSeller({ image: upload.body.result.url });

    const pending = await agent.get('/api/auth/user/seller-info').query({ email: body.email });
    expect(pending.body.sellerinfo).toMatchObject({ isapproved: false, document: upload.body.result.url });

    const loginPending = await ctx
      .anon()
      .post('/api/auth/login')
      .send({ email: body.email, password: body.password });
    expect(loginPending.status).toBe(200);
    expect(loginPending.body).toMatchObject({
      data: { role: 'seller' },
      user: { role: 'seller' },
      seller: { _id: sellerId, isapproved: false, approvalstatus: 'pending' },
    });

    expect(
      (await admin.agent.put(`/api/auth/sellerlist/update/${sellerId}`).send({ approvalstatus: 'approved' }))
        .status,
    ).toBe(200);

    const approved = await agent.get('/api/auth/user/seller-info').query({ email: body.email });
    expect(approved.status).toBe(200);
    expect(approved.body.sellerinfo).toMatchObject({ isapproved: true, approvalstatus: 'approved' });

    const login = await ctx
      .anon()
      .post('/api/auth/login')
      .send({ email: body.email, password: body.password });
    expect(login.body.seller).toMatchObject({ _id: sellerId, isapproved: true });
  });

  it('when a registered seller is pending or rejected, then adding a product is 403 SELLER_NOT_APPROVED; approved, 201', async () => {
    const { agent, sellerId, body: registered } = await registerSeller();
    const registerSellerLogin = (a: typeof agent) =>
      a.post('/api/auth/login').send({ email: registered.email, password: registered.password });
    const product = {
      title: 'Lifecycle Phone',
      description: 'A phone',
      category: 'mobile',
      brand: 'samsung',
      price: 9999,
      discount: 5,
      totalStock: 3,
      image: '/uploads/products/p.png',
    };
    const productsOf = async () =>
      (await ctx.db.select({ n: count() }).from(products).where(eq(products.sellerId, sellerId)))[0]!.n;

    const pending = await agent.post('/api/seller/products/add').send(product);
    expect(pending.status).toBe(403);
    expect(pending.body).toMatchObject({ success: false, code: 'SELLER_NOT_APPROVED' });

    await admin.agent.put(`/api/auth/sellerlist/update/${sellerId}`).send({ approvalstatus: 'rejected' });
    // the rejection ended the seller's session (docs/security.md); logged in again, it is still not approved
    expect((await agent.post('/api/seller/products/add').send(product)).status).toBe(401);
    const { body } = await (async () => registerSellerLogin(agent))();
    expect(body.data.role).toBe('seller');
    const rejected = await agent.post('/api/seller/products/add').send(product);
    expect(rejected.status).toBe(403);
    expect(rejected.body.code).toBe('SELLER_NOT_APPROVED');
    expect(await productsOf()).toBe(0);

    await admin.agent.put(`/api/auth/sellerlist/update/${sellerId}`).send({ approvalstatus: 'approved' });
    // approved but without a GSTIN: taxable goods wait for its tax profile (docs/tax.md)
    const untaxed = await agent.post('/api/seller/products/add').send(product);
    expect(untaxed.status).toBe(409);
    expect(untaxed.body.code).toBe('GSTIN_REQUIRED');
    const profile = await agent.put('/api/seller/tax-profile').send({
      legalName: 'Audit Seller',
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
      address: '1 Audit Road, Mumbai',
    });
    expect(profile.status).toBe(200);
    const approved = await agent.post('/api/seller/products/add').send(product);
    expect(approved.status).toBe(201);
    expect(await productsOf()).toBe(1);
  });

  it('when a shopper logs in, then the answer has no seller record', async () => {
    const res = await ctx
      .anon()
      .post('/api/auth/register')
      .send({ username: 'Plain', email: 'plain.shopper@example.in', password: 'secret123' });
    expect(res.status).toBe(201);
    const login = await ctx
      .anon()
      .post('/api/auth/login')
      .send({ email: 'plain.shopper@example.in', password: 'secret123' });
    expect(login.status).toBe(200);
    expect(login.body.seller).toBeUndefined();
  });
});
