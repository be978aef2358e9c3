/**
 * Robustness audit of the whole API: every registered route, called as every role with hostile input, must answer
 * a 4xx envelope (never a 5xx, a stack trace or SQL), and nobody reads or changes someone else's data.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList, type EndpointId } from '@mp/shared';
import { createTestContext, TEST_PASSWORD } from '../../../test/app';
import { productBody } from '../catalog/__tests__/catalog-fixtures';
import {
  addresses,
  cartItems,
  carts,
  orderLines,
  orders,
  products,
  reviews,
  sellers,
  users,
  wishlistItems,
} from '../../db/schema';
import {
  addressBody,
  insertProduct,
  readOrder,
  readProduct,
  sandboxCheckout,
} from '../commerce/__tests__/helpers';

const ctx = await createTestContext();
// one listening server for the thousands of requests below (supertest would start one per request)
const server: Server = ctx.app.listen(0, '127.0.0.1');
afterAll(() => new Promise<void>((done) => server.close(() => done())));

type Method = 'get' | 'post' | 'put' | 'delete';
type RoleName = 'anon' | 'shopper' | 'pending' | 'seller' | 'admin';
const ROLES: RoleName[] = ['anon', 'shopper', 'pending', 'seller', 'admin'];

interface Actor {
  cookie?: string;
  userId: string;
  sellerId?: string;
  email: string;
}

async function cookieFor(email: string): Promise<string> {
  const res = await request(ctx.app).post('/api/auth/login').send({ email, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return setCookie.map((c) => c.split(';')[0]).join('; ');
}

/** A tiny valid PNG (signature + IHDR). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: shopper A and seller A are the callers; shopper B and seller B own the data nobody else may touch.
// ---------------------------------------------------------------------------------------------------------------
const actors = {} as Record<RoleName, Actor>;
const f = {} as {
  shopperB: Actor & { agent: ReturnType<typeof ctx.anon> };
  sellerB: Actor;
  productA: string; // seller A's
  productB: string; // seller B's
  addressA: string;
  addressB: string;
  orderA: string; // shopper A's pending order
  paymentA: string;
  paidOrderA: string; // shopper A's paid order with a line of seller A
  orderB: string; // shopper B's paid order: one line of seller A, one of seller B
  pendingOrderB: string; // shopper B's order awaiting payment
  pendingPaymentB: string;
  decisionTarget: string; // a pending seller the admin may decide on
  bannerId: string;
};

beforeAll(async () => {
  const admin = await ctx.loginAs('admin');
  const shopper = await ctx.loginAs('user');
  const pending = await ctx.loginAsSeller('pending');
  const seller = await ctx.loginAsSeller('approved');
  const shopperB = await ctx.loginAs('user');
  const sellerB = await ctx.loginAsSeller('approved');
  const target = await ctx.loginAsSeller('pending');

  actors.anon = { userId: shopper.userId, email: shopper.email };
  actors.shopper = { cookie: await cookieFor(shopper.email), userId: shopper.userId, email: shopper.email };
  actors.pending = {
    cookie: await cookieFor(pending.email),
    userId: pending.userId,
    sellerId: pending.sellerId,
    email: pending.email,
  };
  actors.seller = {
    cookie: await cookieFor(seller.email),
    userId: seller.userId,
    sellerId: seller.sellerId,
    email: seller.email,
  };
  actors.admin = { cookie: await cookieFor(admin.email), userId: admin.userId, email: admin.email };
  f.shopperB = { ...shopperB, cookie: await cookieFor(shopperB.email) };
  f.sellerB = { userId: sellerB.userId, sellerId: sellerB.sellerId, email: sellerB.email };
  f.decisionTarget = target.sellerId;

  f.productA = (
    await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 100_000, title: 'Robust Shoe' })
  ).id;
  f.productB = (
    await insertProduct(ctx.db, { sellerId: sellerB.sellerId, totalStock: 100_000, title: 'Sturdy Bag' })
  ).id;

  const a = request.agent(ctx.app).set('Cookie', actors.shopper.cookie!);
  const b = shopperB.agent;
  f.addressB = (await b.post('/api/shop/address/add').send(addressBody())).body.data._id;
  await b.post('/api/shop/cart/add').send({ productId: f.productA, quantity: 1 });
  await b.post('/api/shop/cart/add').send({ productId: f.productB, quantity: 1 });
  const paidB = await sandboxCheckout(b, f.addressB);
  f.orderB = paidB.orderId;
  await b.post('/api/shop/cart/add').send({ productId: f.productB, quantity: 2 });
  const pendingB = await b.post('/api/shop/order/create').send({ addressId: f.addressB });
  f.pendingOrderB = pendingB.body.orderId;
  f.pendingPaymentB = pendingB.body.paymentId;
  // the order took its lines out of the cart (docs/orders-and-stock.md): B's cart gets a line again
  await b.post('/api/shop/cart/add').send({ productId: f.productB, quantity: 2 });
  await b.post('/api/shop/account/wishlist/add').send({ productId: f.productB });
  await b
    .post('/api/shop/review/add')
    .send({ productId: f.productB, reviewMessage: 'Sturdy indeed', reviewVal: 5 });

  f.addressA = (await a.post('/api/shop/address/add').send(addressBody())).body.data._id;
  await a.post('/api/shop/cart/add').send({ productId: f.productA, quantity: 1 });
  const paidA = await sandboxCheckout(a, f.addressA);
  f.paidOrderA = paidA.orderId;
  await a.post('/api/shop/cart/add').send({ productId: f.productA, quantity: 1 });
  const pendingA = await a.post('/api/shop/order/create').send({ addressId: f.addressA });
  f.orderA = pendingA.body.orderId;
  f.paymentA = pendingA.body.paymentId;
  await a.post('/api/shop/account/wishlist/add').send({ productId: f.productA });

  const banner = await request(ctx.app)
    .post('/api/common/banner/add')
    .set('Cookie', actors.admin.cookie!)
    .send({ image: '/uploads/banners/x.png' });
  f.bannerId = banner.body.data._id;
});

// ---------------------------------------------------------------------------------------------------------------
// The route table. `params` are valid values for the caller; `body`/`query` are valid inputs to mutate one by one.
// ---------------------------------------------------------------------------------------------------------------
interface Fixture {
  params?: (a: Actor) => Record<string, string>;
  body?: () => Record<string, unknown>;
  query?: () => Record<string, string>;
  /** DELETE-like routes: only hostile params, never the valid ones */
  destructive?: boolean;
}
interface RouteCase extends Fixture {
  method: Method;
  path: string;
  kind?: 'json' | 'upload' | 'html';
}

const auditProduct = () =>
  productBody({
    title: 'Audit product',
    description: 'Made by the robustness test',
    images: ['/uploads/products/test.png', '/uploads/products/test-side.png'],
  });
const sellerRegisterBody = () => ({
  username: 'audit seller',
  email: 'audit-seller@test.in',
  phone: '9876543210',
  password: 'Passw0rd!',
  storename: 'Audit Store',
  gstno: '22AAAAA0000A1Z5',
  address: '1 Audit Road',
  businesstype: 'Individual',
  bankaccount: '12345678',
  ifsccode: 'HDFC0001234',
  image: '/uploads/documents/x.png',
});

const couponBody = (code: string) => ({
  code,
  kind: 'percent',
  percent: 10,
  startsAt: '2026-01-01',
  endsAt: '2099-12-31',
});

/** Valid inputs per endpoint of the shared table (the walk enumerates the table, so a new route is audited). */
const FIXTURES: Record<EndpointId, Fixture> = {
  health: {},
  healthLive: {},
  healthReady: {},
  openapi: {},
  docs: {},
  register: { body: () => ({ username: 'audit', email: 'audit@test.in', password: 'Passw0rd!' }) },
  login: { body: () => ({ email: 'nobody@test.in', password: 'wrong-password' }) },
  loginLink: { body: () => ({ token: 'not-a-sign-in-link' }) },
  // ends every session of the caller (docs/security.md): the walk would go on as nobody
  logout: { destructive: true },
  changePassword: {
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'Another-Strong-Pass-1' }),
  },
  checkAuth: {},
  me: {},
  sellerInfo: { query: () => ({ email: actors.seller.email }) },
  getUser: { params: (a) => ({ id: a.userId }) },
  updateProfile: {
    params: (a) => ({ id: a.userId }),
    body: () => ({ phone: '9876543210', gender: 'male', dob: '1990-01-31' }),
  },
  uploadSellerDocument: {},
  registerSeller: { body: sellerRegisterBody },
  listSellers: {},
  getSeller: { params: () => ({ id: f.decisionTarget }) },
  decideSeller: {
    params: () => ({ id: f.decisionTarget }),
    body: () => ({ approvalstatus: 'rejected', isapproved: false }),
  },
  adminAddProduct: { body: auditProduct },
  adminListProducts: { query: () => ({ page: '1', limit: '5' }) },
  adminEditProduct: {
    params: () => ({ id: f.productA }),
    body: () => ({ ...auditProduct(), title: 'Robust Shoe', totalStock: 100_000 }),
  },
  adminDeleteProduct: { destructive: true },
  uploadProductImage: {},
  uploadReturnPhoto: {},
  sellerAddProduct: { body: auditProduct },
  sellerListProducts: {
    params: (a) => ({ sellerId: a.sellerId ?? a.userId }),
    query: () => ({ page: '1', limit: '5' }),
  },
  sellerEditProduct: {
    params: () => ({ id: f.productA }),
    body: () => ({ ...auditProduct(), title: 'Robust Shoe', totalStock: 100_000 }),
  },
  sellerDeleteProduct: { destructive: true },
  sellerImportProducts: {},
  sellerImportJobs: {},
  sellerImportJob: { params: () => ({ jobId: randomUUID() }), query: () => ({ outcome: 'error' }) },
  listProducts: {
    query: () => ({
      category: 'men',
      brand: 'nike',
      seller: actors.seller.sellerId!,
      sortBy: 'price-lowtohigh',
      page: '1',
      limit: '5',
    }),
  },
  getProduct: { params: () => ({ id: f.productA }) },
  searchProducts: {
    params: () => ({ keyword: 'robust shoe' }),
    query: () => ({
      page: '1',
      limit: '5',
      category: 'men',
      brand: 'nike',
      sortBy: 'title-atoz',
      facets: 'true',
    }),
  },
  searchSuggest: { query: () => ({ q: 'robust' }) },
  home: {},
  getStore: { params: () => ({ slug: 'robust-store' }) },
  sellerStore: {},
  uploadStoreImage: { params: () => ({ kind: 'logo' }) },
  removeStoreImage: { destructive: true },
  shopConfig: {},
  addReview: { body: () => ({ productId: f.productA, reviewMessage: 'Holds up well', reviewVal: 4 }) },
  listReviews: { params: () => ({ productId: f.productA }) },
  addToWishlist: { body: () => ({ productId: f.productA }) },
  getWishlist: { params: (a) => ({ userId: a.userId }) },
  removeFromWishlist: { destructive: true },
  listBrands: {},
  adminListBrands: {},
  addBrand: { body: () => ({ label: 'Audit Brand' }) },
  updateBrand: { params: () => ({ brandId: 'nike' }), body: () => ({ label: 'Nike' }) },
  addBanner: { body: () => ({ image: '/uploads/banners/x.png' }) },
  listBanners: {},
  deleteBanner: { destructive: true },
  addToCart: { body: () => ({ productId: f.productA, quantity: 1 }) },
  getCart: { params: (a) => ({ userId: a.userId }) },
  updateCart: { body: () => ({ productId: f.productA, quantity: 1 }) },
  removeFromCart: { destructive: true },
  addAddress: { body: () => addressBody({ state: 'Karnataka', isDefault: false }) },
  listAddresses: { params: (a) => ({ userId: a.userId }) },
  updateAddress: {
    params: (a) => ({ userId: a.userId, addressId: f.addressA }),
    body: () => addressBody({ state: 'Karnataka', isDefault: true }),
  },
  deleteAddress: { destructive: true },
  createOrder: {
    body: () => ({ addressId: f.addressA, addressInfo: { addressId: f.addressA }, totalAmount: 1 }),
  },
  captureOrder: { body: () => ({ paymentId: f.paymentA, payerId: 'PAYER1', orderId: f.orderA }) },
  cancelOrder: { body: () => ({ orderId: randomUUID(), paymentId: 'unknown' }) },
  listOrders: { params: (a) => ({ userId: a.userId }) },
  getOrder: { params: () => ({ id: f.orderA }) },
  sandboxPaymentPage: { params: () => ({ paymentId: f.paymentA }) },
  sandboxApprove: { destructive: true },
  sandboxCancel: { destructive: true },
  paypalWebhook: { body: () => ({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }) },
  razorpayWebhook: { body: () => ({ event: 'payment.captured', payload: {} }) },
  razorpayVerify: {
    body: () => ({
      razorpay_order_id: 'order_X1',
      razorpay_payment_id: 'pay_X1',
      razorpay_signature: 'a'.repeat(64),
    }),
  },
  razorpayCheckout: { params: () => ({ gatewayOrderId: 'order_X1' }) },
  razorpayReturn: { destructive: true },
  sellerCod: {},
  updateSellerCod: { body: () => ({ acceptsCod: true }) },
  codConfirm: { body: () => ({ orderId: randomUUID(), otp: '123456' }) },
  codRemittances: { body: () => ({ csv: 'awb,amount,date,reference\nAWB-NONE,10.00,2026-11-01,R-1\n' }) },
  sellerOrders: {},
  sellerOrderDetails: { params: () => ({ id: f.paidOrderA }) },
  updateSellerOrder: { params: () => ({ id: f.paidOrderA }), body: () => ({ orderStatus: 'inProcess' }) },
  sellerOrdersOf: { params: (a) => ({ sellerId: a.sellerId ?? a.userId }) },
  adminDashboard: {},
  sellerDashboard: {},
  cancelAnyOrder: { params: () => ({ orderId: randomUUID() }), destructive: true },
  adminOrders: { query: () => ({ page: '1', limit: '5' }) },
  adminRefund: {
    params: () => ({ orderId: randomUUID() }),
    body: () => ({ amount: 1, reason: 'audit refund' }),
  },
  sellerEarnings: { query: () => ({ page: '1', limit: '5' }) },
  adminSellerAccounts: {},
  adminSetCommission: {
    params: () => ({ sellerId: f.sellerB.sellerId! }),
    body: () => ({ percent: 12.5 }),
  },
  adminPayouts: { query: () => ({ sellerId: f.sellerB.sellerId!, page: '1', limit: '5' }) },
  adminCreateCoupon: { body: () => couponBody('AUDIT-ADMIN') },
  adminListCoupons: {},
  adminUpdateCoupon: { params: () => ({ id: randomUUID() }), body: () => ({ active: false }) },
  sellerCreateCoupon: { body: () => couponBody('AUDIT-SELLER') },
  sellerListCoupons: {},
  sellerUpdateCoupon: { params: () => ({ id: randomUUID() }), body: () => ({ active: false }) },
  applyCoupon: { body: () => ({ code: 'NO-SUCH-CODE' }) },
  removeCoupon: { params: () => ({ code: 'NO-SUCH-CODE' }) },
  shopOffers: {},
  returnPolicies: {},
  adminSetReturnPolicy: { params: () => ({ category: 'appliances' }), body: () => ({ windowDays: 10 }) },
  adminRecordPayout: {
    body: () => ({ sellerId: f.sellerB.sellerId!, amount: 1, reference: 'AUDIT-REF-1' }),
  },
  requestReturn: {
    body: () => ({ orderId: f.orderA, lines: [{ lineId: randomUUID(), quantity: 1 }], reason: 'damaged' }),
  },
  shopReturns: { query: () => ({ page: '1', limit: '5' }) },
  updateShopReturn: { params: () => ({ returnId: randomUUID() }), body: () => ({ action: 'cancel' }) },
  sellerReturns: { query: () => ({ page: '1', limit: '5' }) },
  decideSellerReturn: { params: () => ({ returnId: randomUUID() }), body: () => ({ action: 'approve' }) },
  adminReturns: { query: () => ({ disputed: 'true', page: '1', limit: '5' }) },
  decideAdminReturn: {
    params: () => ({ returnId: randomUUID() }),
    body: () => ({ action: 'reject', note: 'audit decision' }),
  },
  sellerNotifications: { query: () => ({ page: '1', limit: '5' }) },
  sellerNotificationRead: { params: () => ({ id: randomUUID() }) },
  sellerNotificationsReadAll: {},
  sellerNotificationSettings: {},
  updateSellerNotificationSettings: { body: () => ({ lowStockThreshold: 3 }) },
  sellerTaxProfile: {},
  updateSellerTaxProfile: {
    body: () => ({
      legalName: 'Audit Store LLP',
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
      address: '1 Audit Road, Mumbai',
    }),
  },
  sellerDocuments: { query: () => ({ page: '1', limit: '5' }) },
  sellerTaxStatement: {},
  sellerTaxStatementCsv: {},
  orderDocuments: { params: () => ({ orderId: f.orderA }) },
  documentPdf: { params: () => ({ documentId: randomUUID() }) },
  adminTaxProfiles: {},
  adminSellerTaxProfile: { params: () => ({ sellerId: f.sellerB.sellerId! }) },
  adminUpdateSellerTaxProfile: {
    params: () => ({ sellerId: f.sellerB.sellerId! }),
    body: () => ({
      legalName: 'Audit B LLP',
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
      address: '2 Audit Road, Mumbai',
    }),
  },
  adminDocuments: { query: () => ({ page: '1', limit: '5' }) },
  adminTcsReport: { query: () => ({ month: '2026-11' }) },
  adminIssueCommissionInvoices: { body: () => ({ month: '2026-11' }) },
  sellerDeliverySettings: {},
  updateSellerDeliverySettings: {
    body: () => ({
      pickupAddress: '1 Audit Road',
      pickupPincode: '110001',
      dispatchDays: 1,
      cutoff: '14:00',
    }),
  },
  deliveryHolidays: {},
  setDeliveryHoliday: { params: () => ({ day: '2030-01-26' }), body: () => ({ name: 'Republic Day' }) },
  removeDeliveryHoliday: { params: () => ({ day: '2030-01-26' }), destructive: true },
  deliveryEstimate: { query: () => ({ pincode: '110001', productId: randomUUID() }) },
  deliveryQuote: { query: () => ({ pincode: '110001' }) },
  shipOrder: { params: () => ({ orderId: f.paidOrderA }), body: () => ({}) },
  shipmentLabel: { params: () => ({ orderId: randomUUID() }) },
  deliverWithCode: { params: () => ({ orderId: f.paidOrderA }), body: () => ({ code: '123456' }) },
  courierWebhook: {
    body: () => ({ awb: 'FX0', current_status: 'DELIVERED', current_timestamp: '2026-12-04T10:00:00Z' }),
  },
  orderTracking: { params: () => ({ orderId: f.orderA }) },
};

const ROUTES: RouteCase[] = endpointList.map((e) => ({
  method: e.method,
  path: e.path,
  kind:
    e.body?.kind === 'multipart'
      ? 'upload'
      : Object.values(e.responses).some((a) => a.kind !== 'json')
        ? 'html'
        : undefined,
  ...FIXTURES[e.id as EndpointId],
}));

// ---------------------------------------------------------------------------------------------------------------
// Hostile inputs
// ---------------------------------------------------------------------------------------------------------------
const LONG = 'a'.repeat(20_000);
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  2_147_483_648,
  '',
  ' ',
  'NaN',
  'Infinity',
  '1e400',
  '0x10',
  '-0',
  '١٢٣',
  LONG,
  '\u0000',
  'x\u0000y',
  '\ud800',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '__proto__',
  [],
  ['x'],
  [1, 2],
  {},
  { $ne: 1 },
  { $gt: '' },
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '5a8f3b9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
];

const SAMPLE_VALUES: unknown[] = [null, -1, 1e308, 'NaN', LONG, 'x\u0000y', ['x'], { $ne: 1 }, randomUUID()];

const HOSTILE_PARAMS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '5A8F3B9E-1C2D-4E5F-8A9B-0C1D2E3F4A5B',
  randomUUID(),
  `${randomUUID()}%00`,
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  encodeURIComponent("' or 1=1 --"),
  `{${randomUUID()}}`,
  'a'.repeat(3000),
  encodeURIComponent('&|!:*()<->'),
  encodeURIComponent('\\'),
  encodeURIComponent('ab:* & !cd'),
  encodeURIComponent('ﬁ ² ½ é ‍'),
  encodeURIComponent('😀😀'),
];

const HOSTILE_QUERIES = [
  'page=1&page=2',
  'limit=5&limit=6',
  'category[]=men',
  'brand[$ne]=x',
  'category[$ne]=men&brand[]=nike',
  'page=-1',
  'page=0',
  'page=1e400',
  'page=NaN',
  'page=99999999999999999999',
  'limit=0',
  'limit=100000',
  'page=100000&limit=100',
  'page=%00',
  'sortBy=__proto__',
  'sortBy=constructor',
  'category=__proto__',
  'category=constructor',
  'brand=toString',
  'brand=hasOwnProperty',
  'category=men&category=electonics',
  `category=${'men,'.repeat(500)}`,
  `brand=${'x'.repeat(5000)}`,
  'email=a@b.in&email=c@d.in',
  'email[]=a@b.in',
  'email=%00@b.in',
  '%ZZ=1',
  'page=%ZZ',
];

interface Sent {
  label: string;
  res: Response;
}

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? randomUUID());
}

const STACK_OR_SQL =
  /\bat\s+\S+\s+\(|\.(ts|js|mjs):\d+|node_modules|stack|TypeError|ReferenceError|RangeError|SyntaxError: Unexpected|\bsyntax error\b|relation "|violates|duplicate key|out of range|invalid input syntax|invalid byte sequence|drizzle|pglite|postgres|Failed query|\bselect\s.+\bfrom\b|\binsert into\b|\bdelete from\b|\bupdate\s+"\w+"/i;

/** Everything a caller must never see; answers the problems found. */
function problemsOf({ label, res }: Sent, kind: RouteCase['kind']): string[] {
  const problems: string[] = [];
  const text = res.text ?? '';
  if (res.status >= 500) problems.push(`${label} → ${res.status} ${text.slice(0, 300)}`);
  if (res.status >= 400 && STACK_OR_SQL.test(text))
    problems.push(`${label} → leaks internals: ${text.slice(0, 300)}`);
  if (res.status >= 400 && kind !== 'html') {
    const b = res.body as { success?: unknown; message?: unknown; code?: unknown };
    if (
      !/json/.test(res.headers['content-type'] ?? '') ||
      b?.success !== false ||
      typeof b.message !== 'string' ||
      typeof b.code !== 'string'
    ) {
      problems.push(`${label} → ${res.status} without the error envelope: ${text.slice(0, 200)}`);
    }
  }
  return problems;
}

function send(
  method: Method,
  url: string,
  actor: Actor,
  prepare: (t: request.Test) => request.Test = (t) => t,
): request.Test {
  let t = request(server)[method](url);
  if (actor.cookie) t = t.set('Cookie', actor.cookie);
  return prepare(t);
}

/** JSON body variants that do not depend on the fields. */
function rawBodyVariants(valid: Record<string, unknown>): [string, (t: request.Test) => request.Test][] {
  const json = JSON.stringify(valid);
  const form = new URLSearchParams(
    Object.entries(valid).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return [
    ['malformed JSON', (t) => t.set('Content-Type', 'application/json').send('{"a":')],
    ['JSON null', (t) => t.set('Content-Type', 'application/json').send('null')],
    ['JSON string', (t) => t.set('Content-Type', 'application/json').send('"text"')],
    ['JSON number', (t) => t.set('Content-Type', 'application/json').send('42')],
    ['JSON array', (t) => t.set('Content-Type', 'application/json').send(`[${json}]`)],
    [
      'JSON __proto__',
      (t) =>
        t
          .set('Content-Type', 'application/json')
          .send(`{"__proto__":{"role":"admin","isAdmin":true},${json.slice(1)}`),
    ],
    [
      'JSON constructor',
      (t) =>
        t
          .set('Content-Type', 'application/json')
          .send(`{"constructor":{"prototype":{"x":1}},${json.slice(1)}`),
    ],
    [
      'deeply nested JSON',
      (t) =>
        t.set('Content-Type', 'application/json').send(`{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
    ],
    [
      'too large JSON',
      (t) =>
        t
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ ...valid, pad: 'x'.repeat(200_000) })),
    ],
    ['utf-16 charset', (t) => t.set('Content-Type', 'application/json; charset=utf-16').send(json)],
    ['bogus charset', (t) => t.set('Content-Type', 'application/json; charset=klingon').send(json)],
    [
      'gzip garbage',
      (t) => t.set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('not gzip'),
    ],
    [
      'gzip JSON',
      (t) => t.set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send(gzipSync(json)),
    ],
    [
      'unknown encoding',
      (t) => t.set('Content-Type', 'application/json').set('Content-Encoding', 'zstd-x').send(json),
    ],
    ['text/plain', (t) => t.set('Content-Type', 'text/plain').send(json)],
    ['no content type', (t) => t.send(Buffer.from(json))],
    ['form urlencoded', (t) => t.set('Content-Type', 'application/x-www-form-urlencoded').send(form)],
    [
      'form repeated keys',
      (t) => t.set('Content-Type', 'application/x-www-form-urlencoded').send(`${form}&${form}`),
    ],
    [
      'multipart fields',
      (t) =>
        Object.entries(valid).reduce(
          (acc, [k, v]) => acc.field(k, typeof v === 'object' ? JSON.stringify(v) : String(v)),
          t,
        ),
    ],
    ['multipart no boundary', (t) => t.set('Content-Type', 'multipart/form-data').send('garbage')],
    ['xml', (t) => t.set('Content-Type', 'application/xml').send('<a>1</a>')],
  ];
}

function uploadVariants(): [string, (t: request.Test) => request.Test][] {
  return [
    ['multipart without boundary', (t) => t.set('Content-Type', 'multipart/form-data').send('garbage')],
    [
      'truncated multipart',
      (t) =>
        t
          .set('Content-Type', 'multipart/form-data; boundary=XyZ')
          .send(
            '--XyZ\r\nContent-Disposition: form-data; name="my_file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
          ),
    ],
    [
      'multipart bad headers',
      (t) =>
        t
          .set('Content-Type', 'multipart/form-data; boundary=XyZ')
          .send('--XyZ\r\nGarbage\r\n\r\nx\r\n--XyZ--\r\n'),
    ],
    ['JSON instead of a file', (t) => t.send({ my_file: 'x' })],
    ['wrong field', (t) => t.attach('other', PNG, 'a.png')],
    ['two files', (t) => t.attach('my_file', PNG, 'a.png').attach('my_file', PNG, 'b.png')],
    ['text file named png', (t) => t.attach('my_file', Buffer.from('hello'), 'a.png')],
    ['empty file', (t) => t.attach('my_file', Buffer.alloc(0), 'a.png')],
    [
      'too many fields',
      (t) =>
        Array.from({ length: 12 }, (_, i) => i)
          .reduce((acc, i) => acc.field(`f${i}`, 'x'), t)
          .attach('my_file', PNG, 'a.png'),
    ],
    ['traversal filename', (t) => t.attach('my_file', PNG, '../../../etc/evil.png')],
  ];
}

/** requests sent by the hostile-input walk (checked at the end, so a broken walk cannot pass silently) */
let sent = 0;

// ---------------------------------------------------------------------------------------------------------------
// Someone else's data: shopper A against shopper B, seller A against seller B, everybody against admin routes.
// ---------------------------------------------------------------------------------------------------------------
const as = (role: RoleName) => ({
  get: (url: string) => send('get', url, actors[role]),
  post: (url: string, body?: object) => send('post', url, actors[role], (t) => (body ? t.send(body) : t)),
  put: (url: string, body?: object) => send('put', url, actors[role], (t) => (body ? t.send(body) : t)),
  delete: (url: string) => send('delete', url, actors[role]),
});

const cartOf = async (userId: string) =>
  (
    await ctx.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, userId))
  ).sort((x, y) => x.productId.localeCompare(y.productId));

function expectRefused(res: Response, status: number) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
}

describe("a shopper and someone else's data", () => {
  it("when shopper A reads or changes shopper B's cart, then 403/404 and B's cart is unchanged", async () => {
    const before = await cartOf(f.shopperB.userId);
    expect(before).toContainEqual({ productId: f.productB, quantity: 2 });
    const a = as('shopper');
    expectRefused(await a.get(`/api/shop/cart/get/${f.shopperB.userId}`), 403);
    expectRefused(await a.delete(`/api/shop/cart/${f.shopperB.userId}/${f.productB}`), 403);
    // body userId is ignored: the update is about A's own cart, which has no such line
    expectRefused(
      await a.put('/api/shop/cart/update-cart', {
        userId: f.shopperB.userId,
        productId: f.productB,
        quantity: 7,
      }),
      404,
    );
    const added = await a.post('/api/shop/cart/add', {
      userId: f.shopperB.userId,
      productId: f.productB,
      quantity: 1,
    });
    expect(added.status).toBe(201);
    expect(added.body.data.userId).toBe(actors.shopper.userId);
    expect(await cartOf(f.shopperB.userId)).toEqual(before);
    await a.delete(`/api/shop/cart/${actors.shopper.userId}/${f.productB}`);
  });

  it("when shopper A reads, edits or deletes shopper B's address, then 403/404 and it is unchanged", async () => {
    const read = async () => (await ctx.db.select().from(addresses).where(eq(addresses.id, f.addressB)))[0];
    const before = await read();
    const a = as('shopper');
    const body = addressBody({ city: 'Hijacked' });
    expectRefused(await a.get(`/api/shop/address/get/${f.shopperB.userId}`), 403);
    expectRefused(await a.put(`/api/shop/address/update/${f.shopperB.userId}/${f.addressB}`, body), 403);
    expectRefused(await a.put(`/api/shop/address/update/${actors.shopper.userId}/${f.addressB}`, body), 404);
    expectRefused(await a.delete(`/api/shop/address/delete/${f.shopperB.userId}/${f.addressB}`), 403);
    expectRefused(await a.delete(`/api/shop/address/delete/${actors.shopper.userId}/${f.addressB}`), 404);
    expect(await read()).toEqual(before);
    // ordering to B's address is refused too
    expectRefused(await a.post('/api/shop/order/create', { addressId: f.addressB }), 404);
  });

  it("when shopper A lists, reads, pays or cancels shopper B's orders, then 403/404 and they are unchanged", async () => {
    const a = as('shopper');
    expectRefused(await a.get(`/api/shop/order/list/${f.shopperB.userId}`), 403);
    expectRefused(await a.get(`/api/shop/order/details/${f.orderB}`), 404);
    expectRefused(await a.get(`/api/shop/order/details/${f.pendingOrderB}`), 404);
    expectRefused(
      await a.post('/api/shop/order/capture', {
        paymentId: f.pendingPaymentB,
        orderId: f.pendingOrderB,
        payerId: 'X',
      }),
      404,
    );
    expectRefused(
      await a.post('/api/shop/order/capture', { paymentId: f.pendingPaymentB, payerId: 'X' }),
      404,
    );
    expectRefused(await a.post('/api/shop/order/cancel', { orderId: f.pendingOrderB }), 404);
    expect(
      (await a.post('/api/shop/order/cancel', { paymentId: f.pendingPaymentB })).status,
    ).toBeGreaterThanOrEqual(400);
    // the sandbox payment pages of B's payment are not found for A
    for (const res of [
      await a.get(`/api/payments/sandbox/${f.pendingPaymentB}`),
      await a.post(`/api/payments/sandbox/${f.pendingPaymentB}/approve`),
      await a.post(`/api/payments/sandbox/${f.pendingPaymentB}/cancel`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(f.pendingOrderB);
    }
    const order = await readOrder(ctx.db, f.pendingOrderB);
    expect(order).toMatchObject({ paymentStatus: 'pending', stockHeld: true, payerId: null });
    expect((await readOrder(ctx.db, f.orderB)).paymentStatus).toBe('paid');
  });

  it("when shopper A reads or changes shopper B's wishlist, then 403 and it is unchanged", async () => {
    const listB = async () =>
      (await ctx.db.select().from(wishlistItems).where(eq(wishlistItems.userId, f.shopperB.userId))).map(
        (w) => w.productId,
      );
    expect(await listB()).toEqual([f.productB]);
    const a = as('shopper');
    expectRefused(await a.get(`/api/shop/account/wishlist/get/${f.shopperB.userId}`), 403);
    expectRefused(await a.delete(`/api/shop/account/wishlist/${f.shopperB.userId}/${f.productB}`), 403);
    const added = await a.post('/api/shop/account/wishlist/add', {
      userId: f.shopperB.userId,
      productId: f.productA,
    });
    expect(added.body.data.userId).toBe(actors.shopper.userId);
    expect(await listB()).toEqual([f.productB]);
  });

  it("when shopper A reads or edits shopper B's profile, then 403 and it is unchanged", async () => {
    const read = async () => (await ctx.db.select().from(users).where(eq(users.id, f.shopperB.userId)))[0];
    const before = await read();
    const a = as('shopper');
    expectRefused(await a.get(`/api/auth/user/${f.shopperB.userId}`), 403);
    expectRefused(await a.put(`/api/auth/update/${f.shopperB.userId}`, { phone: '9999999999' }), 403);
    expectRefused(
      await a.get(`/api/auth/user/seller-info?email=${encodeURIComponent(actors.seller.email)}`),
      403,
    );
    expect(await read()).toEqual(before);
    const me = await a.get('/api/auth/get');
    expect(me.body.user.id).toBe(actors.shopper.userId);
    expect(me.text).not.toMatch(/passwordHash|password_hash|\$2[aby]\$/);
  });

  it("when shopper A posts a review naming shopper B, then the review is A's", async () => {
    const res = await as('shopper').post('/api/shop/review/add', {
      productId: f.productB,
      userId: f.shopperB.userId,
      username: 'Shopper B',
      reviewMessage: 'Not really B',
      reviewVal: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.userId).toBe(actors.shopper.userId);
    const ofB = await ctx.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.userId, f.shopperB.userId), eq(reviews.productId, f.productB)));
    expect(ofB.map((r) => r.reviewMessage)).toEqual(['Sturdy indeed']);
  });
});

describe("a seller and another seller's data", () => {
  it("when seller A lists, edits or deletes seller B's products, then 403 and they are unchanged", async () => {
    const before = await readProduct(ctx.db, f.productB);
    const a = as('seller');
    expectRefused(await a.get(`/api/seller/products/get/${f.sellerB.sellerId}`), 403);
    expectRefused(await a.get(`/api/seller/products/get/${f.sellerB.userId}`), 403);
    expectRefused(
      await a.put(`/api/seller/products/edit/${f.productB}`, { ...auditProduct(), title: 'Hijacked' }),
      403,
    );
    expectRefused(await a.delete(`/api/seller/products/delete/${f.productB}`), 403);
    expect(await readProduct(ctx.db, f.productB)).toEqual(before);
    // a sellerId in the body is ignored
    const added = await a.post('/api/seller/products/add', {
      ...auditProduct(),
      sellerId: f.sellerB.sellerId,
    });
    expect(added.status).toBe(201);
    expect(added.body.data.sellerId).toBe(actors.seller.sellerId);
    const own = await a.get(`/api/seller/products/get/${actors.seller.sellerId}`);
    expect(own.body.data.every((p: { sellerId: string }) => p.sellerId === actors.seller.sellerId)).toBe(
      true,
    );
  });

  it("when seller A reads or updates an order that also holds seller B's line, then only A's line is shown and changed", async () => {
    const a = as('seller');
    const list = await a.get('/api/seller/orders/get');
    const listed = list.body.data.find((o: { _id: string }) => o._id === f.orderB);
    expect(listed.cartItems.map((l: { productId: string }) => l.productId)).toEqual([f.productA]);
    const details = await a.get(`/api/seller/orders/details/${f.orderB}`);
    expect(details.body.data.cartItems.map((l: { productId: string }) => l.productId)).toEqual([f.productA]);
    expect(JSON.stringify(details.body)).not.toContain(f.productB);

    const updated = await a.put(`/api/seller/orders/update/${f.orderB}`, { orderStatus: 'inShipping' });
    expect(updated.status).toBe(200);
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, f.orderB));
    expect(lines.find((l) => l.productId === f.productA)!.status).toBe('inShipping');
    expect(lines.find((l) => l.productId === f.productB)!.status).not.toBe('inShipping');

    expectRefused(await a.get(`/api/seller/orders/${f.sellerB.sellerId}`), 403);
    // an order with none of A's lines, or not paid, is not found
    expectRefused(await a.get(`/api/seller/orders/details/${f.pendingOrderB}`), 404);
    expectRefused(
      await a.put(`/api/seller/orders/update/${f.pendingOrderB}`, { orderStatus: 'delivered' }),
      404,
    );
  });
});

describe('admin and seller routes for everyone else', () => {
  const ADMIN_ROUTES: [Method, string, object?][] = [
    ['get', '/api/auth/sellerlist/get'],
    ['get', '/api/auth/sellerlist/details/:target'],
    ['put', '/api/auth/sellerlist/update/:target', { approvalstatus: 'approved', isapproved: true }],
    ['post', '/api/admin/products/add', auditProduct()],
    ['get', '/api/admin/products/get'],
    ['put', '/api/admin/products/edit/:productB', { ...auditProduct(), title: 'Hijacked' }],
    ['delete', '/api/admin/products/delete/:productB'],
    ['post', '/api/common/banner/add', { image: '/uploads/banners/evil.png' }],
    ['delete', '/api/common/banner/delete/:banner'],
    ['get', '/api/admin/dashboard'],
    ['get', '/api/admin/orders'],
    ['post', '/api/admin/orders/:orderB/refund', { reason: 'not the admin' }],
  ];
  const SELLER_ROUTES: [Method, string, object?][] = [
    ['post', '/api/seller/products/add', auditProduct()],
    ['get', '/api/seller/products/get/:sellerB'],
    ['put', '/api/seller/products/edit/:productB', { ...auditProduct(), title: 'Hijacked' }],
    ['delete', '/api/seller/products/delete/:productB'],
    ['post', '/api/admin/products/upload-image'],
    ['get', '/api/seller/orders/get'],
    ['get', '/api/seller/orders/details/:orderB'],
    ['put', '/api/seller/orders/update/:orderB', { orderStatus: 'delivered' }],
    ['get', '/api/seller/orders/:sellerB'],
    ['get', '/api/seller/dashboard'],
  ];
  const url = (path: string) =>
    path
      .replace(':target', f.decisionTarget)
      .replace(':productB', f.productB)
      .replace(':banner', f.bannerId)
      .replace(':sellerB', f.sellerB.sellerId!)
      .replace(':orderB', f.orderB);

  it('when anyone but the admin calls an admin route, then 401/403 and nothing changes', async () => {
    const productBefore = await readProduct(ctx.db, f.productB);
    for (const role of ['anon', 'shopper', 'pending', 'seller'] as const) {
      for (const [method, path, body] of ADMIN_ROUTES) {
        const res = await send(method, url(path), actors[role], (t) => (body ? t.send(body) : t));
        expectRefused(res, role === 'anon' ? 401 : 403);
      }
    }
    expect(await readProduct(ctx.db, f.productB)).toEqual(productBefore);
    const [target] = await ctx.db.select().from(sellers).where(eq(sellers.id, f.decisionTarget));
    expect(target!.approvalstatus).toBe('pending');
    const banners = await send('get', '/api/common/banner/get', actors.anon);
    expect(banners.body.data.map((b: { _id: string }) => b._id)).toContain(f.bannerId);
  });

  it('when a shopper or a pending seller calls a seller route, then 401/403 and nothing changes', async () => {
    const linesBefore = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, f.orderB));
    for (const role of ['anon', 'shopper', 'pending'] as const) {
      for (const [method, path, body] of SELLER_ROUTES) {
        const res = await send(method, url(path), actors[role], (t) => (body ? t.send(body) : t));
        expectRefused(res, role === 'anon' ? 401 : 403);
        if (role === 'pending') expect(res.body.code).toBe('SELLER_NOT_APPROVED');
      }
    }
    expect(await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, f.orderB))).toEqual(
      linesBefore,
    );
    expect((await readProduct(ctx.db, f.productB)).deletedAt).toBeNull();
  });
});

describe('forged sessions', () => {
  it('when the session token is forged, expired, unsigned or garbage, then 401 everywhere it matters', async () => {
    const claims = { sub: actors.admin.userId, role: 'admin', email: actors.admin.email, username: 'admin' };
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const tokens = [
      jwt.sign(claims, 'not-the-secret'),
      jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, ctx.config.jwtSecret),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      jwt.sign(claims, ctx.config.jwtSecret, { algorithm: 'HS512' }),
      'garbage',
      'a.b.c',
      '',
      'x'.repeat(4000),
    ];
    for (const token of tokens) {
      for (const auth of [
        (t: request.Test) => t.set('Cookie', `token=${token}`),
        (t: request.Test) => t.set('Authorization', `Bearer ${token}`),
      ]) {
        expectRefused(await send('get', '/api/auth/get', actors.anon, auth), 401);
        expectRefused(await send('get', '/api/admin/dashboard', actors.anon, auth), 401);
        expectRefused(
          await send('get', `/api/shop/cart/get/${actors.shopper.userId}`, actors.anon, auth),
          401,
        );
      }
    }
  });
});

describe('regressions found by this audit', () => {
  it('when a text field, a search keyword or a payment id holds a NUL character, then 400 (not 500)', async () => {
    const admin = as('admin');
    const nul = await admin.post('/api/admin/products/add', { ...auditProduct(), title: 'Bad\u0000title' });
    expectRefused(nul, 400);
    expect(nul.body.errors.fieldErrors.title).toBeDefined();
    expectRefused(await as('shopper').get('/api/shop/product/search/search-product/shoe%00'), 400);
    expectRefused(
      await as('shopper').post('/api/shop/review/add', {
        productId: f.productA,
        reviewMessage: '\u0000',
        reviewVal: 5,
      }),
      400,
    );
    expect((await as('shopper').get(`/api/payments/sandbox/${f.paymentA}%00`)).status).toBe(404);
    expect(await ctx.db.select().from(products).where(eq(products.title, 'Bad'))).toEqual([]);
  });

  it('when the admin reads or empties the cart of a user that does not exist, then 404 (not 500)', async () => {
    const ghost = randomUUID();
    expectRefused(await as('admin').get(`/api/shop/cart/get/${ghost}`), 404);
    expectRefused(await as('admin').delete(`/api/shop/cart/${ghost}/${f.productA}`), 404);
    expect(await ctx.db.select().from(carts).where(eq(carts.userId, ghost))).toEqual([]);
    // the admin still reads a real shopper's cart
    const real = await as('admin').get(`/api/shop/cart/get/${f.shopperB.userId}`);
    expect(real.status).toBe(200);
    expect(real.body.data.userId).toBe(f.shopperB.userId);
  });

  it('when an upload is not parseable multipart, then 400 (not 500)', async () => {
    const res = await send('post', '/api/admin/products/upload-image', actors.seller, (t) =>
      t.set('Content-Type', 'multipart/form-data').send('garbage'),
    );
    expectRefused(res, 400);
    const truncated = await send('post', '/api/admin/products/upload-image', actors.seller, (t) =>
      t
        .set('Content-Type', 'multipart/form-data; boundary=XyZ')
        .send('--XyZ\r\nContent-Disposition: form-data; name="my_file"; filename="a.png"\r\n\r\n\x89PNG'),
    );
    expectRefused(truncated, 400);
    // a real image still goes through
    const ok = await send('post', '/api/admin/products/upload-image', actors.seller, (t) =>
      t.attach('my_file', PNG, 'a.png'),
    );
    expect(ok.status, ok.text).toBe(201);
  });

  it('when an order total is beyond what an order can hold, then a 4xx and nothing is held or written', async () => {
    const seller = as('seller');
    const added = await seller.post('/api/seller/products/add', {
      ...auditProduct(),
      title: 'Gold-plated yacht',
      price: 10_000_000,
      salePrice: '',
      discount: 0,
      totalStock: 99,
    });
    expect(added.status, added.text).toBe(201);
    const yacht = added.body.data._id as string;
    const buyer = await ctx.loginAs('user');
    const addressId = (await buyer.agent.post('/api/shop/address/add').send(addressBody())).body.data._id;
    expect(
      (await buyer.agent.post('/api/shop/cart/add').send({ productId: yacht, quantity: 3 })).status,
    ).toBe(201);
    const res = await buyer.agent.post('/api/shop/order/create').send({ addressId });
    expectRefused(res, 400);
    expect(res.body.message).toMatch(/at most ₹/);
    expect((await readProduct(ctx.db, yacht)).totalStock).toBe(99);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
    // two of them still fit in one order
    await buyer.agent.put('/api/shop/cart/update-cart').send({ productId: yacht, quantity: 2 });
    expect((await buyer.agent.post('/api/shop/order/create').send({ addressId })).status).toBe(201);
  });
});

describe('every route with hostile input, as every role', () => {
  it.each(ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    'when %s is called with hostile input, then never a 5xx, a leak or a missing envelope',
    async (_name, route) => {
      const problems: string[] = [];
      let count = 0;
      const check = async (label: string, t: request.Test) => {
        count++;
        problems.push(...problemsOf({ label, res: await t }, route.kind));
      };

      let fuzzedFields = false;
      for (const role of ROLES) {
        const actor = actors[role];
        const validParams = route.params?.(actor) ?? {};
        const validPath = fill(route.path, validParams);
        const validQuery = route.query?.() ?? {};
        const qs = new URLSearchParams(validQuery).toString();
        const validUrl = qs ? `${validPath}?${qs}` : validPath;

        // hostile path params, one at a time
        for (const name of route.path.match(/:(\w+)/g)?.map((m) => m.slice(1)) ?? []) {
          for (const bad of HOSTILE_PARAMS) {
            const url = fill(route.path, { ...validParams, [name]: bad });
            await check(
              `${role} ${route.method} ${url.slice(0, 120)}`,
              send(route.method, url, actor, (t) => (route.body ? t.send(route.body()) : t)),
            );
          }
        }
        if (route.destructive) continue;

        const probe = await send(route.method, validUrl, actor, (t) =>
          route.body ? t.send(route.body()) : t,
        );
        count++;
        problems.push(
          ...problemsOf({ label: `${role} ${route.method} ${validUrl} (valid)`, res: probe }, route.kind),
        );
        const guarded = probe.status === 401 || probe.status === 403;

        // odd query strings
        if (route.method === 'get') {
          for (const q of HOSTILE_QUERIES.slice(0, guarded ? 3 : undefined)) {
            await check(
              `${role} GET ${validPath}?${q.slice(0, 80)}`,
              send('get', `${validPath}?${q}`, actor),
            );
          }
          for (const [key] of Object.entries(validQuery)) {
            for (const bad of HOSTILE_VALUES.slice(0, guarded ? 2 : undefined)) {
              // (Node itself answers 431 to a request line over 16 KB, before the app sees it)
              const value =
                bad === LONG ? LONG.slice(0, 4000) : typeof bad === 'string' ? bad : JSON.stringify(bad);
              const q = new URLSearchParams({ ...validQuery, [key]: value });
              await check(
                `${role} GET ${validPath} ${key}=${String(bad).slice(0, 40)}`,
                send('get', `${validPath}?${q.toString()}`, actor),
              );
            }
          }
        }

        if (route.kind === 'upload') {
          if (role === 'anon' || role === 'seller') {
            for (const [label, prep] of uploadVariants()) {
              await check(`${role} ${route.path} ${label}`, send(route.method, validUrl, actor, prep));
            }
          }
          continue;
        }

        // body variants
        if (route.method !== 'get') {
          const valid = route.body?.() ?? { x: 1 };
          for (const [label, prep] of rawBodyVariants(valid).slice(0, guarded ? 4 : undefined)) {
            await check(
              `${role} ${route.method} ${validUrl} ${label}`,
              send(route.method, validUrl, actor, prep),
            );
          }
          if (route.body && !guarded) {
            // every hostile value for the first role let in; the others get a sample
            const hostile = fuzzedFields ? SAMPLE_VALUES : HOSTILE_VALUES;
            const fields = Object.keys(valid);
            for (const field of fields) {
              const values = [...hostile, [valid[field]], { value: valid[field] }, undefined];
              for (const bad of values) {
                const body = { ...route.body(), [field]: bad };
                if (bad === undefined) delete body[field];
                await check(
                  `${role} ${route.method} ${validUrl} ${field}=${JSON.stringify(bad)?.slice(0, 40)}`,
                  send(route.method, validUrl, actor, (t) => t.send(body)),
                );
              }
            }
            // every field at once
            for (const bad of hostile) {
              const body = Object.fromEntries(fields.map((k) => [k, bad]));
              await check(
                `${role} ${route.method} ${validUrl} all=${JSON.stringify(bad)?.slice(0, 40)}`,
                send(route.method, validUrl, actor, (t) => t.send(body)),
              );
            }
            fuzzedFields = true;
          }
        }
      }
      sent += count;
      expect(problems).toEqual([]);
    },
    120_000,
  );

  it('when the walk is over, then it sent thousands of requests', () => {
    expect(sent).toBeGreaterThan(5000);
  });
});
