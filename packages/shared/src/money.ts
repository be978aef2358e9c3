/** Money helpers. Rupees in JSON with at most 2 decimals; integer paise inside the server and the database. */

export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => Math.round(paise) / 100;
/** Rounds a rupee amount to 2 decimals (half away from zero on the paise value). */
export const roundRupees = (rupees: number): number => toRupees(toPaise(rupees));

/**
 * A form field's text as rupees for the money schemas, which take JSON numbers only (docs/money.md): a plain decimal
 * ("1499", "12.50") becomes its number; anything else stays text, which the schema refuses.
 */
export const rupeesFromField = (text: string): number | string =>
  /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const inrWhole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** ₹ with Indian digit grouping: 123456.5 → "₹1,23,456.50"; whole amounts drop the paise: "₹1,499". */
export function formatINR(rupees: number): string {
  if (!Number.isFinite(rupees)) return '₹0';
  const r = roundRupees(rupees); // 99.999 → 100, shown as a whole amount
  return Number.isInteger(r) ? inrWhole.format(r) : inr.format(r).replace(/(\.\d)$/, '$10');
}
