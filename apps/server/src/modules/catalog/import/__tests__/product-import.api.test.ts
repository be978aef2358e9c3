import { describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, IMPORT_TEMPLATE_CSV, type ImportColumn } from '@mp/shared';
import { createTestContext } from '../../../../../test/app';
import { importJobs, products, productVariants } from '../../../../db/schema';
import { productCatalog } from '../import-catalog';
import { createImportWorker } from '../import-worker';

const ctx = await createTestContext({ IMPORT_MAX_MB: '1', IMPORT_MAX_ROWS: '1500' });
const seller = await ctx.loginAsSeller();
const other = await ctx.loginAsSeller();
const worker = ctx.deps.productImports.worker;

type Row = Partial<Record<ImportColumn, string>>;
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvOf = (rows: Row[], columns: readonly string[] = IMPORT_COLUMNS) =>
  '\uFEFF' +
  [
    columns.join(','),
    ...rows.map((r) => columns.map((c) => cell(r[c as ImportColumn] ?? '')).join(',')),
  ].join('\r\n') +
  '\r\n';

const productRow = (n: number, over: Row = {}): Row => ({
  handle: `item-${n}`,
  title: `Imported item ${n}`,
  description: `Line one, "quoted"\nline two of item ${n}`,
  category: 'men',
  brand: 'nike',
  sku: `SKU-${n}`,
  price: '499',
  sale_price: n % 2 ? '449' : '',
  stock: '7',
  image_urls: `/uploads/products/item-${n}.jpg|/uploads/products/item-${n}-back.jpg`,
  ...over,
});

const SIZES = [
  ['S', '3'],
  ['M', '0'],
  ['L', '5'],
] as const;
/** A shirt in three sizes: three rows of one handle, the product columns on the first only. */
const sizedRows = (n: number, over: Row = {}): Row[] =>
  SIZES.map(([size, stock], i) => ({
    handle: `shirt-${n}`,
    ...(i === 0
      ? {
          title: `Imported shirt ${n}`,
          description: 'Cotton shirt',
          category: 'men',
          brand: 'levi',
          image_urls: `/uploads/products/shirt-${n}.jpg`,
        }
      : {}),
    option1_name: 'Size',
    option1_value: size,
    sku: `SHIRT-${n}-${size}`,
    price: '799',
    stock,
    ...over,
  }));

const upload = (agent = seller.agent, text: string | Buffer, name = 'products.csv') =>
  agent.post('/api/seller/products/import').attach('my_file', Buffer.from(text), name);

/** Uploads, then runs the worker until the job is done (as the background worker would). */
async function importAndRun(text: string) {
  const res = await upload(seller.agent, text);
  expect(res.status).toBe(202);
  const started = Date.now();
  while ((await worker.runOnce()) !== undefined);
  return { jobId: res.body.data._id as string, ms: Date.now() - started };
}

const sellerProducts = async (sellerId = seller.sellerId) =>
  ctx.db
    .select({ id: products.id, title: products.title, stock: products.totalStock })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), isNull(products.deletedAt)));
const sellerVariants = async (sellerId = seller.sellerId) =>
  ctx.db
    .select({ sku: productVariants.sku, stock: productVariants.stock, price: productVariants.pricePaise })
    .from(productVariants)
    .where(and(eq(productVariants.sellerId, sellerId), isNull(productVariants.deletedAt)));

describe('bulk upload', () => {
  it('when a seller uploads 1,000 good rows and 3 bad ones, then one job creates the 1,000 variants and reports the 3 by row number', async () => {
    // 400 products without options and 200 shirts in three sizes: 600 products, 1,000 variants
    const rows: Row[] = [
      ...Array.from({ length: 400 }, (_, i) => productRow(i + 1)),
      ...Array.from({ length: 200 }, (_, i) => sizedRows(i + 1)).flat(),
    ];
    // rows 101, 502 and 1003 of the file (the header is row 1)
    rows.splice(99, 0, productRow(5001, { price: '-5' }));
    rows.splice(500, 0, productRow(5002, { category: 'groceries' }));
    rows.splice(1001, 0, productRow(5003, { image_urls: 'not a url' }));
    const res = await upload(seller.agent, csvOf(rows));
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'queued', totalRows: 1003, processedRows: 0 });
    const jobId = res.body.data._id as string;

    const started = Date.now();
    expect(await worker.runOnce()).toBe(jobId);
    const ms = Date.now() - started;
    console.info(`1,003-row import job: ${ms} ms`);

    const job = await seller.agent.get(`/api/seller/products/import/${jobId}`).query({ outcome: 'error' });
    expect(job.status).toBe(200);
    expect(job.body.data).toMatchObject({
      status: 'done',
      totalRows: 1003,
      processedRows: 1003,
      createdRows: 1000,
      updatedRows: 0,
      errorRows: 3,
    });
    expect(job.body.data.rows.map((r: { row: number }) => r.row)).toEqual([101, 502, 1003]);
    expect(job.body.data.rows[0]).toMatchObject({
      sku: 'SKU-5001',
      outcome: 'error',
      message: expect.stringMatching(/price/i),
    });
    expect(job.body.data.rows[1].message).toMatch(/category/i);
    expect(job.body.data.rows[2].message).toMatch(/image/i);
    expect(job.body.pagination).toMatchObject({ total: 3 });

    const all = await seller.agent.get(`/api/seller/products/import/${jobId}`).query({ limit: 5, page: 1 });
    expect(all.body.data.rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
      [5, 'created'],
      [6, 'created'],
    ]);
    expect(all.body.pagination).toMatchObject({ total: 1003, pages: 201 });

    const mine = await sellerProducts();
    expect(mine).toHaveLength(600);
    expect(await sellerVariants()).toHaveLength(1000);
    expect(mine.some((p) => /500[123]/.test(p.title))).toBe(false);
    expect(mine.find((p) => p.title === 'Imported item 1')).toMatchObject({ stock: 7 });
    // the shirt's stock is its sizes' together
    expect(mine.find((p) => p.title === 'Imported shirt 1')).toMatchObject({ stock: 8 });
    // the seller is told the upload finished, once
    const notices = (await seller.agent.get('/api/seller/notifications')).body.data as { kind: string }[];
    expect(notices.filter((n) => n.kind === 'import_finished')).toHaveLength(1);
  });

  it('when the same SKUs are uploaded again, then their products and variants are updated, never duplicated', async () => {
    const first = [productRow(2001), productRow(2002), ...sizedRows(2001)];
    await importAndRun(csvOf(first));
    const products0 = (await sellerProducts()).length;
    const variants0 = (await sellerVariants()).length;

    const again = [
      productRow(2001, { title: 'Renamed item', price: '599', stock: '11' }),
      productRow(2002),
      ...sizedRows(2001, { price: '899' }),
    ];
    const { jobId } = await importAndRun(csvOf(again));
    const job = await seller.agent.get(`/api/seller/products/import/${jobId}`);
    expect(job.body.data).toMatchObject({ status: 'done', createdRows: 0, updatedRows: 5, errorRows: 0 });
    expect(job.body.data.rows.every((r: { outcome: string }) => r.outcome === 'updated')).toBe(true);
    expect((await sellerProducts()).length).toBe(products0);
    expect((await sellerVariants()).length).toBe(variants0);
    const renamed = (await sellerProducts()).find((p) => p.title === 'Renamed item');
    expect(renamed).toMatchObject({ stock: 11 });
    const variants = await sellerVariants();
    expect(variants.find((v) => v.sku === 'SKU-2001')).toMatchObject({ stock: 11, price: 59900 });
    expect(variants.find((v) => v.sku === 'SHIRT-2001-L')).toMatchObject({ stock: 5, price: 89900 });
  });

  it('when a SKU belongs to a deleted product, then the upload never revives or rewrites that product', async () => {
    const { jobId: firstJob } = await importAndRun(csvOf([productRow(6001)]));
    const first = await seller.agent.get(`/api/seller/products/import/${firstJob}`);
    const productId = first.body.data.rows[0].productId as string;
    expect((await seller.agent.delete(`/api/seller/products/delete/${productId}`)).status).toBe(200);
    const { jobId } = await importAndRun(csvOf([productRow(6001, { title: 'Back again' })]));
    const job = await seller.agent.get(`/api/seller/products/import/${jobId}`);
    expect(job.body.data).toMatchObject({ status: 'done', updatedRows: 0 });
    const [deleted] = await ctx.db.select().from(products).where(eq(products.id, productId));
    expect(deleted).toMatchObject({ title: 'Imported item 6001' });
    expect(deleted!.deletedAt).not.toBeNull();
  });

  it('when a product of the file breaks one of its sizes, then none of its rows is created and the others are', async () => {
    const rows = [...sizedRows(3001), ...sizedRows(3002)];
    rows[4] = { ...rows[4]!, price: 'abc' }; // shirt 3002, size M: row 6 of the file
    const { jobId } = await importAndRun(csvOf(rows));
    const job = await seller.agent.get(`/api/seller/products/import/${jobId}`).query({ outcome: 'error' });
    expect(job.body.data).toMatchObject({ createdRows: 3, errorRows: 3 });
    expect(job.body.data.rows.map((r: { row: number; message: string }) => [r.row, r.message])).toEqual([
      [5, expect.stringMatching(/row 6/)],
      [6, expect.stringMatching(/price/i)],
      [7, expect.stringMatching(/row 6/)],
    ]);
    const variants = await sellerVariants();
    expect(variants.filter((v) => v.sku?.startsWith('SHIRT-3002-'))).toHaveLength(0);
    expect(variants.filter((v) => v.sku?.startsWith('SHIRT-3001-'))).toHaveLength(3);
  });

  it('when two products of one file share a SKU, or a SKU repeats a combination, then the later product is refused', async () => {
    const rows = [productRow(4001), productRow(4002, { sku: 'SKU-4001' }), ...sizedRows(4003)];
    rows[4] = { ...rows[4]!, option1_value: 'S' }; // shirt 4003's M row says S again
    const { jobId } = await importAndRun(csvOf(rows));
    const job = await seller.agent.get(`/api/seller/products/import/${jobId}`).query({ outcome: 'error' });
    expect(job.body.data).toMatchObject({ createdRows: 1, errorRows: 4 });
    expect(job.body.data.rows[0]).toMatchObject({ row: 3, message: expect.stringMatching(/row 2/) });
  });

  it('when the job is read by another seller, then 404; the list shows only the seller’s own jobs', async () => {
    const { jobId } = await importAndRun(csvOf([productRow(9001)]));
    expect((await other.agent.get(`/api/seller/products/import/${jobId}`)).status).toBe(404);
    const list = await other.agent.get('/api/seller/products/import');
    expect(list.status).toBe(200);
    expect(list.body.data.map((j: { _id: string }) => j._id)).not.toContain(jobId);
    const own = await seller.agent.get('/api/seller/products/import');
    expect(own.body.data.map((j: { _id: string }) => j._id)).toContain(jobId);
  });

  it('when the file is over the size or the row limit, then 413 PAYLOAD_TOO_LARGE and no job', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(importJobs);
    const big = csvOf([productRow(1, { description: 'x'.repeat(1_100_000) })]);
    const tooBig = await upload(seller.agent, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('PAYLOAD_TOO_LARGE');
    const manyRows = csvOf(Array.from({ length: 1501 }, (_, i) => ({ handle: `h${i}`, sku: `s${i}` })));
    const tooMany = await upload(seller.agent, manyRows);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { rows: 1501, maxRows: 1500 } });
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(importJobs);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('when the file is not a CSV or misses columns, then 400 INVALID_CSV', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notCsv = await upload(seller.agent, png, 'photo.png');
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.code).toBe('INVALID_CSV');
    const missing = await upload(seller.agent, 'handle,title,price\nx,y,1\n');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'INVALID_CSV',
      details: { missing: expect.arrayContaining(['sku', 'stock']) },
    });
    const broken = await upload(seller.agent, csvOf([productRow(1)]).replace('Line one', '"unclosed'));
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('INVALID_CSV');
    const plain = await seller.agent
      .post('/api/seller/products/import')
      .set('Content-Type', 'text/csv')
      .send('handle,sku\n');
    expect(plain.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(plain.status).toBe(415);
    const noFile = await seller.agent.post('/api/seller/products/import').field('x', '1');
    expect(noFile.status).toBe(400);
    expect(
      (await other.agent.post('/api/seller/products/import').attach('my_file', Buffer.alloc(0), 'e.csv'))
        .status,
    ).toBe(400);
  });

  it('when a shopper or a pending seller uploads, then 403', async () => {
    const shopper = await ctx.loginAs('user');
    expect((await upload(shopper.agent, csvOf([productRow(1)]))).status).toBe(403);
    const pending = await ctx.loginAsSeller('pending');
    expect((await upload(pending.agent, csvOf([productRow(1)]))).status).toBe(403);
  });

  it('when a worker died mid-job (running, its claim lapsed), then another run takes it up and finishes it', async () => {
    const res = await upload(seller.agent, csvOf([productRow(7001), productRow(7002)]));
    const jobId = res.body.data._id as string;
    await ctx.db
      .update(importJobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(importJobs.id, jobId));
    expect(await worker.runOnce()).toBe(jobId);
    const job = await seller.agent.get(`/api/seller/products/import/${jobId}`);
    expect(job.body.data).toMatchObject({ status: 'done', createdRows: 2, errorRows: 0 });
    const [row] = await ctx.db.select().from(importJobs).where(eq(importJobs.id, jobId));
    expect(row).toMatchObject({ attempts: 2, source: null });
  });

  it('when the server shuts down mid-job, then the job is handed back after a batch and the next run finishes it', async () => {
    const before = (await sellerProducts()).length;
    const res = await upload(
      seller.agent,
      csvOf(Array.from({ length: 300 }, (_, i) => productRow(8000 + i))),
    );
    const jobId = res.body.data._id as string;
    // a worker of this test's own, whose catalogue tells when the first product is being written
    let writing!: () => void;
    const started = new Promise<void>((resolve) => (writing = resolve));
    const catalog = productCatalog(ctx.deps);
    const shuttingDown = createImportWorker({
      db: ctx.db,
      logger: ctx.deps.logger,
      onFinished: () => Promise.resolve(),
      batchRows: 50,
      catalog: {
        ...catalog,
        save: (...args) => {
          writing();
          return catalog.save(...args);
        },
      },
    });
    const stop = shuttingDown.start(60_000);
    await started;
    await stop();
    const progress = async () => (await ctx.db.select().from(importJobs).where(eq(importJobs.id, jobId)))[0]!;
    const handedBack = await progress();
    expect(handedBack).toMatchObject({ status: 'running', attempts: 0 });
    expect(handedBack.processedRows).toBe(50);
    expect(handedBack.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await worker.runOnce()).toBe(jobId);
    expect(await progress()).toMatchObject({ status: 'done', processedRows: 300, createdRows: 300 });
    expect((await sellerProducts()).length - before).toBe(300);
  });

  it('when a job is still held by a live claim, then no other worker takes it', async () => {
    const res = await upload(seller.agent, csvOf([productRow(7101)]));
    const jobId = res.body.data._id as string;
    await ctx.db
      .update(importJobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(importJobs.id, jobId));
    expect(await worker.runOnce()).toBeUndefined();
    await ctx.db.update(importJobs).set({ status: 'queued', attempts: 0 }).where(eq(importJobs.id, jobId));
    expect(await worker.runOnce()).toBe(jobId);
  });

  it('when the template is uploaded as it is, then its products import', async () => {
    const { jobId } = await importAndRun(IMPORT_TEMPLATE_CSV);
    const job = await seller.agent.get(`/api/seller/products/import/${jobId}`);
    expect(job.body.data).toMatchObject({ status: 'done', totalRows: 4, errorRows: 0 });
  });
});
