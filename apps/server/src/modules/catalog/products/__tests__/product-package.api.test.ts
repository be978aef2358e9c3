/**
 * A product's own weight and box in the consoles' product form (docs/delivery.md, "Weight and the shipping
 * charge"): optional, validated by the shared schema, kept on edit unless sent, cleared by an empty field.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext } from '../../../../../test/app';
import { products } from '../../../../db/schema';
import { productBody } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const seller = await ctx.loginAsSeller('approved');

const rowOf = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('product package', () => {
  it('when a product is added with its weight and box, then they are stored and answered; an edit without them keeps them, an empty one clears it', async () => {
    const pkg = { weightGrams: '1200', lengthCm: 30, widthCm: '20', heightCm: 10 };
    const res = await admin.agent.post('/api/admin/products/add').send(productBody(pkg));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data._id as string;
    expect(res.body.data).toMatchObject({ weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 });
    expect(await rowOf(id)).toMatchObject({ weightGrams: 1200, lengthCm: 30, widthCm: 20, heightCm: 10 });

    const kept = await admin.agent
      .put(`/api/admin/products/edit/${id}`)
      .send(productBody({ title: 'Renamed' }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await rowOf(id)).toMatchObject({ title: 'Renamed', weightGrams: 1200 });

    const cleared = await admin.agent
      .put(`/api/admin/products/edit/${id}`)
      .send(productBody({ weightGrams: '', lengthCm: '', widthCm: '', heightCm: '' }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      weightGrams: null,
      lengthCm: null,
      widthCm: null,
      heightCm: null,
    });
  });

  it.each([
    ['a weight of 0', { weightGrams: 0 }, 'weightGrams'],
    ['a fractional length', { lengthCm: 12.5 }, 'lengthCm'],
    ['a height that is not a number', { heightCm: 'tall' }, 'heightCm'],
    ['a width above 300 cm', { widthCm: 301 }, 'widthCm'],
  ])('when a seller sends %s, then 400 names the field and nothing is stored', async (_, bad, field) => {
    const before = (await ctx.db.select().from(products)).length;
    const res = await seller.agent.post('/api/seller/products/add').send(productBody(bad));
    expect(res.status).toBe(400);
    expect(res.body.errors.fieldErrors[field]).toBeDefined();
    expect((await ctx.db.select().from(products)).length).toBe(before);
  });
});
