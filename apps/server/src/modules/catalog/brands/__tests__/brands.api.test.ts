import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext } from '../../../../../test/app';
import { brands, facetCounts, products, searchWords } from '../../../../db/schema';
import { insertProducts, productBody } from '../../__tests__/catalog-fixtures';
import { relabelProducts } from '../brand-relabel';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const shopper = await ctx.loginAs('user');
const seller = await ctx.loginAsSeller('approved');
const otherSeller = await ctx.loginAsSeller('approved');

type Brand = { id: string; label: string; hidden?: boolean };
const shopBrands = async (): Promise<Brand[]> => (await ctx.anon().get('/api/shop/brands')).body.data;
const adminBrands = async () => (await admin.agent.get('/api/admin/brands')).body.data;
const facet = async (category: string, brand: string) => {
  const [cell] = await ctx.db
    .select({ n: facetCounts.n })
    .from(facetCounts)
    .where(and(eq(facetCounts.category, category), eq(facetCounts.brand, brand)));
  return cell?.n ?? 0;
};
const listingIds = async (brand: string) =>
  (await ctx.anon().get('/api/shop/products/get').query({ brand })).body.data.map(
    (p: { _id: string }) => p._id,
  );
const searchIds = async (keyword: string) =>
  (
    await ctx.anon().get(`/api/shop/product/search/search-product/${encodeURIComponent(keyword)}`)
  ).body.data.map((p: { _id: string }) => p._id);
const addProduct = (agent: typeof seller.agent, overrides: Record<string, unknown>) =>
  agent.post('/api/seller/products/add').send(productBody(overrides));

describe('the brands table', () => {
  it("when the shop lists brands, then today's 25 and Unbranded and Generic are there with their labels", async () => {
    const res = await ctx.anon().get('/api/shop/brands');
    expect(res.status).toBe(200);
    const byId = new Map((res.body.data as Brand[]).map((b) => [b.id, b.label]));
    expect(byId.get('h&m')).toBe('H&M');
    expect(byId.get('levi')).toBe("Levi's");
    expect(byId.get('unbranded')).toBe('Unbranded');
    expect(byId.get('generic')).toBe('Generic');
    expect(byId.size).toBeGreaterThanOrEqual(27);
  });

  it('when the admin adds a brand, then 201 and it is listed in the shop; the same name in another spelling is 409', async () => {
    const res = await admin.agent.post('/api/admin/brands').send({ label: 'Fabindia' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      id: 'fabindia',
      label: 'Fabindia',
      status: 'active',
      productCount: 0,
    });
    expect((await shopBrands()).map((b) => b.id)).toContain('fabindia');

    for (const label of ['FabIndia', 'fab india', 'Fab-India!']) {
      const dup = await admin.agent.post('/api/admin/brands').send({ label });
      expect(dup.status, label).toBe(409);
      expect(dup.body.code).toBe('BRAND_EXISTS');
      expect(dup.body.details).toEqual({ brandId: 'fabindia' });
    }
    const hm = await admin.agent.post('/api/admin/brands').send({ label: 'H and M' });
    expect(hm.body).toMatchObject({ code: 'BRAND_EXISTS', details: { brandId: 'h&m' } });
  });

  it('when the input is bad, then 400 and nothing changes', async () => {
    const before = await ctx.db.$count(brands);
    for (const body of [{}, { label: '' }, { label: ' & ' }, { label: 'x'.repeat(61) }]) {
      const res = await admin.agent.post('/api/admin/brands').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    for (const body of [{}, { label: 'A', status: 'hidden' }, { status: 'pending' }, { label: '' }]) {
      const res = await admin.agent.put('/api/admin/brands/nike').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.agent.put('/api/admin/brands/nobody').send({ label: 'X' })).status).toBe(404);
    expect(await ctx.db.$count(brands)).toBe(before);
  });

  it('when a shopper or a seller calls the admin routes, then 403', async () => {
    for (const agent of [shopper.agent, seller.agent]) {
      expect((await agent.get('/api/admin/brands')).status).toBe(403);
      expect((await agent.post('/api/admin/brands').send({ label: 'Sneaky' })).status).toBe(403);
      expect((await agent.put('/api/admin/brands/nike').send({ label: 'Sneaky' })).status).toBe(403);
    }
    expect((await ctx.anon().post('/api/admin/brands').send({ label: 'Sneaky' })).status).toBe(401);
  });

  it('when the admin renames a brand, then the slug stays and the shop and suggestions show the new label', async () => {
    await insertProducts(ctx.db, [{ title: 'Rename probe shoe', brand: 'tecno', category: 'mobile' }]);
    const before = await ctx.anon().get('/api/shop/search/suggest').query({ q: 'tecno' });
    expect(before.body.data.brands).toContainEqual({ id: 'tecno', label: 'Tecno' });
    const res = await admin.agent.put('/api/admin/brands/tecno').send({ label: 'TECNO Mobile' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'tecno', label: 'TECNO Mobile' });
    expect((await shopBrands()).find((b) => b.id === 'tecno')?.label).toBe('TECNO Mobile');
    const after = await ctx.anon().get('/api/shop/search/suggest').query({ q: 'tecno' });
    expect(after.body.data.brands).toContainEqual({ id: 'tecno', label: 'TECNO Mobile' });
    // a rename onto another brand's spelling is refused
    const clash = await admin.agent.put('/api/admin/brands/tecno').send({ label: 'Nike' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('BRAND_EXISTS');
  });

  it('when the admin renames a brand, then a search for the new label finds its products, and so do products added later', async () => {
    await admin.agent.post('/api/admin/brands').send({ label: 'Weaver Collective' });
    const ids = await insertProducts(
      ctx.db,
      [1, 2, 3].map((i) => ({ title: `Silk saree ${i}`, brand: 'weaver-collective', category: 'women' })),
    );
    expect(await searchIds('banarasi looms')).toEqual([]);
    const res = await admin.agent
      .put('/api/admin/brands/weaver-collective')
      .send({ label: 'Banarasi Looms' });
    expect(res.status).toBe(200);
    expect((await searchIds('banarasi looms')).sort()).toEqual([...ids].sort());
    const [later] = await insertProducts(ctx.db, [{ title: 'Silk dupatta', brand: 'weaver-collective' }]);
    expect(await searchIds('looms dupatta')).toEqual([later]);
    // the label's words join the typo-correction vocabulary
    const words = await ctx.db.select({ word: searchWords.word }).from(searchWords);
    expect(words.map((w) => w.word)).toEqual(expect.arrayContaining(['banarasi', 'looms']));
  });

  it('when a renamed brand is relabelled in batches smaller than its catalogue, then every product gets the label and a second run changes nothing', async () => {
    await admin.agent.post('/api/admin/brands').send({ label: 'Batch Probe' });
    const ids = await insertProducts(
      ctx.db,
      [1, 2, 3, 4, 5].map((i) => ({ title: `Batch probe ${i}`, brand: 'batch-probe' })),
    );
    // the rename committed; its products still carry the old label (a crash before the batches ran)
    await ctx.db.update(brands).set({ label: 'Kanjivaram Silks' }).where(eq(brands.id, 'batch-probe'));
    expect(await relabelProducts(ctx.db, 'batch-probe', 2)).toBe(5);
    const rows = await ctx.db
      .select({ label: products.brandLabel })
      .from(products)
      .where(eq(products.brand, 'batch-probe'));
    expect(rows.map((r) => r.label)).toEqual(ids.map(() => 'Kanjivaram Silks'));
    expect(await relabelProducts(ctx.db, 'batch-probe', 2)).toBe(0);
  });

  it('when the admin hides a brand, then the shop offers it no more but its products still show', async () => {
    const [id] = await insertProducts(ctx.db, [{ title: 'Hidden brand watch', brand: 'fastrack' }]);
    const res = await admin.agent.put('/api/admin/brands/fastrack').send({ status: 'hidden' });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('hidden');
    expect((await shopBrands()).find((b) => b.id === 'fastrack')).toEqual({
      id: 'fastrack',
      label: 'Fastrack',
      hidden: true,
    });
    expect((await ctx.anon().get(`/api/shop/products/get/${id}`)).status).toBe(200);
    const suggest = await ctx.anon().get('/api/shop/search/suggest').query({ q: 'fastrack' });
    expect(suggest.body.data.brands).toEqual([]);
    // a seller typing its name is still filed under it, not a duplicate
    const made = await addProduct(seller.agent, { brand: 'FasTrack' });
    expect(made.body.data).toMatchObject({ brand: 'fastrack' });
    expect(
      (await admin.agent.put('/api/admin/brands/fastrack').send({ status: 'active' })).body.data.status,
    ).toBe('active');
  });

  it('when the admin merges a brand, then its products move in one go and facets, search and listing follow', async () => {
    await admin.agent.post('/api/admin/brands').send({ label: 'Kalamkari House' });
    await admin.agent.post('/api/admin/brands').send({ label: 'Kalamkari Home' });
    const ids = await insertProducts(ctx.db, [
      { title: 'Block print kurta', brand: 'kalamkari-house', category: 'women' },
      { title: 'Block print dupatta', brand: 'kalamkari-house', category: 'women' },
    ]);
    expect(await listingIds('kalamkari-house')).toHaveLength(2); // cached before the merge
    expect(await facet('women', 'kalamkari-house')).toBe(2);

    const res = await admin.agent
      .put('/api/admin/brands/kalamkari-house')
      .send({ mergeInto: 'kalamkari-home' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mergedInto: 'kalamkari-home', status: 'hidden', productCount: 0 });
    expect(res.body.affected.productIds.sort()).toEqual([...ids].sort());

    expect(await facet('women', 'kalamkari-house')).toBe(0);
    expect(await facet('women', 'kalamkari-home')).toBe(2);
    expect(await listingIds('kalamkari-house')).toEqual([]);
    expect((await listingIds('kalamkari-home')).sort()).toEqual([...ids].sort());
    expect((await searchIds('kalamkari home block')).sort()).toEqual([...ids].sort());
    expect((await shopBrands()).map((b) => b.id)).not.toContain('kalamkari-house');
    // the merged name still finds the brand it went into
    const made = await addProduct(seller.agent, { brand: 'Kalamkari House' });
    expect(made.body.data).toMatchObject({ brand: 'kalamkari-home' });
    expect(made.body.data.brandPending).toBeUndefined();
    // and cannot be merged again, nor into a merged brand
    expect(
      (await admin.agent.put('/api/admin/brands/kalamkari-house').send({ mergeInto: 'nike' })).status,
    ).toBe(409);
    expect(
      (await admin.agent.put('/api/admin/brands/puma').send({ mergeInto: 'kalamkari-house' })).status,
    ).toBe(409);
    expect((await admin.agent.put('/api/admin/brands/puma').send({ mergeInto: 'nowhere' })).status).toBe(404);
  });
});

describe('a seller proposing a brand', () => {
  it('when the name is an existing brand in another spelling, then the product is filed under it', async () => {
    const before = await ctx.db.$count(brands);
    for (const [typed, id] of [
      ['H & M', 'h&m'],
      ['HM', 'h&m'],
      ['Levis', 'levi'],
      ['  NIKE ', 'nike'],
    ] as const) {
      const res = await addProduct(seller.agent, { brand: typed });
      expect(res.status, typed).toBe(201);
      expect(res.body.data.brand, typed).toBe(id);
      expect(res.body.data.brandPending).toBeUndefined();
      expect((await ctx.anon().get(`/api/shop/products/get/${res.body.data._id}`)).status).toBe(200);
    }
    expect(await ctx.db.$count(brands)).toBe(before);
  });

  it('when the name is new, then a pending brand is made and the product waits off the shop until accepted', async () => {
    const res = await addProduct(seller.agent, {
      title: 'Banarasi silk saree zari',
      category: 'women',
      brand: 'Banaras Weaves',
    });
    expect(res.status).toBe(201);
    const product = res.body.data;
    expect(product).toMatchObject({ brand: 'banaras-weaves', brandPending: true });
    const [row] = await ctx.db.select().from(brands).where(eq(brands.id, 'banaras-weaves'));
    expect(row).toMatchObject({ label: 'Banaras Weaves', status: 'pending' });

    // not in the shop: detail, listing, search, suggestions, the brand list
    expect((await ctx.anon().get(`/api/shop/products/get/${product._id}`)).status).toBe(404);
    expect(await listingIds('banaras-weaves')).toEqual([]);
    expect(await searchIds('banarasi saree')).not.toContain(product._id);
    expect((await shopBrands()).map((b) => b.id)).not.toContain('banaras-weaves');
    expect(await facet('women', 'banaras-weaves')).toBe(0);
    // the seller sees and edits it; the admin sees the brand first
    const mine = await seller.agent.get(`/api/seller/products/get/${seller.sellerId}`);
    expect(mine.body.data.find((p: { _id: string }) => p._id === product._id)).toMatchObject({
      brandPending: true,
    });
    const edited = await seller.agent
      .put(`/api/seller/products/edit/${product._id}`)
      .send(productBody({ title: 'Banarasi silk saree zari', category: 'women', brand: 'banaras weaves' }));
    expect(edited.body.data).toMatchObject({ brand: 'banaras-weaves', brandPending: true });
    const list = await adminBrands();
    expect(list[0]).toMatchObject({ id: 'banaras-weaves', status: 'pending', productCount: 1 });

    // a pending brand cannot be hidden; accepting it puts the product in the shop
    expect(
      (await admin.agent.put('/api/admin/brands/banaras-weaves').send({ status: 'hidden' })).status,
    ).toBe(409);
    const accepted = await admin.agent.put('/api/admin/brands/banaras-weaves').send({ status: 'active' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.affected).toEqual({
      productIds: [product._id],
      released: [{ sellerId: seller.sellerId, productIds: [product._id] }],
    });
    const shown = await ctx.anon().get(`/api/shop/products/get/${product._id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.brandPending).toBeUndefined();
    expect(await listingIds('banaras-weaves')).toEqual([product._id]);
    expect(await searchIds('banarasi saree')).toContain(product._id);
    expect(await facet('women', 'banaras-weaves')).toBe(1);
    expect((await shopBrands()).find((b) => b.id === 'banaras-weaves')?.label).toBe('Banaras Weaves');
    const words = await ctx.db.select().from(searchWords).where(eq(searchWords.word, 'weaves'));
    expect(words).toHaveLength(1);
    // the seller is told, once
    const notices = (await seller.agent.get('/api/seller/notifications')).body.data as {
      kind: string;
    }[];
    expect(notices.filter((n) => n.kind === 'brand_accepted')).toEqual([
      expect.objectContaining({
        title: 'Brand Banaras Weaves accepted',
        body: 'Banarasi silk saree zari now shows the brand Banaras Weaves.',
      }),
    ]);
  });

  it('when the admin maps a pending brand to an existing one, then the product moves there and goes live', async () => {
    const a = (await addProduct(seller.agent, { brand: 'Pumaa Sports', category: 'footwear' })).body.data;
    const b = (await addProduct(otherSeller.agent, { brand: 'pumaa sports', category: 'footwear' })).body
      .data;
    expect(a).toMatchObject({ brand: 'pumaa-sports', brandPending: true });
    expect(b).toMatchObject({ brand: 'pumaa-sports', brandPending: true });
    const res = await admin.agent.put('/api/admin/brands/pumaa-sports').send({ mergeInto: 'puma' });
    expect(res.status).toBe(200);
    expect(res.body.affected.released).toHaveLength(2);
    expect(res.body.affected.released).toContainEqual({
      sellerId: otherSeller.sellerId,
      productIds: [b._id],
    });
    for (const id of [a._id, b._id]) {
      const shown = await ctx.anon().get(`/api/shop/products/get/${id}`);
      expect(shown.status).toBe(200);
      expect(shown.body.data.brand).toBe('puma');
    }
    const [row] = await ctx.db.select().from(products).where(eq(products.id, a._id));
    expect(row).toMatchObject({ brand: 'puma', brandPending: false, deletedAt: null });
    expect((await adminBrands()).find((x: { id: string }) => x.id === 'pumaa-sports')).toMatchObject({
      status: 'hidden',
      mergedInto: 'puma',
    });
  });

  it('when two sellers propose the same new brand at once, then one pending brand holds both products', async () => {
    const [a, b] = await Promise.all([
      addProduct(seller.agent, { brand: 'Twin Looms' }),
      addProduct(otherSeller.agent, { brand: 'twin-looms' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.brand).toBe('twin-looms');
    expect(b.body.data.brand).toBe('twin-looms');
    expect(await ctx.db.$count(brands, eq(brands.spelling, 'twinlooms'))).toBe(1);
  });

  it('when the admin adds a product under a new name, then the brand is made active at once', async () => {
    const res = await admin.agent.post('/api/admin/products/add').send(productBody({ brand: 'Raymond' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ brand: 'raymond' });
    expect(res.body.data.brandPending).toBeUndefined();
    expect((await shopBrands()).map((b) => b.id)).toContain('raymond');
  });

  it('when a seller deletes a waiting product, then it is gone and not released on acceptance', async () => {
    const p = (await addProduct(seller.agent, { brand: 'Ghost Looms' })).body.data;
    expect((await seller.agent.delete(`/api/seller/products/delete/${p._id}`)).status).toBe(200);
    const accepted = await admin.agent.put('/api/admin/brands/ghost-looms').send({ status: 'active' });
    expect(accepted.body.affected).toEqual({ productIds: [], released: [] });
    expect((await ctx.anon().get(`/api/shop/products/get/${p._id}`)).status).toBe(404);
  });
});
