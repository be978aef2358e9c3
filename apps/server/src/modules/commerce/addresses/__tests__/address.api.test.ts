import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { addresses } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import { addressBody, addToCart, createOrder, insertProduct } from '../../__tests__/helpers';

const ctx = await createTestContext();
const countFor = async (userId: string) =>
  (await ctx.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)))[0]!.n;

describe('addresses', () => {
  it('when a shopper adds an address, then it is the default and listed with _id and addressId', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const res = await agent.post('/api/shop/address/add').send({ ...addressBody(), userId: 'ignored' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Added New Address successful!' });
    expect(res.body.data).toMatchObject({ userId, city: 'Bengaluru', isDefault: true, state: null });
    expect(res.body.data._id).toBe(res.body.data.addressId);
    const list = await agent.get(`/api/shop/address/get/${userId}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
  });

  it('when a fourth address is added, then 409 ADDRESS_LIMIT with the message and still 3 stored', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    for (let i = 0; i < 3; i++) {
      expect((await agent.post('/api/shop/address/add').send(addressBody({ city: `C${i}` }))).status).toBe(
        201,
      );
    }
    const res = await agent.post('/api/shop/address/add').send(addressBody());
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      code: 'ADDRESS_LIMIT',
      message: 'You can add maximum 3 addresses',
    });
    expect(await countFor(userId)).toBe(3);
  });

  it('when eight adds race, then exactly 3 are stored and one is the default', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        agent.post('/api/shop/address/add').send(addressBody({ city: `R${i}` })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await countFor(userId)).toBe(3);
    const list = await agent.get(`/api/shop/address/get/${userId}`);
    expect(list.body.data.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });

  it('when an address is added or edited with isDefault, then the default moves there', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const a = (await agent.post('/api/shop/address/add').send(addressBody())).body.data;
    const b = (await agent.post('/api/shop/address/add').send(addressBody({ isDefault: true }))).body.data;
    expect(b.isDefault).toBe(true);
    let list = (await agent.get(`/api/shop/address/get/${userId}`)).body.data;
    expect(list.find((x: { _id: string }) => x._id === a._id).isDefault).toBe(false);

    const edit = await agent
      .put(`/api/shop/address/update/${userId}/${a._id}`)
      .send(addressBody({ city: 'Mysuru', isDefault: true }));
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ success: true, message: 'Edited Address successful!' });
    expect(edit.body.data).toMatchObject({ city: 'Mysuru', isDefault: true });
    list = (await agent.get(`/api/shop/address/get/${userId}`)).body.data;
    expect(
      list.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { _id: string }) => x._id),
    ).toEqual([a._id]);
  });

  it('when the default address is deleted, then another becomes the default', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const a = (await agent.post('/api/shop/address/add').send(addressBody())).body.data;
    const b = (await agent.post('/api/shop/address/add').send(addressBody())).body.data;
    const res = await agent.delete(`/api/shop/address/delete/${userId}/${a._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Address deleted successful!' });
    expect(res.body.data).toEqual([expect.objectContaining({ _id: b._id, isDefault: true })]);
    expect((await agent.delete(`/api/shop/address/delete/${userId}/${a._id}`)).status).toBe(404);
  });

  it("when a shopper touches someone else's address, then 403 (path) or 404 (id) and nothing changes", async () => {
    const owner = await ctx.loginAs('user');
    const other = await ctx.loginAs('user');
    const addr = (await owner.agent.post('/api/shop/address/add').send(addressBody())).body.data;
    expect((await other.agent.get(`/api/shop/address/get/${owner.userId}`)).status).toBe(403);
    expect(
      (await other.agent.put(`/api/shop/address/update/${owner.userId}/${addr._id}`).send(addressBody()))
        .status,
    ).toBe(403);
    expect((await other.agent.delete(`/api/shop/address/delete/${owner.userId}/${addr._id}`)).status).toBe(
      403,
    );
    // own path, someone else's address id
    expect(
      (
        await other.agent
          .put(`/api/shop/address/update/${other.userId}/${addr._id}`)
          .send(addressBody({ city: 'X' }))
      ).status,
    ).toBe(404);
    expect((await other.agent.delete(`/api/shop/address/delete/${other.userId}/${addr._id}`)).status).toBe(
      404,
    );
    const [row] = await ctx.db.select().from(addresses).where(eq(addresses.id, addr._id));
    expect(row?.city).toBe('Bengaluru');
  });

  it.each([
    [{ pincode: '12345' }, 'pincode'],
    [{ place: 'moon' }, 'place'],
    [{ city: '   ' }, 'city'],
    [{ phone: 'abc' }, 'phone'],
  ])('when the body has %j, then 400 naming %s', async (over, field) => {
    const { agent, userId } = await ctx.loginAs('user');
    const res = await agent.post('/api/shop/address/add').send(addressBody(over));
    expect(res.status).toBe(400);
    expect(res.body.errors.fieldErrors[field]).toBeDefined();
    expect(await countFor(userId)).toBe(0);
  });

  it('when not logged in, then 401', async () => {
    expect((await ctx.anon().post('/api/shop/address/add').send(addressBody())).status).toBe(401);
  });
});

describe('addresses: recipient, state and landmark', () => {
  it('when a shopper adds an address with a recipient, a state and a landmark and no notes, then all are kept and copied into an order', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const body = addressBody({
      recipientName: 'Meera Iyer',
      state: 'Karnataka',
      landmark: 'Opposite the metro station',
      notes: '',
    });
    const res = await agent.post('/api/shop/address/add').send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      recipientName: 'Meera Iyer',
      state: 'Karnataka',
      landmark: 'Opposite the metro station',
      notes: '',
    });
    const product = await insertProduct(ctx.db);
    await addToCart(agent, product.id);
    const { orderId } = await createOrder(agent, res.body.data._id);
    const order = await agent.get(`/api/shop/order/details/${orderId}`);
    expect(order.body.data.addressInfo).toMatchObject({
      recipientName: 'Meera Iyer',
      state: 'Karnataka',
      landmark: 'Opposite the metro station',
    });
    expect(await countFor(userId)).toBe(1);
  });

  it('when the state is not an Indian state, then 400 with a message for the field and nothing stored', async () => {
    const { agent, userId } = await ctx.loginAs('user');
    const res = await agent.post('/api/shop/address/add').send(addressBody({ state: 'Atlantis' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.fieldErrors.state).toEqual(['Choose a state']);
    expect(await countFor(userId)).toBe(0);
  });

  it('when no recipient is named, then the account name is the recipient', async () => {
    const { agent } = await ctx.loginAs('user', { username: 'Ravi Kumar' });
    const res = await agent.post('/api/shop/address/add').send(addressBody());
    expect(res.status).toBe(201);
    expect(res.body.data.recipientName).toBe('Ravi Kumar');
  });
});
