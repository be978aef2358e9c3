/**
 * Issue 29 item 2: products with options and variants (docs/orders-and-stock.md, "Variants"): the write path's
 * rules, cart and checkout per variant, stock per variant after paying and cancelling, and two shoppers racing
 * for the last unit of a size. Run on real PostgreSQL with DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productVariants } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import { addAddress, createOrder, payOrder, readProduct } from '../../../commerce/__tests__/helpers';
import { productBody } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const seller = await ctx.loginAsSeller('approved');
let n = 0;

const SIZES = { name: 'Size', values: ['S', 'M', 'L'] };
const COLOURS = { name: 'Colour', values: ['Black', 'Blue'] };

/** A shirt in S, M, L: M costs more, L is out of stock. */
const shirt = (over: Record<string, unknown> = {}) =>
  productBody({
    title: `Oxford shirt ${++n}`,
    price: undefined,
    salePrice: undefined,
    totalStock: undefined,
    options: [SIZES],
    variants: [
      { sku: `SH-${n}-S`, optionValues: ['S'], price: 499, stock: 4 },
      { sku: `SH-${n}-M`, optionValues: ['M'], price: 799, salePrice: 699, stock: 1 },
      { sku: `SH-${n}-L`, optionValues: ['L'], price: 599, stock: 0 },
    ],
    ...over,
  });

async function addShirt(over: Record<string, unknown> = {}) {
  const res = await seller.agent.post('/api/seller/products/add').send(shirt(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    _id: string;
    variants: { _id: string; optionValues: string[]; stock: number; sku: string }[];
  };
}

const variantOf = (p: { variants: { _id: string; optionValues: string[] }[] }, value: string) =>
  p.variants.find((v) => v.optionValues.includes(value))!._id;

const stockOf = async (variantId: string) =>
  (await ctx.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

async function shopper() {
  const s = await ctx.loginAs('user');
  return { ...s, addressId: await addAddress(s.agent) };
}

describe('variants: the write path', () => {
  it('when a seller adds a shirt in three sizes, then the product row shows the cheapest price, the range, the summed stock and the sizes in stock', async () => {
    const p = await addShirt();
    expect(p.variants.map((v) => v.optionValues)).toEqual([['S'], ['M'], ['L']]);
    expect(p).toMatchObject({ price: 499, salePrice: null, maxPrice: 699, totalStock: 5, options: [SIZES] });
    const row = await readProduct(ctx.db, p._id);
    expect(row).toMatchObject({ pricePaise: 49_900, maxEffectivePricePaise: 69_900, totalStock: 5 });
    expect([...row.sizes].sort()).toEqual(['M', 'S']);
    const page = await ctx.anon().get(`/api/shop/products/get/${p._id}`);
    expect(page.body.data).toMatchObject({ price: 499, maxPrice: 699, totalStock: 5 });
  });

  it('when a combination is listed twice, then 400 VARIANT_REPEATED and nothing is written', async () => {
    const title = `Twice ${++n}`;
    const res = await seller.agent.post('/api/seller/products/add').send(
      shirt({
        title,
        variants: [
          { optionValues: ['S'], price: 499, stock: 1 },
          { optionValues: ['S'], price: 599, stock: 1 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VARIANT_REPEATED');
    const list = await seller.agent.get(`/api/seller/products/get/${seller.sellerId}`).query({ q: title });
    expect(list.body.data).toEqual([]);
  });

  it.each([
    [
      'four options',
      { options: [SIZES, COLOURS, { name: 'Fit', values: ['Slim'] }, { name: 'X', values: ['Y'] }] },
    ],
    ['an option named twice', { options: [SIZES, { name: 'size', values: ['XL'] }] }],
    ['a value repeated', { options: [{ name: 'Size', values: ['S', 's'] }] }],
    ['a value not of the option', { variants: [{ optionValues: ['XXL'], price: 499, stock: 1 }] }],
    [
      'one value missing',
      { options: [SIZES, COLOURS], variants: [{ optionValues: ['S'], price: 499, stock: 1 }] },
    ],
    ['options without variants', { variants: undefined, price: 499, totalStock: 3 }],
  ])('when the input has %s, then 400 VALIDATION_FAILED', async (_name, over) => {
    const res = await seller.agent.post('/api/seller/products/add').send(shirt(over));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it("when a SKU is already used in the seller's catalogue, then 409 SKU_TAKEN; another seller may use it", async () => {
    const first = await addShirt();
    const sku = first.variants[0]!.sku;
    const res = await seller.agent
      .post('/api/seller/products/add')
      .send(shirt({ variants: [{ sku, optionValues: ['S'], price: 499, stock: 1 }] }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SKU_TAKEN', details: { sku } });

    const other = await ctx.loginAsSeller('approved');
    const theirs = await other.agent
      .post('/api/seller/products/add')
      .send(shirt({ variants: [{ sku, optionValues: ['S'], price: 499, stock: 1 }] }));
    expect(theirs.status).toBe(201);
    expect((await ctx.deps.products.variantsBySkus(seller.sellerId, [sku!]))[0]).toMatchObject({
      productId: first._id,
    });
  });

  it('when a seller deletes a product, then its SKUs are free again; a product waiting for its brand keeps them', async () => {
    const gone = await addShirt();
    const sku = gone.variants[0]!.sku;
    expect((await seller.agent.delete(`/api/seller/products/delete/${gone._id}`)).status).toBe(200);
    const again = await seller.agent
      .post('/api/seller/products/add')
      .send(shirt({ variants: [{ sku, optionValues: ['S'], price: 499, stock: 1 }] }));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await ctx.deps.products.variantsBySkus(seller.sellerId, [sku]))[0]).toMatchObject({
      productId: again.body.data._id,
    });

    const waiting = await seller.agent.post('/api/seller/products/add').send(
      shirt({
        brand: 'Zardozi Threads Co',
        variants: [{ sku: 'ZT-1', optionValues: ['S'], price: 499, stock: 1 }],
      }),
    );
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
    expect(waiting.body.data.brandPending).toBe(true);
    const clash = await seller.agent
      .post('/api/seller/products/add')
      .send(shirt({ variants: [{ sku: 'ZT-1', optionValues: ['S'], price: 499, stock: 1 }] }));
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'SKU_TAKEN', details: { sku: 'ZT-1' } });
  });

  it('when an edit keeps M by SKU, renames S to XS and drops L, then M keeps its id and stock and L is gone', async () => {
    const p = await addShirt();
    const [s, m] = p.variants;
    const res = await seller.agent.put(`/api/seller/products/edit/${p._id}`).send(
      shirt({
        options: [{ name: 'Size', values: ['XS', 'M'] }],
        variants: [
          { id: s!._id, optionValues: ['XS'], price: 449, stock: 4 },
          { sku: m!.sku, optionValues: ['M'], price: 799, stock: 1 },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.data.variants as { _id: string; optionValues: string[]; sku: string | null }[];
    expect(after.map((v) => [v._id, v.optionValues])).toEqual([
      [s!._id, ['XS']],
      [m!._id, ['M']],
    ]);
    expect(after[0]!.sku).toBeNull();
    expect(res.body.data).toMatchObject({ price: 449, maxPrice: 799, totalStock: 5 });
  });

  it('when a product without options is added as before, then it is sold as one default variant', async () => {
    const res = await seller.agent.post('/api/seller/products/add').send(productBody({ totalStock: 7 }));
    expect(res.status).toBe(201);
    expect(res.body.data.options).toEqual([]);
    expect(res.body.data.variants).toMatchObject([
      { optionValues: [], stock: 7, price: 999, salePrice: 799 },
    ]);
  });
});

describe('variants: cart, checkout and stock', () => {
  it('when a shopper adds a shirt without choosing a size, then 400 VARIANT_REQUIRED; L (out of stock) is refused', async () => {
    const p = await addShirt();
    const s = await shopper();
    const none = await s.agent.post('/api/shop/cart/add').send({ productId: p._id });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('VARIANT_REQUIRED');
    const l = await s.agent
      .post('/api/shop/cart/add')
      .send({ productId: p._id, variantId: variantOf(p, 'L') });
    expect(l.status).toBe(409);
    expect(l.body.code).toBe('OUT_OF_STOCK');
  });

  it('when a shopper buys M, then only M loses stock; cancelling the paid order gives it back to M', async () => {
    const p = await addShirt();
    const [sId, mId] = [variantOf(p, 'S'), variantOf(p, 'M')];
    const s = await shopper();
    const add = await s.agent.post('/api/shop/cart/add').send({ productId: p._id, variantId: mId });
    expect(add.status).toBe(201);
    expect(add.body.data.items[0]).toMatchObject({ variantId: mId, variantLabel: 'Size: M', salePrice: 699 });
    const paid = await payOrder(s.agent, await createOrder(s.agent, s.addressId));
    expect(paid.order.cartItems[0]).toMatchObject({
      variantId: mId,
      variantLabel: 'Size: M',
      unitPrice: 699,
    });
    expect([await stockOf(sId), await stockOf(mId)]).toEqual([4, 0]);
    expect((await readProduct(ctx.db, p._id)).totalStock).toBe(4);
    expect((await readProduct(ctx.db, p._id)).sizes).toEqual(['S']);

    const cancel = await s.agent.post(`/api/shop/order/cancel/${paid.orderId}`).send({});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect([await stockOf(sId), await stockOf(mId)]).toEqual([4, 1]);
    expect((await readProduct(ctx.db, p._id)).totalStock).toBe(5);
  });

  it('when two shoppers race for the last M, then exactly one order is placed and M ends at 0', async () => {
    const p = await addShirt();
    const mId = variantOf(p, 'M');
    const a = await shopper();
    const b = await shopper();
    for (const s of [a, b]) {
      const res = await s.agent.post('/api/shop/cart/add').send({ productId: p._id, variantId: mId });
      expect(res.status).toBe(201);
    }
    const results = await Promise.all(
      [a, b].map((s) => s.agent.post('/api/shop/order/create').send({ addressId: s.addressId })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('OUT_OF_STOCK');
    expect(await stockOf(mId)).toBe(0);
    expect((await readProduct(ctx.db, p._id)).totalStock).toBe(4);
  });

  it('when buy now names a size, then that variant is held', async () => {
    const p = await addShirt();
    const sId = variantOf(p, 'S');
    const s = await shopper();
    const res = await s.agent
      .post('/api/shop/order/create')
      .send({ addressId: s.addressId, buyNow: { productId: p._id, variantId: sId, quantity: 2 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await stockOf(sId)).toBe(2);
  });
});

describe('variants: the size filter', () => {
  it('when the listing asks for size L or M, then only products with such a size in stock answer, counted and faceted', async () => {
    const withM = await addShirt({ category: 'women' }); // M in stock, L not
    const onlyS = await addShirt({
      category: 'women',
      variants: [{ optionValues: ['S'], price: 499, stock: 2 }],
    });
    const res = await ctx.anon().get('/api/shop/products/get').query({ category: 'women', size: 'L,M' });
    expect(res.status).toBe(200);
    const ids = (res.body.data as { _id: string }[]).map((p) => p._id);
    expect(ids).toContain(withM._id);
    expect(ids).not.toContain(onlyS._id);
    expect(res.body.pagination.total).toBe(ids.length);
    expect(res.body.facets.category).toContainEqual({ id: 'women', count: ids.length });

    const large = await ctx.anon().get('/api/shop/products/get').query({ category: 'women', size: 'L' });
    expect((large.body.data as { _id: string }[]).map((p) => p._id)).not.toContain(withM._id);
  });
  it('when a search asks for size M, then only matching products with M in stock answer, faceted under the size', async () => {
    const withM = await addShirt({ title: 'Chanderi kurta one', category: 'women' });
    const onlyS = await addShirt({
      title: 'Chanderi kurta two',
      category: 'women',
      variants: [{ optionValues: ['S'], price: 499, stock: 2 }],
    });
    const search = (query: Record<string, string>) =>
      ctx
        .anon()
        .get('/api/shop/product/search/search-product/chanderi')
        .query({ facets: 'true', ...query });
    const idsOf = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((p) => p._id).sort();

    expect(idsOf(await search({}))).toEqual([withM._id, onlyS._id].sort());
    const m = await search({ size: 'M' });
    expect(m.status).toBe(200);
    expect(idsOf(m)).toEqual([withM._id]);
    expect(m.body.facets.category).toContainEqual({ id: 'women', count: 1 });
    // L is out of stock everywhere; with a category too, the same
    expect(idsOf(await search({ size: 'L' }))).toEqual([]);
    expect(idsOf(await search({ size: 'S,L', category: 'women' }))).toEqual([withM._id, onlyS._id].sort());
    const bad = await search({ size: 'x'.repeat(41) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});
