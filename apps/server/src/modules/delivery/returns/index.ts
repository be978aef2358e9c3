/**
 * Reverse pickup (docs/delivery.md, "Reverse pickup"): the returns core's `ReturnPickups` port (a pickup queued in
 * its approval transaction), the booking worker, the courier's events for return AWBs, and the pickups' view for the
 * returns' DTOs. Made once in deps.ts; the courier is COURIER_API_KEY's aggregator (or the local fake).
 */
import type { ReturnPickupDto } from '@mp/shared';
import type { Db, Tx } from '../../../db/client';
import { startIntervalJob } from '../../../lib/interval-job';
import type { Logger } from '../../../lib/logger';
import type { CourierEvent, CourierProvider, ReturnCourier } from '../courier-provider';
import { bookDuePickups } from './book-return-pickups';
import type { ReturnParcelSource, ReturnSteps } from './return-pickup-ports';
import {
  cancelPickup,
  insertPickup,
  pickupBacklog,
  pickupsInTransit,
  pickupsOf,
} from './return-pickups.repository';
import { applyReturnEvent } from './return-tracking';

export type { ReturnSteps, ReturnParcelSource } from './return-pickup-ports';

export interface ReturnPickupsDeps {
  db: Db;
  logger: Logger;
  courier: (CourierProvider & ReturnCourier) | undefined;
}

/** the returns core's side, bound once it is made (it needs this port, and this needs its steps) */
export interface ReturnsCoreSide {
  parcelOf: ReturnParcelSource;
  steps: ReturnSteps;
}

const unbound = (): never => {
  throw new Error('reverse pickup is not bound to the returns core (deps.ts: returnPickups.bind)');
};
const UNBOUND: ReturnsCoreSide = {
  parcelOf: async () => unbound(),
  steps: {
    pickupScheduled: async () => unbound(),
    pickedUp: async () => unbound(),
    courierDelivered: async () => unbound(),
  },
};

export function createReturnPickups(deps: ReturnPickupsDeps) {
  let core = UNBOUND;
  // the steps are read at call time: bound after this is made
  const steps: ReturnSteps = {
    pickupScheduled: (...a) => core.steps.pickupScheduled(...a),
    pickedUp: (...a) => core.steps.pickedUp(...a),
    courierDelivered: (...a) => core.steps.courierDelivered(...a),
  };
  const worker = { db: deps.db, courier: deps.courier, steps, logger: deps.logger };
  const runQueue = () => bookDuePickups(worker);
  const applyEvent = (e: CourierEvent) => applyReturnEvent({ db: deps.db, steps }, e);
  async function poll(): Promise<number> {
    if (!deps.courier) return 0;
    let applied = 0;
    for (const awb of await pickupsInTransit(deps.db)) {
      try {
        for (const e of await deps.courier.track(awb)) if ((await applyEvent(e)) === 'applied') applied++;
      } catch (err) {
        deps.logger.warn({ err, awb }, 'polling a return pickup failed');
      }
    }
    return applied;
  }
  return {
    /** binds the returns core's side (deps.ts, once it is made) */
    bind(side: ReturnsCoreSide) {
      core = side;
    },
    /** whether a reverse pickup can be booked (no courier in production without its key) */
    available: deps.courier !== undefined,
    /** The port: queues the return's pickup in the caller's transaction (once per return); booked after commit. */
    async request(tx: Tx, returnId: string): Promise<void> {
      const parcel = await core.parcelOf(tx, returnId);
      if (!parcel) throw new Error(`return ${returnId} not found for its pickup`);
      await insertPickup(tx, returnId, parcel);
    },
    /** The port: the shopper cancelled before pickup; a booked pickup is called off by the worker after commit. */
    async cancel(tx: Tx, returnId: string): Promise<void> {
      await cancelPickup(tx, returnId);
    },
    runQueue,
    /** a courier event: 'unknown' when its AWB is not a return's (then it is a forward parcel's) */
    applyEvent,
    poll,
    /** the pickups of these returns for their DTOs (one query; a return without one is absent) */
    async viewOf(returnIds: string[]): Promise<Map<string, ReturnPickupDto>> {
      const rows = await pickupsOf(deps.db, returnIds);
      return new Map(
        rows.map((r) => [r.returnId, { state: r.state, awb: r.awb, trackingUrl: r.trackingUrl }]),
      );
    },
    backlog: () => pickupBacklog(deps.db),
    /** the booking queue every 15 s, the polling safety net every 15 minutes */
    start() {
      const log = (what: string) => (err: unknown) => deps.logger.error({ err }, `${what} failed`);
      const stopQueue = startIntervalJob(runQueue, {
        intervalMs: 15_000,
        onError: log('return pickup queue'),
      });
      const stopPoll = startIntervalJob(poll, {
        intervalMs: 15 * 60_000,
        onError: log('return pickup polling'),
      });
      return () => {
        stopQueue();
        stopPoll();
      };
    },
  };
}
export type ReturnPickups = ReturnType<typeof createReturnPickups>;
