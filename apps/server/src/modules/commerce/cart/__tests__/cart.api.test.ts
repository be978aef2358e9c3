import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import { insertProduct, setStock } from '../../__tests__/helpers';

const ctx = await createTestContext();

describe('cart', () => {
  it('when a shopper adds a product twice, then one line holds the summed quantity with totals', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db, {
      pricePaise: 20_000,
      salePricePaise: 15_000,
      discount: 10,
      totalStock: 5,
    });
    const first = await agent
      .post('/api/shop/cart/add')
      .send({ productId: p.id, userId: 'someone-else', discount: 99 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: 'Product added Successfully!' });
    expect(first.body.data.items).toHaveLength(1);
    const second = await agent.post('/api/shop/cart/add').send({ productId: p.id, quantity: 2 });
    expect(second.status).toBe(201);

    const res = await agent.get(`/api/shop/cart/get/${userId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.userId).toBe(userId);
    expect(res.body.data.items).toEqual([
      {
        productId: p.id,
        variantId: expect.any(String),
        variantLabel: '',
        title: p.title,
        image: p.image,
        salePrice: 150,
        price: 200,
        discount: 10,
        quantity: 3,
        totalStock: 5,
        sellerId: null,
        available: true,
        unavailableReason: null,
      },
    ]);
    // subtotal 450, discount 45, delivery 40 (≤ 500)
    expect(res.body.data.totals).toEqual({
      subtotal: 450,
      discount: 45,
      shippingCharge: 40,
      total: 445,
      itemCount: 3,
    });
  });

  it('when not logged in, then 401', async () => {
    const p = await insertProduct(ctx.db);
    const res = await ctx.anon().post('/api/shop/cart/add').send({ productId: p.id });
    expect(res.status).toBe(401);
  });

  it("when a shopper reads another shopper's cart, then 403", async () => {
    const a = await ctx.loginAs('user');
    const b = await ctx.loginAs('user');
    const res = await a.agent.get(`/api/shop/cart/get/${b.userId}`);
    expect(res.status).toBe(403);
    const del = await a.agent.delete(`/api/shop/cart/${b.userId}/${(await insertProduct(ctx.db)).id}`);
    expect(del.status).toBe(403);
  });

  it('when the admin reads a shopper cart, then it is allowed', async () => {
    const b = await ctx.loginAs('user');
    const admin = await ctx.loginAs('admin');
    const res = await admin.agent.get(`/api/shop/cart/get/${b.userId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toEqual([]);
  });

  it.each([0, -1, 1.5, 10 ** 9, 'abc'])(
    'when quantity is %s, then 400 and nothing changes',
    async (quantity) => {
      const { agent, userId } = await ctx.loginAs('user');
      const p = await insertProduct(ctx.db, { totalStock: 5 });
      const add = await agent.post('/api/shop/cart/add').send({ productId: p.id, quantity });
      expect(add.status).toBe(400);
      expect(add.body.code).toBe('VALIDATION_FAILED');
      await agent.post('/api/shop/cart/add').send({ productId: p.id });
      const upd = await agent.put('/api/shop/cart/update-cart').send({ productId: p.id, quantity });
      expect(upd.status).toBe(400);
      const cart = await agent.get(`/api/shop/cart/get/${userId}`);
      expect(cart.body.data.items[0].quantity).toBe(1);
    },
  );

  it('when the product id is not a uuid or unknown, then 400 / 404', async () => {
    const { agent } = await ctx.loginAs('user');
    expect((await agent.post('/api/shop/cart/add').send({ productId: 'nope' })).status).toBe(400);
    const unknown = await agent
      .post('/api/shop/cart/add')
      .send({ productId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
  });

  it('when many adds race past the 99 limit, then the line never holds more than 99', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db, { totalStock: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        agent.post('/api/shop/cart/add').send({ productId: p.id, quantity: 20 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 400, 400, 400, 400]);
    const cart = await agent.get(`/api/shop/cart/get/${userId}`);
    expect(cart.body.data.items[0].quantity).toBe(80);
  });

  it('when adding more than the stock, then 409 with the stock-left message', async () => {
    const { agent } = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db, { totalStock: 2 });
    const res = await agent.post('/api/shop/cart/add').send({ productId: p.id, quantity: 3 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 2 Quantity are left');
  });

  it('when updating the quantity, then it is set; above the stock 409 "Only n Quantity are left"', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db, { totalStock: 4 });
    await agent.post('/api/shop/cart/add').send({ productId: p.id });
    const ok = await agent
      .put('/api/shop/cart/update-cart')
      .send({ productId: p.id, quantity: 4, userId: 'x' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: 'Cart updated successfully!' });
    expect(ok.body.data.items[0].quantity).toBe(4);
    const tooMany = await agent.put('/api/shop/cart/update-cart').send({ productId: p.id, quantity: 5 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ success: false, message: 'Only 4 Quantity are left' });
    const cart = await agent.get(`/api/shop/cart/get/${userId}`);
    expect(cart.body.data.items[0].quantity).toBe(4);
  });

  it('when updating a product not in the cart, then 404', async () => {
    const { agent } = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db);
    const res = await agent.put('/api/shop/cart/update-cart').send({ productId: p.id, quantity: 1 });
    expect(res.status).toBe(404);
  });

  it('when removing a line, then it is gone; removing it again 404', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const p = await insertProduct(ctx.db);
    const q = await insertProduct(ctx.db);
    await agent.post('/api/shop/cart/add').send({ productId: p.id });
    await agent.post('/api/shop/cart/add').send({ productId: q.id });
    const res = await agent.delete(`/api/shop/cart/${userId}/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Item removed from cart!' });
    expect(res.body.data.items.map((i: { productId: string }) => i.productId)).toEqual([q.id]);
    expect((await agent.delete(`/api/shop/cart/${userId}/${p.id}`)).status).toBe(404);
  });

  it('when a carted product is deleted or sells out, then the cart flags it and leaves it out of the totals', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const gone = await insertProduct(ctx.db, { pricePaise: 10_000 });
    const sold = await insertProduct(ctx.db, { pricePaise: 20_000 });
    const fine = await insertProduct(ctx.db, { pricePaise: 60_000 });
    for (const p of [gone, sold, fine]) await agent.post('/api/shop/cart/add').send({ productId: p.id });
    await ctx.db
      .update(products)
      .set({ deletedAt: sql`now()` })
      .where(eq(products.id, gone.id));
    await setStock(ctx.db, sold.id, 0);

    const res = await agent.get(`/api/shop/cart/get/${userId}`);
    const byId = Object.fromEntries(res.body.data.items.map((i: { productId: string }) => [i.productId, i]));
    expect(byId[gone.id]).toMatchObject({ available: false, unavailableReason: 'deleted' });
    expect(byId[sold.id]).toMatchObject({ available: false, unavailableReason: 'outOfStock', totalStock: 0 });
    expect(byId[fine.id]).toMatchObject({ available: true, unavailableReason: null });
    expect(res.body.data.totals).toMatchObject({
      subtotal: 600,
      shippingCharge: 0,
      total: 600,
      itemCount: 1,
    });

    const addDeleted = await agent.post('/api/shop/cart/add').send({ productId: gone.id });
    expect(addDeleted.status).toBe(404);
    const addSoldOut = await agent.post('/api/shop/cart/add').send({ productId: sold.id });
    expect(addSoldOut.status).toBe(409);
  });
});
