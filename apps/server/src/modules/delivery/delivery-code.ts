/**
 * The shopper's delivery code of a parcel the seller ships itself (docs/delivery.md, "Own shipping"): six digits
 * derived from the server's secret and the parcel (so the shopper's view can show it again without storing it),
 * stored only as a hash, and checked in constant time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function deliveryCodeOf(secret: string, shipmentId: string): string {
  const mac = createHmac('sha256', secret).update(`delivery-code:${shipmentId}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

export const hashDeliveryCode = (shipmentId: string, code: string): string =>
  createHash('sha256').update(`${shipmentId}:${code}`).digest('hex');

export function deliveryCodeMatches(shipmentId: string, code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashDeliveryCode(shipmentId, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The code to show the shopper: only while its hash is kept (until delivered), and only if it still matches. */
export function shownDeliveryCode(
  secret: string,
  s: { id: string; mode: string; deliveryCodeHash: string | null },
): string | null {
  if (s.mode !== 'self' || !s.deliveryCodeHash) return null;
  const code = deliveryCodeOf(secret, s.id);
  return deliveryCodeMatches(s.id, code, s.deliveryCodeHash) ? code : null;
}
