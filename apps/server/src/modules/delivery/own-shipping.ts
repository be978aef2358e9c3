/**
 * Own shipping (docs/delivery.md, "Own shipping"): a seller ships a sub-order itself instead of by courier. Its
 * hand-over is the parcel's shipped event, and the shopper is sent a delivery code; the seller reaches delivered
 * only with that code, through the same path as the courier's delivered event (apply-tracking.ts).
 */
import { DELIVERY_CODE_TRIES, type ShipOrderInput } from '@mp/shared';
import type { Db } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import type { Earnings } from '../commerce/earnings/earnings.service';
import type { MoneyService } from '../commerce/money/money.service';
import { sellerOrder } from '../commerce/seller-orders/seller-order.service';
import { enqueueDeliveryCodeMail } from '../mail/parcel-mails';
import { applyParcelEventIn } from './apply-tracking';
import { deliveryCodeMatches, deliveryCodeOf, hashDeliveryCode } from './delivery-code';
import {
  deliveryCodeUsed,
  eventsOf,
  lockShipment,
  shipmentOf,
  shippedBySeller,
  wrongCodeTried,
  type ShipmentRow,
} from './delivery.repository';
import { parcelView } from './parcel-view';
import { lockShippablePart } from './ship-order';

export interface OwnShippingDeps {
  db: Db;
  money: MoneyService;
  earnings: Earnings;
  /** the server's secret the delivery codes are derived from */
  codeSecret: string;
}

type Actor = { userId: string; role: string };

/** Wrong codes in a row lock the code for this long. */
const LOCK_MINUTES = 60;

async function parcelOf(db: Db, orderId: string, sellerId: string) {
  const s = (await shipmentOf(db, orderId, sellerId))!;
  return parcelView(s, '', await eventsOf(db, [s.id]), new Date());
}

/** Ships the seller's part itself; asking again (or once the courier has it) changes nothing. */
export async function shipOwn(
  deps: OwnShippingDeps,
  sellerId: string,
  orderId: string,
  input: ShipOrderInput,
  actor: Actor,
) {
  const shipped = await deps.money.inTransaction(async (tx, touched) => {
    const { order, shipment } = await lockShippablePart(tx, sellerId, orderId);
    if (order.paymentMethod === 'cod') {
      // the courier collects the cash and remits it (docs/money.md, "Cash on delivery")
      throw conflict(
        'A cash-on-delivery order travels with the courier, who collects the cash',
        'DELIVERY_BY_COURIER',
      );
    }
    if (shipment.status !== 'awaiting' && shipment.status !== 'failed') return false;
    const code = deliveryCodeOf(deps.codeSecret, shipment.id);
    await shippedBySeller(tx, shipment.id, {
      courierName: input.carrier || null,
      trackingRef: input.trackingRef || null,
      deliveryCodeHash: hashDeliveryCode(shipment.id, code),
    });
    const at = new Date().toISOString();
    await applyParcelEventIn(deps, tx, touched, shipment, { state: 'shipped', at, location: null }, actor);
    await enqueueDeliveryCodeMail(tx, shipment, code);
    return true;
  });
  return { shipped, parcel: await parcelOf(deps.db, orderId, sellerId) };
}

type CodeCheck = { ok: true } | { ok: false; triesLeft: number } | 'locked';

function checkCode(s: ShipmentRow, code: string, now: Date): CodeCheck {
  const recent =
    s.deliveryCodeTriedAt && now.getTime() - s.deliveryCodeTriedAt.getTime() < LOCK_MINUTES * 60_000;
  const tries = recent ? s.deliveryCodeTries : 0;
  if (tries >= DELIVERY_CODE_TRIES) return 'locked';
  if (deliveryCodeMatches(s.id, code, s.deliveryCodeHash)) return { ok: true };
  return { ok: false, triesLeft: DELIVERY_CODE_TRIES - tries - 1 };
}

/**
 * The seller at the shopper's door: the right code delivers the parcel once (earnings, invoice, mail as the
 * courier's event); a wrong one is 422 with the tries left and changes nothing else; the fifth wrong one in a
 * row locks the code for an hour (429).
 */
export async function deliverWithCode(
  deps: OwnShippingDeps,
  sellerId: string,
  orderId: string,
  code: string,
  actor: Actor,
) {
  const outcome = await deps.money.inTransaction(async (tx, touched) => {
    await sellerOrder(tx, sellerId, orderId, true);
    const shipment = await lockShipment(tx, orderId, sellerId);
    if (shipment.mode !== 'self') {
      throw conflict(
        'This parcel travels with the courier: the courier reports its delivery',
        'DELIVERY_BY_COURIER',
      );
    }
    if (shipment.trackingState === 'delivered') return 'already' as const;
    const now = new Date();
    const check = checkCode(shipment, code, now);
    if (check === 'locked') return check;
    if (check.ok !== true) {
      await wrongCodeTried(tx, shipment.id, LOCK_MINUTES);
      return check;
    }
    const delivered = { state: 'delivered' as const, at: now.toISOString(), location: null };
    await applyParcelEventIn(deps, tx, touched, shipment, delivered, actor);
    await deliveryCodeUsed(tx, shipment.id);
    return 'delivered' as const;
  });
  if (outcome === 'locked' || (typeof outcome === 'object' && outcome.triesLeft === 0)) {
    throw new AppError(
      429,
      'DELIVERY_CODE_LOCKED',
      `Too many wrong delivery codes: try again in ${LOCK_MINUTES} minutes`,
      undefined,
      { retryAfterMinutes: LOCK_MINUTES },
    );
  }
  if (typeof outcome === 'object') {
    throw new AppError(
      422,
      'DELIVERY_CODE_WRONG',
      `That is not the shopper's delivery code: ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left`,
      undefined,
      { triesLeft: outcome.triesLeft },
    );
  }
  return { delivered: outcome === 'delivered', parcel: await parcelOf(deps.db, orderId, sellerId) };
}
