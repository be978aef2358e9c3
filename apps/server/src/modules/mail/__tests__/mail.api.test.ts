import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMailTestContext } from '../../../../test/smtp-inbox';
import { mailOutbox, sellers } from '../../../db/schema';
import { createLogger } from '../../../lib/logger';
import { courierDelivers, paidOrder } from '../../commerce/__tests__/helpers';
import { enqueueRefundMail, mailWorkerFor } from '..';
import { claimDueMails, pruneSent } from '../mail-outbox';
import { createMailTransport } from '../mail-transport';
import { createMailWorker } from '../mail-worker';

const { inbox, ctx } = await createMailTestContext();
const worker = () => mailWorkerFor(ctx.deps);

beforeEach(async () => {
  inbox.clear();
  inbox.refuseNext(0);
  // every test starts with nothing due: what an earlier test left is sent and forgotten
  await ctx.db.delete(mailOutbox);
});

const outbox = () => ctx.db.select().from(mailOutbox);

/** A paid order holding lines of two sellers and one product the marketplace lists itself. */
async function paidOrderOfTwoSellers() {
  const a = await ctx.loginAsSeller();
  const b = await ctx.loginAsSeller();
  const [storeA] = await ctx.db.select().from(sellers).where(eq(sellers.id, a.sellerId));
  const [storeB] = await ctx.db.select().from(sellers).where(eq(sellers.id, b.sellerId));
  const shopper = await paidOrder(
    ctx,
    [
      { title: 'Silk Kurta', pricePaise: 12_345_600, sellerId: a.sellerId },
      { title: 'Trail Shoes', pricePaise: 249_900, sellerId: b.sellerId, quantity: 2 },
      { title: 'House Mug', pricePaise: 19_900 },
    ],
    { address: '7 Residency Road', city: 'Bengaluru' },
  );
  return { orderId: shopper.orderId, shopper, a: { ...a, store: storeA! }, b: { ...b, store: storeB! } };
}

describe('transactional e-mail through the outbox', () => {
  it('when an order is paid, then the shopper gets a confirmation with lines, ₹ totals and the address, and each seller only its own lines', async () => {
    const { shopper, a, b } = await paidOrderOfTwoSellers();
    expect(await outbox()).toHaveLength(3); // written with the payment, before any worker ran
    expect(inbox.messages).toHaveLength(0);

    expect(await worker().runOnce()).toEqual({ sent: 3, failed: 0 });

    const toShopper = inbox.messages.find((m) => m.to.includes(shopper.email))!;
    expect(toShopper.subject).toContain('Haat Marketplace');
    expect(toShopper.subject).toMatch(/confirmed/);
    for (const body of [toShopper.text, toShopper.html]) {
      expect(body).toContain('Silk Kurta');
      expect(body).toContain('Trail Shoes');
      expect(body).toContain('House Mug');
      expect(body).toContain('₹1,23,456'); // Indian grouping
      expect(body).toContain('₹4,998'); // 2 × ₹2,499
      expect(body).toContain('7 Residency Road');
    }
    expect(toShopper.html).toMatch(/<table/);
    expect(toShopper.from).toContain('Haat Marketplace');

    const toA = inbox.messages.find((m) => m.to.includes(a.email))!;
    expect(toA.text).toContain('Silk Kurta');
    expect(toA.text).not.toContain('Trail Shoes');
    expect(toA.text).not.toContain('House Mug');
    expect(toA.text).toContain(a.store.storename);
    const toB = inbox.messages.find((m) => m.to.includes(b.email))!;
    expect(toB.html).toContain('Trail Shoes');
    expect(toB.html).not.toContain('Silk Kurta');
    expect(inbox.messages).toHaveLength(3);

    // nothing is sent twice: a second pass finds nothing due
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(inbox.messages).toHaveLength(3);
    expect((await outbox()).every((r) => r.status === 'sent' && r.sentAt)).toBe(true);
  });

  it('when several workers run at once, then every e-mail is sent exactly once', async () => {
    await paidOrderOfTwoSellers();
    await paidOrderOfTwoSellers();
    const results = await Promise.all([worker().runOnce(), worker().runOnce(), worker().runOnce()]);
    expect(results.reduce((s, r) => s + r.sent, 0)).toBe(6);
    expect(inbox.messages).toHaveLength(6);
    expect(new Set(inbox.messages.map((m) => m.messageId)).size).toBe(6);
  });

  it('when the process dies after the commit, then a restarted worker sends what was waiting; a lapsed claim is sent again with the same Message-ID', async () => {
    await paidOrderOfTwoSellers();
    // a worker claims the rows and dies before sending (no mark-sent ever happens)
    const claimed = await claimDueMails(ctx.db, 10);
    expect(claimed).toHaveLength(3);
    // while the claim holds, no other worker takes them
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
    // the lease lapses
    await ctx.db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await worker().runOnce()).toEqual({ sent: 3, failed: 0 });
    const ids = claimed.map((r) => `<${r.id}@shop.example.in>`).sort();
    expect(inbox.messages.map((m) => m.messageId).sort()).toEqual(ids);
  });

  it('when the SMTP server refuses, then the mail waits with backoff and goes out on a later attempt', async () => {
    const { shopper } = await paidOrderOfTwoSellers();
    inbox.refuseNext(3);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 3 });
    const waiting = await outbox();
    expect(waiting.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError)).toBe(true);
    expect(waiting.every((r) => r.nextAttemptAt.getTime() > Date.now() + 20_000)).toBe(true);
    // not yet due: nothing is tried
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
    await ctx.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    expect(await worker().runOnce()).toEqual({ sent: 3, failed: 0 });
    expect(inbox.messages.filter((m) => m.to.includes(shopper.email))).toHaveLength(1);
  });

  it('when an admin approves or rejects a seller, then the seller is told', async () => {
    const admin = await ctx.loginAs('admin');
    const approved = await ctx.loginAsSeller('pending');
    const rejected = await ctx.loginAsSeller('pending');
    const ok = await admin.agent
      .put(`/api/auth/sellerlist/update/${approved.sellerId}`)
      .send({ approvalstatus: 'approved' });
    expect(ok.status).toBe(200);
    const no = await admin.agent
      .put(`/api/auth/sellerlist/update/${rejected.sellerId}`)
      .send({ approvalstatus: 'rejected' });
    expect(no.status).toBe(200);
    await worker().runOnce();
    const yes = inbox.messages.find((m) => m.to.includes(approved.email))!;
    expect(yes.subject).toMatch(/approved/);
    expect(yes.text).toContain('https://shop.example.in/seller/dashboard');
    const nope = inbox.messages.find((m) => m.to.includes(rejected.email))!;
    expect(nope.subject).toMatch(/not approved/);
  });

  it('when a seller ships, delivers or rejects its lines, then the shopper is told once per status; internal steps send nothing', async () => {
    const { orderId, shopper, a } = await paidOrderOfTwoSellers();
    await worker().runOnce();
    inbox.clear();
    const setStatus = async (status: string) => {
      const res = await a.agent
        .put(`/api/seller/orders/update/${orderId}`)
        .send({ orderStatus: status, reason: 'Out of stock' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await setStatus('inProcess');
    await setStatus('inShipping');
    await setStatus('inShipping');
    await worker().runOnce();
    expect(inbox.messages).toHaveLength(1);
    const shipped = inbox.messages[0]!;
    expect(shipped.to).toEqual([shopper.email]);
    expect(shipped.subject).toMatch(/on its way/);
    expect(shipped.text).toContain('Silk Kurta');
    expect(shipped.text).not.toContain('Trail Shoes');
    await courierDelivers(ctx.deps, orderId, a.sellerId);
    await worker().runOnce();
    expect(inbox.messages.at(-1)!.subject).toMatch(/delivered/);
  });

  it("when a seller rejects its lines, then the shopper's mail gives the seller's reason", async () => {
    const { orderId, shopper, a } = await paidOrderOfTwoSellers();
    await worker().runOnce();
    inbox.clear();
    const res = await a.agent
      .put(`/api/seller/orders/update/${orderId}`)
      .send({ orderStatus: 'rejected', reason: 'The last one was damaged in storage' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await worker().runOnce();
    const rejected = inbox.messages.find(
      (m) => m.to.includes(shopper.email) && /could not be fulfilled/.test(m.subject),
    );
    expect(rejected, inbox.messages.map((m) => m.subject).join(' | ')).toBeDefined();
    expect(rejected!.text).toContain("The seller's reason: The last one was damaged in storage");
    expect(rejected!.html).toContain('The last one was damaged in storage');
  });

  it('when a refund is issued, then the shopper gets the amount in ₹; the same refund is announced once', async () => {
    const { orderId, shopper } = await paidOrderOfTwoSellers();
    await worker().runOnce();
    inbox.clear();
    await ctx.db.transaction(async (tx) => {
      await enqueueRefundMail(tx, { refundId: 'r-1', orderId, amountPaise: 12_345_650 });
      await enqueueRefundMail(tx, { refundId: 'r-1', orderId, amountPaise: 12_345_650 });
    });
    await worker().runOnce();
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]!.to).toEqual([shopper.email]);
    expect(inbox.messages[0]!.text).toContain('₹1,23,456.50');
  });

  it('when sent mail is older than the retention, then it is pruned; newer sent and given-up mail stay', async () => {
    await paidOrderOfTwoSellers();
    await worker().runOnce();
    const [old, recent, gaveUp] = await outbox();
    await ctx.db
      .update(mailOutbox)
      .set({ sentAt: sql`now() - interval '31 days'` })
      .where(eq(mailOutbox.id, old!.id));
    await ctx.db
      .update(mailOutbox)
      .set({ status: 'failed', sentAt: null, lastError: 'mailbox full' })
      .where(eq(mailOutbox.id, gaveUp!.id));
    expect(await pruneSent(ctx.db)).toBe(1);
    expect((await outbox()).map((r) => r.id).sort()).toEqual([recent!.id, gaveUp!.id].sort());
  });

  it('when the event’s transaction rolls back, then no e-mail is left behind', async () => {
    const { orderId } = await paidOrderOfTwoSellers();
    await ctx.db.delete(mailOutbox);
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueRefundMail(tx, { refundId: 'r-2', orderId, amountPaise: 100 });
        throw new Error('refund failed');
      }),
    ).rejects.toThrow('refund failed');
    expect(await outbox()).toHaveLength(0);
  });
});

/** the worker writing to the development mailbox in `dir` */
const mailboxWorker = (dir: string) =>
  createMailWorker({
    db: ctx.db,
    transport: createMailTransport({ smtpUrl: undefined, mailDir: dir }),
    from: 'Haat Marketplace <no-reply@shop.example.in>',
    publicUrl: 'https://shop.example.in',
    logger: createLogger('silent'),
  });

describe('development mailbox (no SMTP_URL)', () => {
  it('when no SMTP server is configured, then each e-mail is written once as an .eml file under DATA_DIR/mail', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mp-mail-'));
    try {
      await paidOrderOfTwoSellers();
      const mailbox = mailboxWorker(dir);
      expect(await mailbox.runOnce()).toEqual({ sent: 3, failed: 0 });
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(3);
      const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
      const confirmation = parsed.find((m) => /confirmed/.test(m.subject ?? ''))!;
      expect(confirmation.subject).toMatch(/^Haat Marketplace: order HM-\d+ confirmed \(₹1,28,653\)$/);
      expect(confirmation.text).toContain('Silk Kurta');
      expect(confirmation.html).toContain('Silk Kurta');
      // the file is named by the outbox row: a repeated send rewrites it instead of adding a second message
      expect(files.map((f) => f.replace('.eml', '')).sort()).toEqual(
        (await outbox()).map((r) => r.id).sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the mailbox writes a message, then only the server user can read it (file 0600, folder 0700)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mp-mail-'));
    const dir = path.join(root, 'mail');
    mkdirSync(dir, { mode: 0o755 }); // a folder an earlier version left world-readable
    try {
      await paidOrderOfTwoSellers();
      const mailbox = mailboxWorker(dir);
      await mailbox.runOnce();
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
