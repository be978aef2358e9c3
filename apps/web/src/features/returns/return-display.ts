/**
 * What the return screens say (docs/returns.md, docs/web.md "Returns"), as pure functions of the shared contract:
 * a delivered line's return offer, a return's steps, the seller's decision deadline.
 */
import {
  RETURN_CANCELLABLE_STATES,
  RETURN_RECEIVABLE_STATES,
  RETURN_REJECTABLE_STATES,
  RETURN_STATES,
  type OrderLineDto,
  type RefundPayoutDto,
  type ReturnDto,
  type ReturnState,
} from '@mp/shared';

const HOUR_MS = 3_600_000;

let dayFmt: Intl.DateTimeFormat | undefined;
/** "12 Dec": a day as India reads it (the return window closes at the end of a day in IST). */
export const istDay = (at: Date): string =>
  (dayFmt ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'Asia/Kolkata',
  })).format(at);

/** A delivered line's return offer: returnable now (up to `units`, by `lastDay`), or why not. */
export type LineReturnOffer =
  | { kind: 'none' }
  | { kind: 'returnable'; units: number; lastDay: string }
  | { kind: 'notReturnable' }
  | { kind: 'windowClosed' }
  | { kind: 'inReturn' };

export function lineReturnOffer(line: OrderLineDto, now = new Date()): LineReturnOffer {
  if (!line.returnWindowEndsAt || line.status !== 'delivered') return { kind: 'none' };
  if (line.returnPolicy === 'Not returnable') return { kind: 'notReturnable' };
  const ends = new Date(line.returnWindowEndsAt);
  if (ends.getTime() <= now.getTime()) return { kind: 'windowClosed' };
  const units = line.returnableQuantity ?? 0;
  if (units <= 0) return { kind: 'inReturn' };
  // the window ends at midnight IST after its last day: that day is the one the shopper must act by
  return { kind: 'returnable', units, lastDay: istDay(new Date(ends.getTime() - 1)) };
}

/** The way of a return that is not stopped: every state but rejected and cancelled, in order. */
export const RETURN_STEPS: readonly ReturnState[] = RETURN_STATES.filter(
  (s) => s !== 'rejected' && s !== 'cancelled',
);

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved',
  pickup_scheduled: 'Pickup scheduled',
  picked_up: 'Picked up',
  received: 'Received by seller',
  refunded: 'Refunded',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** The courier's steps, which a return received by the seller without a pickup passes over. */
const PASSABLE: readonly ReturnState[] = ['pickup_scheduled', 'picked_up'];

export interface ReturnStep {
  state: ReturnState;
  label: string;
  status: 'done' | 'current' | 'upcoming' | 'stopped' | 'skipped';
  at: string | null;
}

/**
 * A return's step tracker: requested → approved → pickup scheduled → picked up → received → refunded, done up to
 * where it got; a rejected or cancelled return ends its steps there (with the stop in place of the rest).
 */
export function returnSteps(r: Pick<ReturnDto, 'state' | 'history'>): ReturnStep[] {
  const firstAt = (s: ReturnState) => r.history.find((e) => e.state === s)?.at ?? null;
  const chain = RETURN_STEPS;
  const stopped = r.state === 'rejected' || r.state === 'cancelled';
  const reached = stopped
    ? Math.max(0, ...r.history.map((e) => chain.indexOf(e.state)))
    : chain.indexOf(r.state);
  // a step passed over (the seller received the parcel with no courier pickup) reads as skipped, not done
  const passed = (state: ReturnState) =>
    r.history.length > 0 && PASSABLE.includes(state) && firstAt(state) === null ? 'skipped' : 'done';
  const steps: ReturnStep[] = chain.map((state, i) => ({
    state,
    label: RETURN_STATE_LABELS[state],
    at: i <= reached ? firstAt(state) : null,
    status: i < reached ? passed(state) : i === reached ? (stopped ? 'done' : 'current') : 'upcoming',
  }));
  if (r.state === 'refunded') steps[steps.length - 1]!.status = 'done';
  if (!stopped) return steps;
  const stop: ReturnStep = {
    state: r.state,
    label: RETURN_STATE_LABELS[r.state],
    status: 'stopped',
    at: [...r.history].reverse().find((e) => e.state === r.state)?.at ?? null,
  };
  return [...steps.slice(0, reached + 1), stop];
}

/** "decide within 31 h" while the seller may still decide; "approves itself now" once the time is up. */
export function decisionDeadline(
  r: Pick<ReturnDto, 'state' | 'decisionDueAt'>,
  now = new Date(),
): string | null {
  if (r.state !== 'requested') return null;
  const hours = Math.ceil((new Date(r.decisionDueAt).getTime() - now.getTime()) / HOUR_MS);
  return hours > 0 ? `decide within ${hours} h` : 'approves itself now';
}

const has = (states: readonly ReturnState[], s: ReturnState) => states.includes(s);

/** What the shopper may do now: cancel before pickup, contest a rejection not yet contested. */
export const shopperActions = (r: ReturnDto) => ({
  cancel: has(RETURN_CANCELLABLE_STATES, r.state),
  contest: r.state === 'rejected' && r.dispute === null,
});

/** What the seller may do now. */
export const sellerActions = (r: ReturnDto) => ({
  approve: r.state === 'requested',
  reject: has(RETURN_REJECTABLE_STATES, r.state),
  received: has(RETURN_RECEIVABLE_STATES, r.state),
});

/** A return's units in a few words: "2 × Shoe, 1 × Shirt". */
export const returnedUnits = (r: Pick<ReturnDto, 'lines'>): string =>
  r.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ');

/**
 * Where the payout of a cash-on-delivery refund stands, for the consoles (docs/money.md): a failed one with the bank's
 * reason, as the shopper is asked for another account.
 */
export function payoutStatus(p: RefundPayoutDto): { text: string; failed: boolean } {
  switch (p.state) {
    case 'queued':
      return { text: 'payout queued', failed: false };
    case 'processing':
      return { text: 'payout on its way', failed: false };
    case 'processed':
      return { text: 'paid out', failed: false };
    case 'failed':
      return {
        text: `payout failed${p.failureReason ? `: ${p.failureReason}` : ''} (the shopper is asked for another account)`,
        failed: true,
      };
  }
}
