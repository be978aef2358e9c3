// made on first use: building an Intl formatter is slow on a phone, and most pages that import this never format
// a date (docs/performance.md)
let dateFmt: Intl.DateTimeFormat | undefined;
let dateTimeFmt: Intl.DateTimeFormat | undefined;
const formatter = (withTime: boolean): Intl.DateTimeFormat =>
  withTime
    ? (dateTimeFmt ??= new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }))
    : (dateFmt ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }));

/** "5 Mar 2025"; '' for a missing or bad date. */
export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatter(withTime).format(d);
}

/** Missing values (gstno, PayerID, PaymentID...) show as 'NA' (docs/web.md, "Texts"). */
export const orNA = (v: string | number | null | undefined): string =>
  v == null || String(v).trim() === '' ? 'NA' : String(v);
