/**
 * GST end to end (docs/tax.md): the seller's tax profile, taxable goods only with a GSTIN, tax frozen on each
 * line at placement, the tax invoice when a part ships (its PDF read back as text), credit notes after a refund,
 * gap-free numbers under concurrency, the PDF job's retries, commission invoices, statements and reports.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { createTestContext, getBinary } from '../../../../test/app';
import { orderLines, refunds, sellerTaxProfiles, taxDocuments } from '../../../db/schema';
import {
  courierDelivers,
  createOrder,
  insertOrdersOf,
  paidOrder,
  payOrder,
  placedOrder,
  shopperWithCart,
} from '../../commerce/__tests__/helpers';
import { createTax } from '../tax.service';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const seller = await ctx.loginAsSeller(); // Maharashtra, 27AAPFU0939F1ZV (test/app.ts)
const SELLER_GSTIN = '27AAPFU0939F1ZV';
const BUYER_GSTIN = '29AAGCB7383J1Z4';
const B2B_GSTIN = '27ABCDE1234F1Z0';

const pdfText = async (buf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(buf)), { mergePages: true })).text as string;

async function ship(orderId: string, agent = seller.agent) {
  const res = await agent.put(`/api/seller/orders/update/${orderId}`).send({ orderStatus: 'inShipping' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('the seller tax profile', () => {
  it('is saved and read back; a wrong check character or state code is 400 naming gstin', async () => {
    const s = await ctx.loginAsSeller();
    const body = {
      legalName: 'Kaveri Crafts LLP',
      gstin: '29aagcb7383j1z4',
      state: 'Karnataka',
      address: '4 MG Road, Bengaluru',
    };
    const put = await s.agent.put('/api/seller/tax-profile').send(body);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ gstin: BUYER_GSTIN, state: 'Karnataka', canListTaxable: true });
    const bad = await s.agent.put('/api/seller/tax-profile').send({ ...body, gstin: '29AAGCB7383J1Z5' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fieldErrors.gstin[0]).toMatch(/check character/);
    const wrongState = await s.agent.put('/api/seller/tax-profile').send({ ...body, state: 'Kerala' });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.errors.fieldErrors.gstin[0]).toMatch(/starts with 32/);
    expect((await s.agent.get('/api/seller/tax-profile')).body.data.legalName).toBe('Kaveri Crafts LLP');
  });

  it('the admin corrects a profile; the history keeps both versions', async () => {
    const s = await ctx.loginAsSeller();
    const res = await admin.agent.put(`/api/admin/sellers/${s.sellerId}/tax-profile`).send({
      legalName: 'Corrected Name Pvt Ltd',
      gstin: SELLER_GSTIN,
      state: 'Maharashtra',
      address: '9 Link Road, Mumbai',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await admin.agent.get(`/api/admin/sellers/${s.sellerId}/tax-profile`);
    expect(read.body.data.legalName).toBe('Corrected Name Pvt Ltd');
    expect(read.body.history[0]).toMatchObject({
      actorRole: 'admin',
      after: { legalName: 'Corrected Name Pvt Ltd' },
    });
    expect(read.body.history[0].before.legalName).toMatch(/^Store/);
  });
});

describe('product tax data', () => {
  const product = (over: Record<string, unknown>) => ({
    title: 'Steel bottle',
    description: 'Keeps water cold',
    category: 'accessories',
    brand: 'nike',
    price: 500,
    totalStock: 5,
    image: '/uploads/products/test.png',
    ...over,
  });

  it('a seller without a GSTIN lists goods at 0 % only (409 GSTIN_REQUIRED); HSN and rate are checked', async () => {
    const s = await ctx.loginAsSeller();
    await ctx.db
      .update(sellerTaxProfiles)
      .set({ gstin: null })
      .where(eq(sellerTaxProfiles.sellerId, s.sellerId));
    const taxed = await s.agent.post('/api/seller/products/add').send(product({}));
    expect(taxed.status).toBe(409);
    expect(taxed.body.code).toBe('GSTIN_REQUIRED');
    const zero = await s.agent.post('/api/seller/products/add').send(product({ gstRate: 0, hsn: '4901' }));
    expect(zero.status, JSON.stringify(zero.body)).toBe(201);
    expect(zero.body.data).toMatchObject({ hsn: '4901', gstRate: 0 });
    expect((await seller.agent.post('/api/seller/products/add').send(product({ hsn: '12' }))).status).toBe(
      400,
    );
    expect((await seller.agent.post('/api/seller/products/add').send(product({ gstRate: 12 }))).status).toBe(
      400,
    );
    const defaults = await seller.agent.post('/api/seller/products/add').send(product({}));
    expect(defaults.body.data).toMatchObject({ hsn: '4202', gstRate: 18 });
  });
});

describe('tax on lines, invoices and credit notes', () => {
  it('₹1,180 at 18 % to another state is IGST ₹180; shipping makes the invoice; the PDF carries the law', async () => {
    const { orderId } = await placedOrder(
      ctx,
      [
        {
          sellerId: seller.sellerId,
          category: 'electronics',
          hsn: '85171300',
          gstRate: 18,
          pricePaise: 118_000,
          totalStock: 100,
        },
      ],
      { state: 'Karnataka', recipientName: 'Asha Rao' },
      { buyerGstin: BUYER_GSTIN, buyerBusinessName: 'Bengaluru Traders' },
    );
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({
      taxRate: 18,
      hsn: '85171300',
      taxablePaise: 100_000,
      igstPaise: 18_000,
      cgstPaise: 0,
      tcsPaise: 500,
    });
  });

  it('ships, invoices, refunds with a credit note; others get 404', async () => {
    // a business buyer: its GSTIN is printed on the invoice
    const buyer = await paidOrder(
      ctx,
      [{ sellerId: seller.sellerId, category: 'electronics', pricePaise: 118_000, totalStock: 100 }],
      { state: 'Maharashtra', city: 'Pune', pincode: '411001' },
      { buyerGstin: B2B_GSTIN, buyerBusinessName: 'Pune Traders' },
    );
    const { orderId } = buyer;
    expect((await buyer.agent.get(`/api/shop/order/${orderId}/documents`)).body.data).toEqual([]);
    await ship(orderId);
    const docs = (await buyer.agent.get(`/api/shop/order/${orderId}/documents`)).body.data;
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: 'invoice',
      taxable: 1000,
      cgst: 90,
      sgst: 90,
      igst: 0,
      total: 1180,
    });
    expect(docs[0].number).toMatch(/^S\d{4}\/\d{4}\/\d{5}$/);

    const pdf = await getBinary(buyer.agent, docs[0].url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);
    for (const want of [
      docs[0].number,
      SELLER_GSTIN,
      '8528',
      '1,000.00',
      '90.00',
      'Maharashtra (27)',
      'One Thousand One Hundred Eighty',
    ]) {
      expect(text).toContain(want);
    }

    const other = await ctx.loginAs('user');
    expect((await other.agent.get(`/api/shop/order/${orderId}/documents`)).status).toBe(404);
    expect((await getBinary(other.agent, docs[0].url)).status).toBe(404);
    const otherSeller = await ctx.loginAsSeller();
    expect((await getBinary(otherSeller.agent, docs[0].url)).status).toBe(404);
    expect((await getBinary(seller.agent, docs[0].url)).status).toBe(200);

    const refund = await admin.agent
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ amount: 590, reason: 'damaged' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const after = (await buyer.agent.get(`/api/shop/order/${orderId}/documents`)).body.data;
    const note = after.find((d: { kind: string }) => d.kind === 'creditNote');
    expect(note).toMatchObject({ invoiceId: docs[0]._id, total: 590, taxable: 500, cgst: 45, sgst: 45 });
    const noteText = await pdfText((await getBinary(buyer.agent, note.url)).body as Buffer);
    expect(noteText).toContain(docs[0].number);
  });

  it('an invoiced order with a 10 % platform code refunded in full by the admin is credited its whole invoice', async () => {
    // the platform funds the code: the invoice is of the seller's price, the shopper paid 10 % less (docs/tax.md)
    const code = await admin.agent.post('/api/admin/coupons').send({
      code: `TAXTEN${Date.now().toString(36).slice(-4)}`.toUpperCase(),
      kind: 'percent',
      percent: 10,
      startsAt: '2026-01-01',
      endsAt: '2099-12-31',
    });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const electronics = (pricePaise: number) => ({
      sellerId: seller.sellerId,
      category: 'electronics',
      pricePaise,
      totalStock: 100,
    });
    const buyer = await shopperWithCart(ctx, [electronics(118_000), electronics(23_599)], {
      state: 'Karnataka',
      city: 'Bengaluru',
      pincode: '560001',
    });
    expect((await buyer.agent.post('/api/shop/cart/coupon').send({ code: code.body.data.code })).status).toBe(
      200,
    );
    const { orderId } = await payOrder(buyer.agent, await createOrder(buyer.agent, buyer.addressId));
    await ship(orderId);
    const [invoice] = (await buyer.agent.get(`/api/shop/order/${orderId}/documents`)).body.data;
    expect(invoice).toMatchObject({ kind: 'invoice', total: 1415.99 });

    const refund = await admin.agent
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ reason: 'could not deliver' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    // the shopper gets back what it paid; the credit notes take back the whole invoice, tax and all
    const given = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(given.map((r) => r.amountPaise)).toEqual([141_599 - 14_160]);
    const notes = (await buyer.agent.get(`/api/shop/order/${orderId}/documents`)).body.data.filter(
      (d: { kind: string }) => d.kind === 'creditNote',
    );
    const sum = (k: 'total' | 'taxable' | 'igst') =>
      Math.round(notes.reduce((s: number, n: Record<string, number>) => s + n[k]!, 0) * 100);
    expect(sum('total')).toBe(Math.round(invoice.total * 100));
    expect(sum('taxable')).toBe(Math.round(invoice.taxable * 100));
    expect(sum('igst')).toBe(Math.round(invoice.igst * 100));
  });

  it('50 concurrent shipments of one seller get 50 consecutive numbers', async () => {
    const s = await ctx.loginAsSeller();
    const ids = await insertOrdersOf(ctx, s.sellerId, { count: 50, product: { totalStock: 1000 } });
    await Promise.all(ids.map((id) => ship(id, s.agent)));
    const rows = await ctx.db.select().from(taxDocuments).where(eq(taxDocuments.sellerId, s.sellerId));
    const seqs = rows.map((r) => Number(r.number.split('/')[2])).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('the PDF job', () => {
  it('a failing PDF never blocks shipping; it is retried and then made', async () => {
    // the documents of the tests before are made first (20 a run)
    while ((await ctx.deps.tax.sweep()) > 0);
    const s = await ctx.loginAsSeller();
    const orderId = (await insertOrdersOf(ctx, s.sellerId))[0]!;
    await ship(orderId, s.agent);
    const [doc] = await ctx.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    expect(doc!.pdfStatus).toBe('pending');
    const failing = createTax({
      db: ctx.db,
      logger: ctx.deps.logger,
      platform: ctx.config.platformTax,
      render: () => Promise.reject(new Error('font missing')),
    });
    await failing.sweep();
    const [failed] = await ctx.db.select().from(taxDocuments).where(eq(taxDocuments.id, doc!.id));
    expect(failed).toMatchObject({ pdfStatus: 'pending', attempts: 1, lastError: 'font missing' });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await ctx.db
      .update(taxDocuments)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(taxDocuments.id, doc!.id));
    await ctx.deps.tax.sweep();
    const [made] = await ctx.db.select().from(taxDocuments).where(eq(taxDocuments.id, doc!.id));
    expect(made!.pdfStatus).toBe('ready');
    expect(made!.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an issued document cannot be changed', async () => {
    const [doc] = await ctx.db.select().from(taxDocuments).limit(1);
    await expect(
      ctx.db.update(taxDocuments).set({ totalPaise: 1 }).where(eq(taxDocuments.id, doc!.id)),
    ).rejects.toThrow();
  });
});

describe('commission invoices, statements and reports', () => {
  it('a delivered part makes a commission invoice the seller downloads; statement and TCS report add up', async () => {
    const s = await ctx.loginAsSeller();
    const orderId = (
      await insertOrdersOf(ctx, s.sellerId, {
        product: { category: 'electronics', pricePaise: 118_000 },
        order: { pricePaise: 118_000, taxRate: 18 },
      })
    )[0]!;
    await ship(orderId, s.agent);
    // delivered by the courier's event (docs/delivery.md)
    await courierDelivers(ctx.deps, orderId, s.sellerId);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const issued = await admin.agent.post('/api/admin/tax/commission-invoices').send({ month });
    expect(issued.body.issued).toBeGreaterThanOrEqual(1);
    const again = await admin.agent.post('/api/admin/tax/commission-invoices').send({ month });
    expect(again.body.issued).toBe(0);
    const mine = (await s.agent.get('/api/seller/documents?kind=commissionInvoice')).body.data;
    expect(mine).toHaveLength(1);
    // 10 % of ₹1,180 = ₹118 commission, + 18 % GST (platform and seller both in Maharashtra)
    expect(mine[0]).toMatchObject({ taxable: 118, cgst: 10.62, sgst: 10.62, total: 139.24, period: month });
    const text = await pdfText((await getBinary(s.agent, mine[0].url)).body as Buffer);
    expect(text).toContain(ctx.config.platformTax.gstin);
    expect(text).toContain(mine[0].number);

    const statement = (await s.agent.get('/api/seller/tax-statement')).body.data;
    expect(statement[0]).toMatchObject({ month, taxable: 1000, tcs: 5, tds: 1.18 });
    // the seller ledger withheld the same TCS and TDS from the seller's net (docs/money.md, "Seller earnings")
    const earnings = (await s.agent.get('/api/seller/earnings')).body.data;
    expect(earnings).toMatchObject({ tcs: statement[0].tcs, tds: statement[0].tds });
    const csv = await admin.agent.get(`/api/admin/reports/tcs?month=${month}`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.split('\n')[0]).toBe(
      'month,seller_gstin,legal_name,state,net_taxable_value,tcs,documents',
    );
    expect(csv.text).toContain(SELLER_GSTIN);
    expect((await admin.agent.get('/api/admin/reports/tcs?month=2026-13')).status).toBe(400);
    const register = await admin.agent.get(`/api/admin/documents?sellerId=${s.sellerId}&kind=invoice`);
    expect(register.body.pagination.total).toBe(1);
  });
});
