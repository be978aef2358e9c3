/**
 * Issue 14 item 5: a product edit never overwrites stock held or sold since its form was loaded
 * (docs/orders-and-stock.md). Run on real PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { insertProduct, paidOrder, placedOrder, readProduct } from '../../../commerce/__tests__/helpers';
import { productBody } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const seller = await ctx.loginAsSeller('approved');

/** A new shopper orders `quantity` of the product, paid in the sandbox or left unpaid (its stock held). */
const buy = (productId: string, quantity: number, pay: boolean) =>
  (pay ? paidOrder : placedOrder)(ctx, [{ productId, quantity }]);

/** the edit form as the web sends it: every field, plus the stock figure it was loaded with */
const edit = (id: string, over: Record<string, unknown>) =>
  seller.agent.put(`/api/seller/products/edit/${id}`).send(productBody(over));

describe('stock edits', () => {
  it('when the form was loaded before 3 sales and its stock figure was changed, then 409 STALE_STOCK with the current figure and nothing changes', async () => {
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 10 });
    const loaded = (await readProduct(ctx.db, p.id)).totalStock;
    for (let i = 0; i < 3; i++) await buy(p.id, 1, true);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(7);

    const res = await edit(p.id, { title: 'Renamed', totalStock: 12, stockLoaded: loaded });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('STALE_STOCK');
    expect(res.body.details).toEqual({ currentStock: 7 });
    expect(res.body.message).toContain('it is now 7');
    const row = await readProduct(ctx.db, p.id);
    expect(row).toMatchObject({ totalStock: 7, title: p.title });

    const retried = await edit(p.id, { title: 'Renamed', totalStock: 12, stockLoaded: 7 });
    expect(retried.status).toBe(200);
    expect(retried.body.data.totalStock).toBe(12);
  });

  it('when the form was loaded before 3 sales and only other fields were changed, then the stock stays what the sales left', async () => {
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 10 });
    for (let i = 0; i < 3; i++) await buy(p.id, 1, true);
    const res = await edit(p.id, { title: 'New title', totalStock: 10, stockLoaded: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'New title', totalStock: 7 });
  });

  it('when an edit does not say which stock figure it was based on (no stockLoaded), then it changes no stock: the sales stay counted and the other fields are saved', async () => {
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 10 });
    for (let i = 0; i < 3; i++) await buy(p.id, 1, true);
    const res = await edit(p.id, { title: 'Without a loaded figure', totalStock: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Without a loaded figure', totalStock: 7 });
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(7);
  });

  it('when an edit is saved while a hold is open and the hold is then released, then the physical units are right', async () => {
    // 7 units on the shelf; a shopper holds 2 (5 left to sell); the form was loaded before the hold
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 7 });
    const hold = await buy(p.id, 2, false);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);

    const res = await edit(p.id, { price: 1234, totalStock: 7, stockLoaded: 7 });
    expect(res.status).toBe(200);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);

    const stale = await edit(p.id, { totalStock: 9, stockLoaded: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.details.currentStock).toBe(5);

    const cancel = await hold.agent.post('/api/shop/order/cancel').send({ orderId: hold.orderId });
    expect(cancel.status).toBe(200);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(7);
  });

  it('when an edit races 5 checkouts, then it either comes first (30 − 5 = 25) or is refused (20 − 5 = 15): never a lost sale', async () => {
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 20 });
    const [editRes] = await Promise.all([
      edit(p.id, { totalStock: 30, stockLoaded: 20 }),
      ...Array.from({ length: 5 }, () => buy(p.id, 1, false)),
    ]);
    const stock = (await readProduct(ctx.db, p.id)).totalStock;
    expect([editRes.status, stock]).toEqual(editRes.status === 200 ? [200, 25] : [409, 15]);
  });
});
