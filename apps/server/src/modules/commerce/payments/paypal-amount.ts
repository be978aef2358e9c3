/** PayPal money strings ("400.00") to integer paise; null when absent or not a money figure. */
export function parsePayPalAmount(value: string | undefined | null): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
