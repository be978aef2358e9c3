/**
 * Seller earnings, commission and payouts (docs/money.md, "Seller earnings"). The ledger is written in the
 * transaction of the event that causes it: a line delivered (earned less commission, its GST, TCS and TDS), a
 * refund of a delivered line (refund, each deduction given back), a payout (at most the payable balance: what is
 * past its line's return window). The entries are built in line-entries.ts from @mp/shared's earnings.ts maths.
 */
import {
  bpsToPercent,
  formatOrderNumber,
  percentToBps,
  sellerTotals,
  toPaise,
  toRupees,
  type PayoutDto,
  type PayoutInput,
  type PayoutListQuery,
  type SellerAccountDto,
  type SellerEarningsDto,
} from '@mp/shared';
import type { Db, Tx } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import type { OrderLineRow } from '../orders/order.mapper';
import * as ledger from './seller-ledger.repository';
import { deliveryEntries, deliveryWaivedEntry, orderRef, refundEntries } from './line-entries';
import type { NewSellerEntry } from './seller-ledger.repository';
import { sellerWaivedShipping } from '../coupons/order-coupons';
import { awaitingParcelOf, pendingRemittanceOf } from '../cod/cod-parcels';
import { notifyPayout, notifyRefundDebited } from '../../notifications';

const toPayoutDto = (p: Awaited<ReturnType<typeof ledger.payoutById>>): PayoutDto => ({
  id: p.id,
  sellerId: p.sellerId,
  storename: p.storename,
  amount: toRupees(p.amountPaise),
  reference: p.reference,
  createdAt: p.createdAt.toISOString(),
});

export interface EarningsDeps {
  db: Db;
  /** PLATFORM_COMMISSION_PERCENT in basis points */
  commissionBps: number;
  /** the clock the return windows are read by (tests set it) */
  now?: () => Date;
}

const nowOf = (deps: EarningsDeps) => (deps.now ? deps.now() : new Date());
const rateOf = (deps: EarningsDeps, own: number | null | undefined) => own ?? deps.commissionBps;

/**
 * Inside the transaction that marks these lines delivered (the order row locked): each line's seller earns what is
 * left of it after earlier refunds, less the commission at the seller's rate.
 */
async function recordDeliveryIn(deps: EarningsDeps, tx: Tx, lines: OrderLineRow[]): Promise<void> {
  const owned = lines.filter(
    (l) => l.sellerId !== null && l.status !== 'delivered' && l.status !== 'rejected',
  );
  // a cash-on-delivery parcel earns when the courier's remittance is matched (cod/cod-remittances.ts)
  const remitted = [];
  for (const l of owned) if (!(await awaitingParcelOf(tx, l.orderId, l.sellerId!))) remitted.push(l);
  await creditLinesIn(deps, tx, remitted);
}

/**
 * Inside the remittance's transaction: the seller's delivered lines of a remitted COD parcel earn now; their return
 * window still runs from their delivery.
 */
async function creditRemittedIn(deps: EarningsDeps, tx: Tx, lines: OrderLineRow[]): Promise<void> {
  const owned = lines.filter((l) => l.sellerId !== null && l.status === 'delivered');
  const first = owned[0];
  const deliveredAt = first ? await ledger.deliveredAtOf(tx, first.orderId, first.sellerId!) : null;
  await creditLinesIn(deps, tx, owned, deliveredAt ?? undefined);
}

async function creditLinesIn(
  deps: EarningsDeps,
  tx: Tx,
  owned: OrderLineRow[],
  deliveredAt?: Date,
): Promise<void> {
  const rates = await ledger.lockSellers(
    tx,
    owned.map((l) => l.sellerId!),
  );
  const now = deliveredAt ?? nowOf(deps);
  const credited: NewSellerEntry[] = [];
  for (const line of owned) {
    const entries = deliveryEntries(line, rateOf(deps, rates.get(line.sellerId!)), now);
    await ledger.appendEntries(tx, entries);
    credited.push(...entries);
  }
  await chargeWaivedDeliveryIn(tx, credited);
}

/**
 * With the lines just credited: each parcel whose shipping its seller's own free-delivery code waived is charged
 * that shipping, once (docs/money.md, "Coupons").
 */
async function chargeWaivedDeliveryIn(tx: Tx, credited: NewSellerEntry[]): Promise<void> {
  const orderIds = [...new Set(credited.map((e) => e.orderId!))];
  if (orderIds.length === 0) return;
  const waived = await sellerWaivedShipping(tx, orderIds);
  if (waived.size === 0) return;
  const charged = await ledger.waivedChargedOf(tx, orderIds);
  for (const [key, waivedPaise] of waived) {
    if (charged.has(key)) continue;
    const [orderId, sellerId] = key.split(':') as [string, string];
    const parcel = credited.filter((e) => e.orderId === orderId && e.sellerId === sellerId);
    await ledger.appendEntries(tx, deliveryWaivedEntry({ orderId, sellerId, waivedPaise }, parcel));
  }
}

/**
 * Inside the transaction that decides a refund (the order row locked): the part of it falling on delivered lines
 * is charged to their sellers, each giving back its net on that part (the deductions come back in proportion),
 * even below a zero balance: a debt netted from the next payouts (docs/money.md, "Debts").
 */
async function chargeRefundIn(
  tx: Tx,
  parts: { line: OrderLineRow; paise: number }[],
  refundId: string,
): Promise<void> {
  const delivered = parts.filter(
    (p) => p.line.status === 'delivered' && p.line.sellerId !== null && p.paise > 0,
  );
  if (delivered.length === 0) return;
  await ledger.lockSellers(
    tx,
    delivered.map((p) => p.line.sellerId!),
  );
  const byLine = await ledger.entriesOfLines(
    tx,
    delivered.map((p) => p.line.id),
  );
  const charged: Parameters<typeof notifyRefundDebited>[2][number][] = [];
  for (const { line, paise } of delivered) {
    const { entries, sellerNetPaise } = refundEntries(
      line,
      byLine.filter((e) => e.orderLineId === line.id),
      paise,
      refundId,
    );
    await ledger.appendEntries(tx, entries);
    for (const e of entries)
      byLine.push({ ...e, orderLineId: line.id, payableAt: e.payableAt ?? new Date() });
    if (sellerNetPaise > 0) charged.push({ ...line, sellerId: line.sellerId!, paise: sellerNetPaise });
  }
  // each seller hears what left its balance (docs/seo-and-email.md, "Seller notifications")
  await notifyRefundDebited(tx, refundId, charged);
}

/**
 * A return's refund (docs/returns.md, "Money"): charged like any refund on the lines their seller has earned (a
 * cash-on-delivery line not remitted yet earns only what is left of it when remitted), and, for a seller-fault
 * reason, the reverse shipping as an entry of its own.
 */
async function chargeReturnIn(
  tx: Tx,
  a: {
    parts: { line: OrderLineRow; paise: number }[];
    refundId: string;
    orderId: string;
    sellerId: string | null;
    shippingPaise: number;
  },
): Promise<void> {
  const entries = await ledger.entriesOfLines(
    tx,
    a.parts.map((p) => p.line.id),
  );
  const earned = new Set(entries.filter((e) => e.type === 'earned').map((e) => e.orderLineId));
  await chargeRefundIn(
    tx,
    a.parts.filter((p) => earned.has(p.line.id)),
    a.refundId,
  );
  if (!a.sellerId || a.shippingPaise <= 0) return;
  await ledger.lockSeller(tx, a.sellerId);
  await ledger.appendEntries(tx, [
    {
      sellerId: a.sellerId,
      type: 'return_shipping',
      deltaPaise: -a.shippingPaise,
      orderId: a.orderId,
      refundId: a.refundId,
      description: `Reverse shipping of a return on ${orderRef(a.orderId)}`,
    },
  ]);
}

/** A seller's statement: totals over every entry and one page of entries, newest first. */
async function statementOf(deps: EarningsDeps, sellerId: string, page: number, limit: number) {
  const [sums, split, { rows, total }, rate, codPending] = await Promise.all([
    ledger.sumsByType(deps.db, sellerId),
    ledger.payableOf(deps.db, sellerId, nowOf(deps)),
    ledger.entriesPage(deps.db, sellerId, page, limit),
    ledger.commissionBpsOf(deps.db, sellerId),
    pendingRemittanceOf(deps.db, sellerId),
  ]);
  const t = sellerTotals(sums.map((s) => ({ type: s.type, deltaPaise: Number(s.deltaPaise) })));
  const data: SellerEarningsDto = {
    balance: toRupees(t.balance),
    payable: toRupees(split.payablePaise),
    inReturnWindow: toRupees(split.inWindowPaise),
    earned: toRupees(t.earned),
    commission: toRupees(t.commission),
    commissionTax: toRupees(t.commissionTax),
    tcs: toRupees(t.tcs),
    tds: toRupees(t.tds),
    refunded: toRupees(t.refunded),
    paidOut: toRupees(t.paidOut),
    returnShipping: toRupees(t.returnShipping),
    deliveryWaived: toRupees(t.deliveryWaived),
    commissionPercent: bpsToPercent(rateOf(deps, rate)),
    codPending: toRupees(codPending),
    entries: rows.map(({ entry: e, orderNumber }) => {
      const number = orderNumber === null ? null : formatOrderNumber(orderNumber);
      return {
        id: e.id,
        type: e.type,
        amount: toRupees(e.deltaPaise),
        orderId: e.orderId,
        orderNumber: number,
        description: number && e.orderId ? e.description.replace(orderRef(e.orderId), number) : e.description,
        createdAt: e.createdAt.toISOString(),
        payableAt: e.payableAt.toISOString(),
      };
    }),
  };
  return { data, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}

/**
 * The admin records a transfer to a seller: never more than the balance (read under the seller's lock, so two
 * racing payouts cannot both pass); the same transfer reference again answers the payout already recorded.
 */
async function recordPayout(
  deps: EarningsDeps,
  actor: { userId: string },
  input: PayoutInput,
): Promise<{ payout: PayoutDto; created: boolean }> {
  const amountPaise = toPaise(input.amount);
  const out = await deps.db.transaction(async (tx) => {
    if (!(await ledger.lockSeller(tx, input.sellerId))) throw notFound('Seller');
    const same = await ledger.payoutByReference(tx, input.sellerId, input.reference);
    if (same) {
      if (same.amountPaise !== amountPaise) {
        throw new AppError(
          409,
          'PAYOUT_REFERENCE_USED',
          `A payout of ₹${(same.amountPaise / 100).toFixed(2)} was already recorded with this reference`,
        );
      }
      return { id: same.id, created: false };
    }
    const now = nowOf(deps);
    // only what is past its return window, net of debts (docs/money.md, "Earned and payable")
    const { payablePaise, inWindowPaise } = await ledger.payableOf(tx, input.sellerId, now);
    if (amountPaise > payablePaise) {
      throw new AppError(
        409,
        'PAYOUT_EXCEEDS_BALANCE',
        payablePaise > 0
          ? `At most ₹${(payablePaise / 100).toFixed(2)} can be paid to this seller now`
          : 'This seller has nothing payable now',
        undefined,
        { balance: toRupees(payablePaise + inWindowPaise), payable: toRupees(payablePaise) },
      );
    }
    const payout = await ledger.insertPayout(tx, {
      sellerId: input.sellerId,
      amountPaise,
      reference: input.reference,
      actorUserId: actor.userId,
    });
    await ledger.appendEntries(tx, [
      {
        sellerId: input.sellerId,
        type: 'payout',
        deltaPaise: -amountPaise,
        payoutId: payout.id,
        description: `Payout ${input.reference}`,
        payableAt: now,
      },
    ]);
    await notifyPayout(tx, {
      id: payout.id,
      sellerId: input.sellerId,
      amountPaise,
      reference: input.reference,
    });
    return { id: payout.id, created: true };
  });
  return { payout: toPayoutDto(await ledger.payoutById(deps.db, out.id)), created: out.created };
}

async function listPayouts(deps: EarningsDeps, q: PayoutListQuery) {
  const { rows, total } = await ledger.payoutsPage(deps.db, q);
  return {
    data: rows.map(toPayoutDto),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
  };
}

async function accounts(deps: EarningsDeps): Promise<SellerAccountDto[]> {
  const rows = await ledger.sellerAccounts(deps.db, nowOf(deps));
  return rows.map((r) => ({
    sellerId: r.sellerId,
    storename: r.storename,
    email: r.email,
    balance: toRupees(Number(r.balancePaise)),
    payable: toRupees(Number(r.payablePaise)),
    inReturnWindow: toRupees(Number(r.inWindowPaise)),
    earned: toRupees(Number(r.earnedPaise)),
    paidOut: toRupees(-Number(r.payoutPaise)),
    returnShipping: toRupees(-Number(r.returnShippingPaise)),
    deliveryWaived: toRupees(-Number(r.deliveryWaivedPaise)),
    commissionPercent: bpsToPercent(rateOf(deps, r.commissionBps)),
    customCommissionPercent: r.commissionBps === null ? null : bpsToPercent(r.commissionBps),
  }));
}

/** The admin sets a seller's own commission rate (null: back to PLATFORM_COMMISSION_PERCENT) for lines delivered from now on. */
async function setCommission(
  deps: EarningsDeps,
  sellerId: string,
  percent: number | null,
): Promise<SellerAccountDto> {
  await deps.db.transaction(async (tx) => {
    if (!(await ledger.lockSeller(tx, sellerId))) throw notFound('Seller');
    await ledger.setCommissionBps(tx, sellerId, percent === null ? null : percentToBps(percent));
  });
  return (await accounts(deps)).find((a) => a.sellerId === sellerId)!;
}

/** The seller ledger's use cases, built once in deps.ts. */
export function createEarnings(deps: EarningsDeps) {
  return {
    recordDeliveryIn: (tx: Tx, lines: OrderLineRow[]) => recordDeliveryIn(deps, tx, lines),
    creditRemittedIn: (tx: Tx, lines: OrderLineRow[]) => creditRemittedIn(deps, tx, lines),
    chargeRefundIn,
    chargeReturnIn,
    statementOf: (sellerId: string, page: number, limit: number) => statementOf(deps, sellerId, page, limit),
    recordPayout: (actor: { userId: string }, input: PayoutInput) => recordPayout(deps, actor, input),
    listPayouts: (q: PayoutListQuery) => listPayouts(deps, q),
    accounts: () => accounts(deps),
    setCommission: (sellerId: string, percent: number | null) => setCommission(deps, sellerId, percent),
  };
}

export type Earnings = ReturnType<typeof createEarnings>;
