/**
 * The cart's delivery per seller (docs/delivery.md, "Checkout"): for the chosen address (or the default one on the
 * cart page), each seller's promised date and its own shipping charge, or that it cannot deliver there. Checkout
 * blocks placing while a seller cannot deliver; the server's 422 UNSERVICEABLE stays the authority.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { formatINR, type CartTotals, type DeliveryQuoteDto } from '@mp/shared';
import { useDeliveryQuoteQuery } from './delivery-api';

/**
 * The quote of the cart (or of the buy-now item) to an address; undefined while there is none (no address, or
 * delivery off).
 */
export function useCartDeliveryQuote(
  addressId: string | null | undefined,
  buyNow?: { productId: string; variantId?: string; quantity: number },
) {
  return useDeliveryQuoteQuery(addressId ? { addressId, ...buyNow } : skipToken).data;
}

/** The totals to show: the quote's (shipping per seller) once known, else the cart's. */
export const quotedTotals = (quote: DeliveryQuoteDto | undefined, fallback: CartTotals): CartTotals =>
  quote && quote.sellers.length > 0 ? quote.totals : fallback;

export function SellerDeliveries({ quote }: { quote: DeliveryQuoteDto | undefined }) {
  if (!quote || quote.sellers.length === 0) return null;
  return (
    <section aria-labelledby="seller-deliveries" className="mt-4 border-t border-gray-200 pt-3">
      <h3 id="seller-deliveries" className="mb-2 text-sm font-semibold text-gray-900">
        Delivery to {quote.pincode}
      </h3>
      <ul className="space-y-2 text-sm" data-testid="seller-deliveries">
        {quote.sellers.map((s) => (
          <li key={s.sellerId ?? 'platform'} data-testid="seller-delivery">
            <p className="flex justify-between gap-2">
              <span className="font-medium text-gray-900">{s.storeName}</span>
              {s.deliverable && (
                <span className={s.charge > 0 ? 'text-gray-900' : 'text-green-700'}>
                  {s.charge > 0 ? formatINR(s.charge) : 'Free'}
                </span>
              )}
            </p>
            {s.deliverable ? (
              <p className="text-gray-600">{s.promise}</p>
            ) : (
              <p role="alert" className="text-red-700">
                {s.reason}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
