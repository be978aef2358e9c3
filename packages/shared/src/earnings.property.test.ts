/**
 * Money is conserved (docs/money.md, "Invariants"): over random sequences of orders, captures, cancellations,
 * rejections, refunds, deliveries, partial returns and payouts, composed the way the server's use cases compose them from the
 * pure functions of earnings.ts, Σ captured = Σ refunded + Σ seller earnings + Σ commission + Σ delivery kept
 * (+ what is still on its way to being delivered), a balance may go below zero (a refund after a payout is a debt), each line's
 * net and deductions add up to its value and every reversal to its refund, and stock comes back once per refunded
 * unit. The same invariants are checked against the database by the server's conservation property test.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateRefund,
  deliveredRefundSplit,
  deliveryEarning,
  linesRefundPaise,
  sellerTotals,
  DEDUCTION_TYPES,
  type Deductions,
  type SellerEntryType,
} from './earnings';
import { tcsOf, tdsOf } from './tax';
import { returnRefundPaise } from './returns';

/** A line's frozen TCS and TDS (at 18 %: taxable = value × 100/118). */
const lineTds = (value: number) => ({
  tcsPaise: tcsOf(Math.round((value * 100) / 118)),
  tdsPaise: tdsOf(value),
});

const SELLERS = 3;
const PRODUCTS = 4;
const STOCK = 1_000;
/** the reverse shipping a seller-fault return costs its seller (paise) */
const RETURN_SHIPPING = 6_000;
/** what the runs exercised: returns made, and seller balances seen below zero (debts) */
const seen = { returns: 0, debts: 0 };

type Status = 'confirmed' | 'inShipping' | 'delivered' | 'rejected';
interface Line {
  id: string;
  seller: number;
  product: number;
  quantity: number;
  value: number;
  refunded: number;
  /** units returned after delivery (docs/returns.md) */
  returned: number;
  status: Status;
}
interface Order {
  lines: Line[];
  shipping: number;
  /** paid: lines count; refused: the capture came after a cancel and was refunded in full */
  state: 'pending' | 'paid' | 'cancelledUnpaid' | 'refused';
  cancelled: boolean;
  captured: number;
  refunds: number;
}
interface Entry {
  type: SellerEntryType;
  deltaPaise: number;
  line?: string;
}

type Action =
  | {
      t: 'order';
      lines: { seller: number; product: number; quantity: number; price: number }[];
      shipping: number;
    }
  | { t: 'capture'; o: number }
  | { t: 'cancel'; o: number }
  | { t: 'reject'; o: number; seller: number }
  | { t: 'ship'; o: number; seller: number }
  | { t: 'deliver'; o: number; seller: number }
  | { t: 'refund'; o: number; amount: number | null }
  | { t: 'payout'; seller: number; amount: number }
  | { t: 'rate'; seller: number; bps: number | null }
  /** a partial return of a delivered line, refunded; a seller-fault one charges the reverse shipping */
  | { t: 'return'; o: number; units: number; fault: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('order' as const),
      lines: fc.array(
        fc.record({
          seller: fc.nat(SELLERS - 1),
          product: fc.nat(PRODUCTS - 1),
          quantity: fc.integer({ min: 1, max: 3 }),
          price: fc.integer({ min: 1, max: 500_000 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      shipping: fc.constantFrom(0, 4_000),
    }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('capture' as const), o: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), o: fc.nat(20) }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('reject' as const), o: fc.nat(20), seller: fc.nat(SELLERS - 1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('ship' as const), o: fc.nat(20), seller: fc.nat(SELLERS - 1) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('deliver' as const), o: fc.nat(20), seller: fc.nat(SELLERS - 1) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('refund' as const),
      o: fc.nat(20),
      amount: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('payout' as const),
      seller: fc.nat(SELLERS - 1),
      amount: fc.integer({ min: 1, max: 2_000_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('return' as const),
      o: fc.nat(20),
      units: fc.integer({ min: 1, max: 3 }),
      fault: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('rate' as const),
      seller: fc.nat(SELLERS - 1),
      bps: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    }),
  },
);

/** The marketplace's money as the use cases keep it (docs/money.md), over the shared pure functions. */
class Market {
  orders: Order[] = [];
  ledgers: Entry[][] = Array.from({ length: SELLERS }, () => []);
  rates: (number | null)[] = Array.from({ length: SELLERS }, () => null);
  stock: number[] = Array.from({ length: PRODUCTS }, () => STOCK);
  returnedUnits = 0;
  rejectedUnits = 0;
  private nextLine = 0;

  constructor(private readonly platformBps: number) {}

  balance = (s: number) => sellerTotals(this.ledgers[s]!).balance;

  apply(a: Action): void {
    if (a.t === 'order') return this.order(a);
    if (a.t === 'return') return this.returnUnits(a);
    if (a.t === 'payout') return this.payout(a.seller, a.amount);
    if (a.t === 'rate') {
      this.rates[a.seller] = a.bps;
      return;
    }
    const o = this.orders[a.o];
    if (!o) return;
    if (a.t === 'capture') return this.capture(o);
    if (a.t === 'cancel') return this.cancel(o);
    if (a.t === 'reject') return this.reject(o, a.seller);
    if (a.t === 'ship') return this.move(o, a.seller, 'inShipping');
    if (a.t === 'deliver') return this.move(o, a.seller, 'delivered');
    return this.adminRefund(o, a.amount);
  }

  private order(a: Extract<Action, { t: 'order' }>) {
    const lines = a.lines.map((l) => ({
      id: `L${this.nextLine++}`,
      seller: l.seller,
      product: l.product,
      quantity: l.quantity,
      value: l.price * l.quantity,
      refunded: 0,
      returned: 0,
      status: 'confirmed' as Status,
    }));
    for (const l of lines) this.stock[l.product]! -= l.quantity; // held, then sold at capture
    this.orders.push({
      lines,
      shipping: a.shipping,
      state: 'pending',
      cancelled: false,
      captured: 0,
      refunds: 0,
    });
  }

  private total = (o: Order) => o.lines.reduce((s, l) => s + l.value, 0) + o.shipping;
  private refundable = (o: Order) => o.captured - o.refunds;

  private capture(o: Order) {
    if (o.state === 'pending') {
      o.state = 'paid';
      o.captured = this.total(o);
    } else if (o.state === 'cancelledUnpaid') {
      // the payment arrived after the shopper cancelled: refunded in full, the cancel stands
      o.state = 'refused';
      o.captured = this.total(o);
      o.refunds += o.captured;
    }
  }

  /** stock comes back: the hold of an unpaid order ending, or refunded units (counted) */
  private returnStock(lines: Line[], refunded: boolean) {
    for (const l of lines) {
      this.stock[l.product]! += l.quantity;
      if (refunded) this.returnedUnits += l.quantity;
    }
  }

  /** refundLinesIn: the target lines are refunded whole and rejected, their stock comes back */
  private refundLines(o: Order, target: Line[]) {
    const ids = new Set(target.map((l) => l.id));
    const left = o.lines.filter((l) => !ids.has(l.id) && l.status !== 'rejected');
    const amount = linesRefundPaise({
      targetLeftPaise: target.reduce((s, l) => s + l.value - l.refunded, 0),
      refundablePaise: this.refundable(o),
      lastLines: left.length === 0,
    });
    o.refunds += amount;
    for (const l of target) {
      l.status = 'rejected';
      l.refunded = l.value;
      this.rejectedUnits += l.quantity;
    }
    this.returnStock(target, true);
  }

  private cancel(o: Order) {
    if (o.cancelled) return;
    if (o.state === 'pending') {
      o.state = 'cancelledUnpaid';
      o.cancelled = true;
      this.returnStock(o.lines, false); // the hold ends
      return;
    }
    if (o.state !== 'paid') return;
    if (o.lines.some((l) => l.status === 'inShipping' || l.status === 'delivered')) return;
    const target = o.lines.filter((l) => l.status !== 'rejected');
    if (target.length === 0) return;
    this.refundLines(o, target);
    o.cancelled = true;
  }

  private mine = (o: Order, seller: number) => o.lines.filter((l) => l.seller === seller);

  private reject(o: Order, seller: number) {
    const mine = this.mine(o, seller);
    if (o.state !== 'paid' || mine.length === 0) return;
    if (mine.some((l) => l.status !== 'confirmed')) return; // rejected is final, shipped too late
    this.refundLines(o, mine);
  }

  private move(o: Order, seller: number, to: 'inShipping' | 'delivered') {
    const mine = this.mine(o, seller);
    if (o.state !== 'paid' || mine.length === 0) return;
    if (mine.some((l) => l.status === 'rejected' || l.status === 'delivered')) return;
    if (to === 'delivered') {
      const bps = this.rates[seller] ?? this.platformBps;
      for (const l of mine) {
        const e = deliveryEarning(
          { valuePaise: l.value, refundedPaise: l.refunded, ...lineTds(l.value) },
          bps,
        );
        // per line: sellerNet + commission + commissionTax + tcs + tds = what is left of gross − sellerDiscount
        expect(e.sellerNetPaise + Object.values(e.deductions).reduce((a, b) => a + b, 0)).toBe(e.earnedPaise);
        this.ledgers[seller]!.push(
          { type: 'earned', deltaPaise: e.earnedPaise, line: l.id },
          ...DEDUCTION_TYPES.map((k) => ({ type: k, deltaPaise: -e.deductions[k], line: l.id })),
        );
      }
    }
    for (const l of mine) l.status = to;
  }

  private adminRefund(o: Order, amount: number | null) {
    if (o.captured <= 0) return;
    const paise = amount ?? this.refundable(o);
    if (paise <= 0 || paise > this.refundable(o)) return; // 409, nothing changes
    o.refunds += paise;
    const open = o.lines.filter((l) => l.status !== 'rejected');
    const split = allocateRefund(
      open.map((l) => ({ id: l.id, valuePaise: l.value, refundedPaise: l.refunded })),
      paise,
    );
    for (const part of split.lines) {
      const line = open.find((l) => l.id === part.id)!;
      line.refunded += part.paise;
      if (line.status === 'delivered') this.reverse(line, part.paise);
    }
  }

  /** chargeRefundIn: a refund of a delivered line reverses its net and each deduction in proportion. */
  private reverse(line: Line, paise: number) {
    const ledger = this.ledgers[line.seller]!;
    const mine = ledger.filter((e) => e.line === line.id);
    const deductions = Object.fromEntries(
      DEDUCTION_TYPES.map((k) => [k, -(mine.find((e) => e.type === k && e.deltaPaise < 0)?.deltaPaise ?? 0)]),
    ) as Deductions;
    const s = deliveredRefundSplit({
      earnedPaise: mine.filter((e) => e.type === 'earned').reduce((t, e) => t + e.deltaPaise, 0),
      deductions,
      refundedBeforePaise: -mine.filter((e) => e.type === 'refund').reduce((t, e) => t + e.deltaPaise, 0),
      refundPaise: paise,
    });
    // per reversal: the seller's net back + each deduction back = the refund, to the paisa
    expect(s.sellerNetPaise + Object.values(s.back).reduce((a, b) => a + b, 0)).toBe(s.refundPaise);
    for (const k of DEDUCTION_TYPES) expect(s.back[k]).toBeGreaterThanOrEqual(0);
    ledger.push(
      { type: 'refund', deltaPaise: -s.refundPaise, line: line.id },
      ...DEDUCTION_TYPES.map((k) => ({ type: k, deltaPaise: s.back[k], line: line.id })),
    );
    // a line refunded in full has given back every deduction: nothing of it is left on either side
    if (line.refunded === line.value)
      expect(ledger.filter((e) => e.line === line.id).reduce((t, e) => t + e.deltaPaise, 0)).toBe(0);
  }

  /**
   * refundReturnIn (docs/returns.md): returned units of a delivered line refund their paid share (never more than
   * is left of the line), reversed on the seller's ledger even below zero; a seller-fault reason charges the
   * reverse shipping besides.
   */
  private returnUnits(a: Extract<Action, { t: 'return' }>) {
    // one of the delivered lines with units left, whichever order and seller (so runs return often)
    const open = this.orders.flatMap((o) =>
      o.state === 'paid'
        ? o.lines
            .filter((l) => l.status === 'delivered' && l.returned < l.quantity)
            .map((line) => ({ o, line }))
        : [],
    );
    if (open.length === 0) return;
    const { o, line } = open[a.o % open.length]!;
    const units = Math.min(a.units, line.quantity - line.returned);
    const share = returnRefundPaise(
      {
        linePricePaise: line.value / line.quantity,
        quantity: line.quantity,
        sellerDiscountPaise: 0,
        platformDiscountPaise: 0,
      },
      units,
      line.returned,
    );
    const paise = Math.min(share, line.value - line.refunded, this.refundable(o));
    line.returned += units;
    seen.returns++;
    if (paise > 0) {
      o.refunds += paise;
      line.refunded += paise;
      this.reverse(line, paise);
    }
    if (a.fault) this.ledgers[line.seller]!.push({ type: 'return_shipping', deltaPaise: -RETURN_SHIPPING });
  }

  private payout(seller: number, amount: number) {
    if (amount > this.balance(seller)) return; // 409 PAYOUT_EXCEEDS_BALANCE (a debt: no payout at all)
    this.ledgers[seller]!.push({ type: 'payout', deltaPaise: -amount });
  }

  /** Delivers every paid line still on its way, so nothing is left in flight. */
  settleAll() {
    for (const o of this.orders) for (let s = 0; s < SELLERS; s++) this.move(o, s, 'delivered');
  }

  /** The sides of the conservation equation, in paise. */
  sums() {
    let captured = 0;
    let refunded = 0;
    let deliveryKept = 0;
    let inFlight = 0;
    for (const o of this.orders) {
      captured += o.captured;
      refunded += o.refunds;
      if (o.state !== 'paid') continue;
      const linesRefunded = o.lines.reduce((s, l) => s + l.refunded, 0);
      const deliveryRefunded = o.refunds - linesRefunded;
      expect(deliveryRefunded).toBeGreaterThanOrEqual(0);
      expect(deliveryRefunded).toBeLessThanOrEqual(o.shipping);
      deliveryKept += o.shipping - deliveryRefunded;
      for (const l of o.lines) {
        expect(l.refunded).toBeGreaterThanOrEqual(0);
        expect(l.refunded).toBeLessThanOrEqual(l.value);
        if (l.status !== 'delivered' && l.status !== 'rejected') inFlight += l.value - l.refunded;
      }
      expect(o.refunds).toBeLessThanOrEqual(o.captured);
    }
    let sellerEarnings = 0;
    let commission = 0;
    for (const ledger of this.ledgers) {
      const t = sellerTotals(ledger);
      const deductions = t.commission + t.commissionTax + t.tcs + t.tds;
      // what the sellers keep: balance + paid out; the reverse shipping of returns goes to the platform
      sellerEarnings += t.earned - deductions - t.refunded - t.returnShipping;
      expect(t.balance).toBe(t.earned - deductions - t.refunded - t.paidOut - t.returnShipping);
      commission += deductions + t.returnShipping;
    }
    return { captured, refunded, sellerEarnings, commission, deliveryKept, inFlight };
  }

  /** Every unit is in stock or in a line that is not rejected; each rejected unit came back exactly once. */
  checkStock() {
    const held = Array.from({ length: PRODUCTS }, () => 0);
    for (const o of this.orders) {
      if (o.state === 'cancelledUnpaid' || o.state === 'refused') continue;
      for (const l of o.lines) if (l.status !== 'rejected') held[l.product]! += l.quantity;
    }
    for (let p = 0; p < PRODUCTS; p++) expect(this.stock[p]! + held[p]!).toBe(STOCK);
    expect(this.returnedUnits).toBe(this.rejectedUnits);
  }
}

describe('money conservation (property)', () => {
  it('when any sequence of money events happens, then every paisa captured is refunded, earned, commission or delivery kept, and every line net and deductions add up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        // full-length sequences, so orders get paid, delivered, returned and paid out in one run
        fc.array(action, { minLength: 1, maxLength: 60, size: 'max' }),
        (platformBps, actions) => {
          const m = new Market(platformBps);
          for (const a of actions) {
            m.apply(a);
            const s = m.sums();
            expect(s.captured).toBe(
              s.refunded + s.sellerEarnings + s.commission + s.deliveryKept + s.inFlight,
            );
            m.checkStock();
            for (let sl = 0; sl < SELLERS; sl++) if (m.balance(sl) < 0) seen.debts++;
          }
          m.settleAll();
          const s = m.sums();
          expect(s.inFlight).toBe(0);
          expect(s.captured).toBe(s.refunded + s.sellerEarnings + s.commission + s.deliveryKept);
        },
      ),
      { numRuns: 1_000 },
    );
    expect(seen.returns).toBeGreaterThan(0);
    expect(seen.debts).toBeGreaterThan(0);
  }, 120_000);
});
