/** The price rules (docs/prices.md). Everything is computed in integer paise, answered in rupees. */
import { LIMITS } from './constants';
import { formatINR, toPaise, toRupees } from './money';

export interface PriceInput {
  price: number;
  salePrice?: number | null;
  /** percent, 0–100 */
  discount?: number | null;
}

export interface PricedLineInput extends PriceInput {
  quantity: number;
}

export class PricingError extends Error {}

/** Unit price = salePrice when set and > 0, else price (rupees). */
export function unitPrice(p: PriceInput): number {
  return p.salePrice != null && p.salePrice > 0 ? p.salePrice : p.price;
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new PricingError(`Quantity must be a whole number of at least 1 (got ${quantity})`);
  }
}

function discountPercent(p: PriceInput): number {
  const d = p.discount ?? 0;
  return Math.min(100, Math.max(0, d));
}

/** Line discount = unit × discount% / 100 × quantity, in paise (rounded once per line). */
export function lineDiscountPaise(line: PricedLineInput): number {
  assertQuantity(line.quantity);
  return Math.round((toPaise(unitPrice(line)) * discountPercent(line) * line.quantity) / 100);
}

/** The price stored on an order line: unit reduced by the discount percent, to 2 decimals. */
export function discountedUnitPrice(p: PriceInput): number {
  return toRupees(Math.round((toPaise(unitPrice(p)) * (100 - discountPercent(p))) / 100));
}

/** The platform's free-delivery rule: a subtotal above LIMITS.freeDeliveryAbove rupees ships free (docs/delivery.md). */
export function deliversFree(subtotalPaise: number): boolean {
  return subtotalPaise > toPaise(LIMITS.freeDeliveryAbove);
}

export function deliveryChargeFor(subtotal: number): number {
  return deliversFree(toPaise(subtotal)) ? 0 : LIMITS.deliveryCharge;
}

export interface CartTotals {
  subtotal: number;
  discount: number;
  shippingCharge: number;
  total: number;
  itemCount: number;
}

/**
 * Subtotal = Σ unit × quantity; delivery 40 when subtotal ≤ 500 else 0;
 * total = subtotal − discounts + delivery. An empty cart has no delivery charge.
 */
export function computeTotals(lines: readonly PricedLineInput[]): CartTotals {
  let subtotalPaise = 0;
  let discountPaise = 0;
  let itemCount = 0;
  for (const line of lines) {
    assertQuantity(line.quantity);
    subtotalPaise += toPaise(unitPrice(line)) * line.quantity;
    discountPaise += lineDiscountPaise(line);
    itemCount += line.quantity;
  }
  const subtotal = toRupees(subtotalPaise);
  const shippingPaise = lines.length === 0 ? 0 : toPaise(deliveryChargeFor(subtotal));
  return {
    subtotal,
    discount: toRupees(discountPaise),
    shippingCharge: toRupees(shippingPaise),
    total: toRupees(subtotalPaise - discountPaise + shippingPaise),
    itemCount,
  };
}

export type StockBadge =
  { kind: 'out-of-stock'; label: string } | { kind: 'low-stock'; label: string } | null;

/** Stock 0 → Out Of Stock; 1–9 → 'Only N items left'; otherwise no stock badge. */
export function stockBadge(stock: number): StockBadge {
  if (stock <= 0) return { kind: 'out-of-stock', label: 'Out Of Stock' };
  if (stock < LIMITS.lowStockBelow) return { kind: 'low-stock', label: `Only ${stock} items left` };
  return null;
}

/**
 * Best Seller (docs/search-and-listing.md, "Best sellers"): the `perCategory` products of each category that sold
 * the most units in paid orders of the last `windowDays` days (rejected lines not counted), each with at least
 * `minUnits` sold. The server works the flag out and sends it with every product (`ProductDto.bestSeller`).
 */
export const BEST_SELLER = { perCategory: 3, windowDays: 30, minUnits: 3 } as const;

/** Units a product sold in the window, with its category. */
export interface RecentSales {
  id: string;
  category: string;
  units: number;
}

/** The best sellers among these recent sales: per category the top BEST_SELLER.perCategory, ties by id. */
export function bestSellerIds(sales: readonly RecentSales[]): Set<string> {
  const ranked = sales
    .filter((s) => s.units >= BEST_SELLER.minUnits)
    .sort((a, b) => b.units - a.units || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const taken = new Map<string, number>();
  const best = new Set<string>();
  for (const s of ranked) {
    const n = taken.get(s.category) ?? 0;
    if (n >= BEST_SELLER.perCategory) continue;
    taken.set(s.category, n + 1);
    best.add(s.id);
  }
  return best;
}

/**
 * What a shopper pays for one unit and what makes that figure (docs/prices.md): the list price, the sale price
 * when it lowers it, the further discount percent of the rules, the payable unit price (the order line's unit
 * price), and the savings against the list price in rupees and as the true percent (rounded down, never
 * overstated). Cards, the product page, cart, checkout, order detail and the server's order lines all read it.
 */
export interface PriceBreakdown {
  /** the product's own price (MRP) */
  listPrice: number;
  /** the sale price, when one is set (> 0); the further discount applies to it */
  salePrice: number | null;
  /** the further discount percent of the rules (0–100) */
  discountPercent: number;
  /** the rules' unit price before the further discount (sale price, else list price) */
  basePrice: number;
  /** what one unit costs the shopper */
  payable: number;
  /** list price − payable, never below 0 */
  savings: number;
  /** savings as a whole percent of the list price, rounded down */
  savingsPercent: number;
}

export function priceBreakdown(p: PriceInput): PriceBreakdown {
  const base = unitPrice(p);
  const payable = discountedUnitPrice(p);
  const listPaise = toPaise(p.price);
  const savingsPaise = Math.max(0, listPaise - toPaise(payable));
  return {
    listPrice: p.price,
    salePrice: p.salePrice != null && p.salePrice > 0 ? p.salePrice : null,
    discountPercent: discountPercent(p),
    basePrice: base,
    payable,
    savings: toRupees(savingsPaise),
    savingsPercent: listPaise > 0 ? Math.floor((savingsPaise * 100) / listPaise) : 0,
  };
}

/**
 * The cart/checkout/order summary in list-price terms, so it reads like the lines above it: the lines at list
 * price, what the shopper saves on them, and what the lines cost (Σ payable per line under the rules'
 * rounding). `totals` stays the rules' own figures (computeTotals) for delivery and the total charged.
 */
export function savingsSummary(lines: readonly PricedLineInput[]): {
  listTotal: number;
  savings: number;
  payableTotal: number;
} {
  let listPaise = 0;
  let payablePaise = 0;
  for (const line of lines) {
    assertQuantity(line.quantity);
    listPaise += Math.max(toPaise(line.price), toPaise(unitPrice(line))) * line.quantity;
    payablePaise += toPaise(unitPrice(line)) * line.quantity - lineDiscountPaise(line);
  }
  return {
    listTotal: toRupees(listPaise),
    savings: toRupees(listPaise - payablePaise),
    payableTotal: toRupees(payablePaise),
  };
}

/** One row of the price details: what it is, its label and its amount as shown. */
export interface PriceDetailRow {
  key: 'price' | 'discount' | 'delivery' | 'total';
  label: string;
  /** rupees (the discount as a positive amount) */
  amount: number;
  /** as shown: "₹1,499", "− ₹200", "Free" */
  shown: string;
}

/**
 * The price details every summary shows, the checkout page and the order confirmation e-mail alike (docs/prices.md):
 * the lines at list price, the discount on them (savingsSummary), delivery and the total charged (the rules'
 * figures, computeTotals or the order's own).
 */
export function priceDetails(
  lines: readonly PricedLineInput[],
  totals: Pick<CartTotals, 'itemCount' | 'shippingCharge' | 'total'>,
): PriceDetailRow[] {
  const s = savingsSummary(lines);
  const n = totals.itemCount;
  return [
    {
      key: 'price',
      label: `Price (${n} ${n === 1 ? 'item' : 'items'})`,
      amount: s.listTotal,
      shown: formatINR(s.listTotal),
    },
    { key: 'discount', label: 'Discount', amount: s.savings, shown: `− ${formatINR(s.savings)}` },
    {
      key: 'delivery',
      label: 'Delivery Charges',
      amount: totals.shippingCharge,
      shown: totals.shippingCharge > 0 ? formatINR(totals.shippingCharge) : 'Free',
    },
    { key: 'total', label: 'Total Amount', amount: totals.total, shown: formatINR(totals.total) },
  ];
}
