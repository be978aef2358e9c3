/** Builders shared by the commerce API tests. */
import { eq } from 'drizzle-orm';
import { lineTaxOf } from '@mp/shared';
import { expect } from 'vitest';
import type { Db } from '../../../db/client';
import {
  cartItems,
  carts,
  orderLines,
  orders,
  productVariants,
  products,
  sellerLedger,
} from '../../../db/schema';
import type { TestAgent, TestContext } from '../../../../test/app';
import type { AppDeps } from '../../../context';
import { lockOrder } from '../orders/order.repository';
import { moveOwnLinesIn } from '../seller-orders/seller-order.service';

let n = 0;

export async function insertProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<typeof products.$inferSelect> {
  n++;
  const [p] = await db
    .insert(products)
    .values({
      title: `Test product ${n}`,
      description: 'A product for tests',
      category: 'men',
      brand: 'nike',
      pricePaise: 100_000,
      salePricePaise: null,
      discount: 0,
      totalStock: 10,
      image: '/uploads/products/test.png',
      images: [overrides.image ?? '/uploads/products/test.png'],
      ...overrides,
    })
    .returning();
  return p!;
}

/** Sets the stock of a product's variants (its default variant for a product without options), as a sale would. */
export async function setStock(db: Db, productId: string, stock: number): Promise<void> {
  await db.update(productVariants).set({ stock }).where(eq(productVariants.productId, productId));
}

export const readProduct = async (db: Db, id: string) =>
  (await db.select().from(products).where(eq(products.id, id)))[0]!;

export const readOrder = async (db: Db, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The lines in a shopper's cart, read from the database. */
export const cartLinesOf = (db: Db, userId: string) =>
  db
    .select({ id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));

/** A seller's ledger entries (docs/money.md, "Seller earnings"). */
export const ledgerOf = (db: Db, sellerId: string) =>
  db.select().from(sellerLedger).where(eq(sellerLedger.sellerId, sellerId));

export const addressBody = (over: Record<string, unknown> = {}) => ({
  address: '12 MG Road',
  city: 'Bengaluru',
  pincode: '560001',
  phone: '9876543210',
  notes: 'Ring the bell',
  place: 'home',
  ...over,
});

export async function addAddress(agent: TestAgent, over: Record<string, unknown> = {}): Promise<string> {
  const res = await agent.post('/api/shop/address/add').send(addressBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

/**
 * The admin makes 'men' (the test products' category) not returnable: a delivered line's net is payable at once
 * (docs/money.md, "Return window").
 */
export async function menNotReturnable(admin: { agent: TestAgent }) {
  const res = await admin.agent.put('/api/admin/return-policies/men').send({ windowDays: null });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A new shopper, logged in, with one delivery address (the default one, or with these fields changed). */
export async function shopperWithAddress(
  ctx: Pick<TestContext, 'loginAs'>,
  address: Record<string, unknown> = {},
) {
  const s = await ctx.loginAs('user');
  return { ...s, addressId: await addAddress(s.agent, address) };
}

/**
 * One line of a test purchase: a new product (`insertProduct`'s fields) or an existing one (`productId`), and how
 * many units go in the cart.
 */
export type Purchase = (Partial<typeof products.$inferInsert> | { productId: string }) & {
  quantity?: number;
};

/** A new shopper with an address puts new products in the cart, in order (one unit each unless told). */
export async function shopperWithCart(
  ctx: Pick<TestContext, 'loginAs' | 'db'>,
  items: Purchase[],
  address: Record<string, unknown> = {},
) {
  const s = await shopperWithAddress(ctx, address);
  const bought = [];
  for (const { quantity = 1, ...fields } of items) {
    const product =
      'productId' in fields
        ? await readProduct(ctx.db, fields.productId)
        : await insertProduct(ctx.db, fields);
    await addToCart(s.agent, product.id, quantity);
    bought.push(product);
  }
  return { ...s, products: bought };
}

/** A new shopper checks out new products by cash on delivery (docs/money.md); answers the create's answer. */
export async function codCheckout(
  ctx: Pick<TestContext, 'loginAs' | 'db'>,
  items: Purchase[],
  address: Record<string, unknown> = {},
) {
  const s = await shopperWithCart(ctx, items, address);
  const res = await s.agent
    .post('/api/shop/order/create')
    .send({ addressId: s.addressId, paymentMethod: 'cod' });
  return { ...s, res, orderId: res.body.orderId as string };
}

export async function addToCart(agent: TestAgent, productId: string, quantity = 1): Promise<void> {
  const res = await agent.post('/api/shop/cart/add').send({ productId, quantity });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Places the cart's order (the create's other fields, e.g. a buyer's GSTIN, in `extra`); expects 201. */
export async function createOrder(
  agent: TestAgent,
  addressId: string,
  extra: Record<string, unknown> = {},
): Promise<{ orderId: string; approvalURL: string; paymentId: string }> {
  const res = await agent.post('/api/shop/order/create').send({ addressId, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Approves a created order in the sandbox and captures it: the shopper's return from the payment page. */
export async function payOrder<Created extends { orderId: string; approvalURL: string; paymentId: string }>(
  agent: TestAgent,
  created: Created,
) {
  const approve = await agent.post(`${created.approvalURL}/approve`);
  expect(approve.status).toBe(303);
  const payerId = new URL(approve.headers.location!, 'http://x').searchParams.get('PayerID')!;
  const capture = await agent
    .post('/api/shop/order/capture')
    .send({ paymentId: created.paymentId, payerId, orderId: created.orderId });
  expect(capture.status, JSON.stringify(capture.body)).toBe(200);
  return { ...created, payerId, order: capture.body.data };
}

/** The whole sandbox journey up to a paid order. */
export async function sandboxCheckout(agent: TestAgent, addressId: string) {
  return payOrder(agent, await createOrder(agent, addressId));
}

/** A new shopper places an order of products and has not paid it yet: its stock is held (docs/orders-and-stock.md). */
export async function placedOrder(
  ctx: Pick<TestContext, 'loginAs' | 'db'>,
  items: Purchase[],
  address: Record<string, unknown> = {},
  order: Record<string, unknown> = {},
) {
  const s = await shopperWithCart(ctx, items, address);
  return { ...s, ...(await createOrder(s.agent, s.addressId, order)) };
}

/** A new shopper buys products and pays in the sandbox: a paid order (its lines confirmed). */
export async function paidOrder(
  ctx: Pick<TestContext, 'loginAs' | 'db'>,
  items: Purchase[],
  address: Record<string, unknown> = {},
  order: Record<string, unknown> = {},
) {
  const placed = await placedOrder(ctx, items, address, order);
  return payOrder(placed.agent, placed);
}

/** A paid order whose every seller's parcel the courier has delivered (docs/delivery.md): its lines are earned. */
export async function deliveredOrder(
  ctx: Pick<TestContext, 'loginAs' | 'db' | 'deps'>,
  items: Purchase[],
  address: Record<string, unknown> = {},
) {
  const o = await paidOrder(ctx, items, address);
  for (const sellerId of new Set(o.products.map((p) => p.sellerId))) {
    if (sellerId) await courierDelivers(ctx.deps, o.orderId, sellerId);
  }
  return o;
}

/**
 * Writes an order of one unit of a product straight to the database (no checkout): for tests about what an order
 * in some payment state means elsewhere (reviews, dashboards).
 */
export async function insertOrderOf(
  db: Db,
  userId: string,
  productId: string,
  opts: {
    paymentStatus?: 'paid' | 'pending';
    sellerId?: string | null;
    pricePaise?: number;
    /** GST rate frozen on the line, as a checkout does (its taxable value, TCS and TDS; intra-state) */
    taxRate?: number;
  } = {},
): Promise<string> {
  const price = opts.pricePaise ?? 1000;
  const paid = (opts.paymentStatus ?? 'paid') === 'paid';
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      buyerName: 'Buyer',
      address: '1 Road',
      city: 'Pune',
      pincode: '411001',
      phone: '9876543210',
      paymentMethod: 'sandbox',
      paymentStatus: opts.paymentStatus ?? 'paid',
      orderStatus: paid ? 'confirmed' : 'pending',
      subtotalPaise: price,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: price,
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId,
    sellerId: opts.sellerId ?? null,
    title: 'x',
    image: '/uploads/x.png',
    unitPricePaise: price,
    linePricePaise: price,
    quantity: 1,
    status: paid ? 'confirmed' : 'pending',
    ...(opts.taxRate === undefined
      ? {}
      : (({ taxRate, taxablePaise, cgstPaise, sgstPaise, igstPaise, tcsPaise, tdsPaise }) => ({
          taxRate,
          taxablePaise,
          cgstPaise,
          sgstPaise,
          igstPaise,
          tcsPaise,
          tdsPaise,
        }))(
          lineTaxOf({
            grossPaise: price,
            sellerDiscountPaise: 0,
            ratePercent: opts.taxRate,
            sellerState: null,
            placeOfSupply: null,
          }),
        )),
  });
  return order!.id;
}

/**
 * A new shopper's `count` orders (one by default) of one unit each of one new product of `sellerId` (`product`'s
 * fields), written straight to the database with `insertOrderOf` (its `order` options); answers their ids.
 */
export async function insertOrdersOf(
  ctx: Pick<TestContext, 'loginAs' | 'db'>,
  sellerId: string,
  opts: {
    count?: number;
    product?: Partial<typeof products.$inferInsert>;
    order?: Parameters<typeof insertOrderOf>[3];
  } = {},
): Promise<string[]> {
  const p = await insertProduct(ctx.db, { sellerId, ...opts.product });
  const buyer = await ctx.loginAs('user');
  const ids = [];
  for (let i = 0; i < (opts.count ?? 1); i++) {
    ids.push(await insertOrderOf(ctx.db, buyer.userId, p.id, { sellerId, ...opts.order }));
  }
  return ids;
}

/**
 * The courier reports a seller's parcel of an order delivered (docs/delivery.md): the only way its lines become
 * delivered (and earned); a seller's own PUT of delivered is 409. For tests about what delivery means elsewhere.
 */
export async function courierDelivers(
  deps: Pick<AppDeps, 'money' | 'earnings'>,
  orderId: string,
  sellerId: string,
) {
  await deps.money.inTransaction(async (tx) => {
    await lockOrder(tx, orderId);
    await moveOwnLinesIn(tx, deps.earnings, orderId, sellerId, 'delivered', {
      userId: null,
      role: 'courier',
    });
  });
}
