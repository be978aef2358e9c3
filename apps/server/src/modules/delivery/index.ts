/**
 * Delivery (docs/delivery.md): the courier, the estimate and its cache, sellers' pickup settings and the
 * holidays, shipments from a durable queue, tracking events and the parcels' views. Made once in deps.ts.
 */
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { startIntervalJob } from '../../lib/interval-job';
import type { Logger } from '../../lib/logger';
import type { Earnings } from '../commerce/earnings/earnings.service';
import type { MoneyService } from '../commerce/money/money.service';
import { applyCourierEvent, pollParcels, refundLateRtos } from './apply-tracking';
import type { CourierEvent, CourierProvider } from './courier-provider';
import { signatureValid, parseCourierWebhook } from './courier-webhook-signature';
import { estimate } from './delivery-estimate';
import { deleteHoliday, holidays, putHoliday, saveSettings, settingsOf } from './delivery-settings';
import { makeDueShipments } from './make-shipments';
import { orderTracking } from './order-tracking';
import { promiseCheckout, recordPromisesIn } from './checkout-promise';
import { quoteCart } from './checkout-quote';
import { createRouteCache } from './route-cache';
import { shipOrder } from './ship-order';
import { deliverWithCode, shipOwn } from './own-shipping';
import type { ShipOrderInput } from '@mp/shared';

type Actor = { userId: string; role: string };
import { createShiprocketCourier } from './shiprocket-courier';
import { shipmentOf, parcelsInTransit } from './delivery.repository';
import { AppError, conflict, notFound } from '../../lib/errors';

export interface DeliveryDeps {
  config: Config & { jwtSecret: string };
  db: Db;
  changes: ChangeFeed;
  logger: Logger;
  money: MoneyService;
  earnings: Earnings;
  /** a courier of the caller's (tests); else COURIER_API_KEY's */
  courier?: CourierProvider;
  /** a return's AWB goes to reverse pickup (returns/index.ts); 'unknown': not a return's, so a forward parcel's */
  returnEvents?: (e: CourierEvent) => Promise<'applied' | 'seen' | 'unknown'>;
}

export function createDelivery(deps: DeliveryDeps) {
  const courier =
    deps.courier ?? (deps.config.courier ? createShiprocketCourier(deps.config.courier) : undefined);
  const cache = createRouteCache(deps.changes, { ttlMs: 10 * 60_000, maxEntries: 20_000 });
  const base = { ...deps, courier };
  const runQueue = () => makeDueShipments(base);
  const kick = () =>
    void runQueue().catch((err: unknown) => deps.logger.error({ err }, 'shipment queue failed'));
  const tracking = { db: deps.db, money: deps.money, earnings: deps.earnings, logger: deps.logger };
  const own = { db: deps.db, money: deps.money, earnings: deps.earnings, codeSecret: deps.config.jwtSecret };
  return {
    courier,
    cache,
    estimate: (productId: string, pincode: string) =>
      estimate({ db: deps.db, courier, cache }, productId, pincode),
    promiseCheckout: (req: Parameters<typeof promiseCheckout>[1]) =>
      promiseCheckout({ db: deps.db, courier, cache }, req),
    recordPromisesIn,
    quote: (userId: string, q: Parameters<typeof quoteCart>[2]) =>
      quoteCart({ db: deps.db, courier, cache }, userId, q),
    settings: (sellerId: string) => settingsOf(base, sellerId),
    saveSettings: (sellerId: string, input: Parameters<typeof saveSettings>[2]) =>
      saveSettings(base, sellerId, input),
    holidays: () => holidays(base),
    putHoliday: (day: string, name: string) => putHoliday(base, day, name),
    deleteHoliday: (day: string) => deleteHoliday(base, day),
    ship: (sellerId: string, orderId: string, input: ShipOrderInput, actor: Actor) =>
      input.mode === 'self'
        ? shipOwn(own, sellerId, orderId, input, actor)
        : shipOrder({ ...own, kick }, sellerId, orderId, actor).then((r) => ({ shipped: r.queued, ...r })),
    deliverWithCode: (sellerId: string, orderId: string, code: string, actor: Actor) =>
      deliverWithCode(own, sellerId, orderId, code, actor),
    runQueue,
    async label(sellerId: string, orderId: string): Promise<Buffer> {
      const s = await shipmentOf(deps.db, orderId, sellerId);
      if (!s) throw notFound('Shipment');
      if (s.mode === 'self') throw conflict('You ship this parcel yourself: it has no courier label');
      if (!s.courierShipmentId || !courier)
        throw conflict('The shipment is still being created with the courier');
      return courier.label(s.courierShipmentId);
    },
    /** the signed webhook: 400 INVALID_SIGNATURE for a forged one, before anything is read */
    async webhook(raw: Buffer | undefined, signature: string | undefined) {
      const secret = deps.config.courier?.webhookSecret;
      if (!raw || !secret || !signatureValid(raw, signature, secret)) {
        throw new AppError(400, 'INVALID_SIGNATURE', 'The tracking event is not signed by our courier');
      }
      const parsed = parseCourierWebhook(raw);
      if (parsed.kind === 'invalid') throw new AppError(400, 'VALIDATION_FAILED', parsed.reason);
      if (parsed.kind === 'ignored') return 'ignored' as const;
      const asReturn = await deps.returnEvents?.(parsed.event);
      if (asReturn && asReturn !== 'unknown') return asReturn;
      return applyCourierEvent(tracking, parsed.event);
    },
    tracking: (caller: Parameters<typeof orderTracking>[1], orderId: string) =>
      orderTracking(deps.db, caller, orderId, deps.config.jwtSecret),
    poll: async () => pollParcels({ ...tracking, courier }, await parcelsInTransit(deps.db)),
    refundLateRtos: () => refundLateRtos(tracking),
    /** the queue every 15 s and the polling safety net every 15 minutes */
    start() {
      const log = (what: string) => (err: unknown) => deps.logger.error({ err }, `${what} failed`);
      const stopQueue = startIntervalJob(runQueue, { intervalMs: 15_000, onError: log('shipment queue') });
      const poll = async () => {
        await pollParcels({ ...tracking, courier }, await parcelsInTransit(deps.db));
        await refundLateRtos(tracking);
      };
      const stopPoll = startIntervalJob(poll, { intervalMs: 15 * 60_000, onError: log('parcel polling') });
      return () => {
        stopQueue();
        stopPoll();
      };
    },
  };
}
export type Delivery = ReturnType<typeof createDelivery>;
