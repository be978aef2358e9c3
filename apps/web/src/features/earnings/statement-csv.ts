/**
 * The seller's statement as CSV (RFC 4180: quoted fields, CRLF lines), for its Earnings page's export. Orders by
 * their number ("HM-100234"), as everywhere else (docs/order-views.md).
 */
import type { SellerEntryDto } from '@mp/shared';

const TYPE_LABEL: Record<SellerEntryDto['type'], string> = {
  earned: 'Earned',
  commission: 'Commission',
  commissionTax: 'GST on commission',
  tcs: 'TCS',
  tds: 'TDS',
  refund: 'Refund',
  payout: 'Payout',
  return_shipping: 'Return shipping',
  delivery_waived: 'Free delivery you gave',
};
export const entryTypeLabel = (t: SellerEntryDto['type']) => TYPE_LABEL[t];

/** A field quoted when it must be; a leading =, +, - or @ is prefixed so spreadsheets do not run it as a formula. */
function field(v: string): string {
  const safe = /^[=+\-@]/.test(v) && Number.isNaN(Number(v)) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function statementCsv(entries: readonly SellerEntryDto[]): string {
  const rows = [
    ['Date', 'Type', 'Description', 'Order', 'Amount (INR)', 'Payable from'],
    ...entries.map((e) => [
      e.createdAt,
      TYPE_LABEL[e.type],
      e.description,
      e.orderNumber ?? '',
      e.amount.toFixed(2),
      e.payableAt,
    ]),
  ];
  return rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Hands a file to the browser's download. */
export function download(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
