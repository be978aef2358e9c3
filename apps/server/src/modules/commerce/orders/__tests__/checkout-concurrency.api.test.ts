import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orderLines, orders } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import { addAddress, addToCart, insertProduct, readProduct } from '../../__tests__/helpers';

const ctx = await createTestContext();

describe('concurrent checkouts', () => {
  it('when 10 shoppers check out the last 3 units at once, then exactly 3 orders hold stock and stock ends at 0', async () => {
    const p = await insertProduct(ctx.db, { totalStock: 3 });
    const shoppers = [];
    for (let i = 0; i < 10; i++) {
      const s = await ctx.loginAs('user');
      const addressId = await addAddress(s.agent);
      await addToCart(s.agent, p.id, 1);
      shoppers.push({ ...s, addressId });
    }
    const results = await Promise.all(
      shoppers.map((s) => s.agent.post('/api/shop/order/create').send({ addressId: s.addressId })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('OUT_OF_STOCK');
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(0);
    const held = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.productId, p.id), eq(orders.stockHeld, true)));
    expect(held).toHaveLength(3);
  });

  it('when two products are bought in opposite cart orders at once, then no deadlock and stock never negative', async () => {
    const a = await insertProduct(ctx.db, { totalStock: 4 });
    const b = await insertProduct(ctx.db, { totalStock: 4 });
    const shoppers = [];
    for (let i = 0; i < 6; i++) {
      const s = await ctx.loginAs('user');
      const addressId = await addAddress(s.agent);
      const [first, second] = i % 2 ? [a, b] : [b, a];
      await addToCart(s.agent, first.id, 1);
      await addToCart(s.agent, second.id, 1);
      shoppers.push({ ...s, addressId });
    }
    const results = await Promise.all(
      shoppers.map((s) => s.agent.post('/api/shop/order/create').send({ addressId: s.addressId })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect((await readProduct(ctx.db, a.id)).totalStock).toBe(0);
    expect((await readProduct(ctx.db, b.id)).totalStock).toBe(0);
  });
});
