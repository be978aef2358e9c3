const dateFmt = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "5 Mar 2025"; '' for a missing or bad date. */
export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : (withTime ? dateTimeFmt : dateFmt).format(d);
}

/** The spec shows 'NA' for missing values (gstno, PayerID, PaymentID...). */
export const orNA = (v: string | number | null | undefined): string =>
  v == null || String(v).trim() === '' ? 'NA' : String(v);
