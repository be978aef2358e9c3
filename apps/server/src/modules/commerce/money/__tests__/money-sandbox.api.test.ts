/** Refunds through the built-in sandbox provider (docs/money.md): it keeps its own record and refuses over-refunds. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxPayments } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import { paidOrder, readOrder, readProduct } from '../../__tests__/helpers';

const ctx = await createTestContext();

describe('sandbox refunds', () => {
  it('when a sandbox order is paid and then cancelled, then the sandbox records the refund and the stock returns', async () => {
    const s = await paidOrder(ctx, [{ pricePaise: 50_000, totalStock: 4, quantity: 2 }]);
    const { orderId, paymentId, order } = s;
    const p = s.products[0]!;
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      payments: [expect.objectContaining({ event: 'capture' })],
    });
    const [before] = await ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.paymentId, paymentId));
    expect(before).toMatchObject({ amountPaise: order.totalAmount * 100, refundedPaise: 0 });

    const admin = await ctx.loginAs('admin');
    const part = await admin.agent
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ amount: 100, reason: 'scratch' });
    expect(part.status).toBe(201);
    const res = await s.agent.post(`/api/shop/order/cancel/${orderId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.refundedAmount).toBe(order.totalAmount);
    const [after] = await ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.paymentId, paymentId));
    expect(after!.refundedPaise).toBe(after!.amountPaise);
    expect(await readProduct(ctx.db, p.id)).toMatchObject({ totalStock: 4, unitsSold: 0 });
    expect(await readOrder(ctx.db, orderId)).toMatchObject({ deliveryRefunded: true });
  });

  it('when the sandbox is asked for more than it captured, then it refuses', async () => {
    const { paymentId } = await paidOrder(ctx, [{ pricePaise: 10_000, totalStock: 4 }]);
    await expect(
      ctx.deps.payments.refund({ captureId: `CAP-${paymentId}`, amountPaise: 1_000_000, requestId: 'x' }),
    ).rejects.toMatchObject({ code: 'REFUND_REFUSED' });
  });
});
