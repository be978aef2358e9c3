import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One owner per piece of state (docs/orders-and-stock.md, "Owners"): orders and order lines are written only by
 * order.repository.ts, a variant's stock and a product's units sold only by stock.repository.ts (a product's
 * total follows its variants by their trigger). This reads the server's
 * source (tests and the demo seed aside) for the writes a new file would add.
 */
const SRC = fileURLToPath(new URL('../../../', import.meta.url));
const ORDERS_OWNER = 'modules/commerce/orders/order.repository.ts';
const STOCK_OWNER = 'modules/commerce/stock/stock.repository.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'seed' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ file: relative(SRC, path), text: readFileSync(path, 'utf8') }));

/** Files with a match, other than the owner. */
const writersBesides = (owner: string, pattern: RegExp) =>
  files.filter((f) => f.file !== owner && pattern.test(f.text)).map((f) => f.file);

/** Each `.update(products)` / `.update(productVariants)` statement up to its `.where(`: does it set stock? */
const setsStock = (text: string) =>
  [...text.matchAll(/\.update\((products|productVariants)\)([\s\S]*?)\.where\(/g)].some((m) =>
    /totalStock|unitsSold|total_stock|units_sold|\bstock\b/.test(m[2]!),
  );

describe('owners of orders and stock', () => {
  it('when the server writes orders or order lines, then only order.repository.ts does', () => {
    expect(files.length).toBeGreaterThan(50);
    const drizzle = /\.(insert|update|delete)\((orders|orderLines)\)/;
    const raw = /\b(update|insert\s+into|delete\s+from)\s+"?(orders|order_lines)\b/i;
    expect(writersBesides(ORDERS_OWNER, drizzle)).toEqual([]);
    expect(writersBesides(ORDERS_OWNER, raw)).toEqual([]);
  });

  it('when the server writes stock or units sold, then only stock.repository.ts does', () => {
    expect(files.filter((f) => f.file !== STOCK_OWNER && setsStock(f.text)).map((f) => f.file)).toEqual([]);
    expect(writersBesides(STOCK_OWNER, /\b(total_stock|units_sold)\s*=|\bset stock\s*=/)).toEqual([]);
    expect(setsStock(files.find((f) => f.file === STOCK_OWNER)!.text)).toBe(true);
  });

  it('when the server writes shipments, tracking events or holidays, then only delivery.repository.ts does', () => {
    const owner = 'modules/delivery/delivery.repository.ts';
    const drizzle = /\.(insert|update|delete)\((orderShipments|trackingEvents|deliveryHolidays)\)/;
    const raw =
      /\b(update|insert\s+into|delete\s+from)\s+"?(order_shipments|tracking_events|delivery_holidays)\b/i;
    expect(writersBesides(owner, drizzle)).toEqual([]);
    expect(writersBesides(owner, raw)).toEqual([]);
    expect(drizzle.test(files.find((f) => f.file === owner)!.text)).toBe(true);
  });
});

describe('owners of GST state (docs/tax.md)', () => {
  const owners: [RegExp, string[]][] = [
    [/\.(insert|update|delete)\((taxDocuments|taxDocumentFiles)\)/, ['modules/tax/documents.repository.ts']],
    [/\.(insert|update|delete)\(taxDocumentCounters\)/, ['modules/tax/numbering.ts']],
    [
      /\.(insert|update|delete)\((sellerTaxProfiles|sellerTaxProfileHistory)\)/,
      ['modules/tax/tax-profile.repository.ts'],
    ],
  ];
  it.each(owners)('when the server writes %s, then only its owner does', (pattern, owner) => {
    expect(files.filter((f) => pattern.test(f.text)).map((f) => f.file)).toEqual(owner);
  });
});

describe('owners of the return policies (docs/money.md)', () => {
  it('when the server writes category_return_policies, then only return-policy.repository.ts does', () => {
    const pattern = /\.(insert|update|delete)\(categoryReturnPolicies\)/;
    expect(files.filter((f) => pattern.test(f.text)).map((f) => f.file)).toEqual([
      'modules/commerce/returns/return-policy.repository.ts',
    ]);
  });
});

describe('owners of the payment gateway state', () => {
  it('when the server writes gateway_events, then only razorpay-webhook.ts does', () => {
    const owner = 'modules/commerce/payments/razorpay-webhook.ts';
    expect(writersBesides(owner, /\.(insert|update|delete)\(gatewayEvents\)/)).toEqual([]);
    expect(writersBesides(owner, /\b(update|insert\s+into|delete\s+from)\s+"?gateway_events\b/i)).toEqual([]);
    expect(/\.insert\(gatewayEvents\)/.test(files.find((f) => f.file === owner)!.text)).toBe(true);
  });
});

describe('owners of cash on delivery state', () => {
  it('when the server writes cod_parcels or cod_otps, then only their owners do', () => {
    const parcels = 'modules/commerce/cod/cod-parcels.ts';
    const otps = 'modules/commerce/cod/cod-otp.ts';
    expect(writersBesides(parcels, /\.(insert|update|delete)\(codParcels\)/)).toEqual([]);
    expect(writersBesides(otps, /\.(insert|update|delete)\(codOtps\)/)).toEqual([]);
    expect(writersBesides(parcels, /\b(update|insert\s+into|delete\s+from)\s+"?cod_parcels\b/i)).toEqual([]);
  });

  it('when the server writes sms_outbox, then only sms-outbox.ts does', () => {
    const owner = 'modules/sms/sms-outbox.ts';
    expect(writersBesides(owner, /\.(insert|update|delete)\(smsOutbox\)/)).toEqual([]);
    expect(writersBesides(owner, /\b(update|insert\s+into|delete\s+from)\s+"?sms_outbox\b/i)).toEqual([]);
    expect(/\.insert\(smsOutbox\)/.test(files.find((f) => f.file === owner)!.text)).toBe(true);
  });
});

describe('owners of returns (docs/returns.md)', () => {
  it('when the server writes returns, return_lines or return_events, then only returns.repository.ts does', () => {
    const owner = 'modules/commerce/returns/returns.repository.ts';
    const drizzle = /\.(insert|update|delete)\((returns|returnLines|returnEvents)\)/;
    const raw = /\b(update|insert\s+into|delete\s+from)\s+"?(returns|return_lines|return_events)\b/i;
    expect(writersBesides(owner, drizzle)).toEqual([]);
    expect(writersBesides(owner, raw)).toEqual([]);
    expect(drizzle.test(files.find((f) => f.file === owner)!.text)).toBe(true);
  });
});

describe('owners of reverse pickups and refund payouts (docs/delivery.md, docs/money.md)', () => {
  const owners: [RegExp, string[]][] = [
    [
      /\.(insert|update|delete)\(returnPickups\)|\b(update|insert\s+into|delete\s+from)\s+"?(\$\{returnPickups\}|return_pickups)/i,
      ['modules/delivery/returns/return-pickups.repository.ts'],
    ],
    [
      /\.(insert|update|delete)\(codRefundPayouts\)|\b(update|insert\s+into|delete\s+from)\s+"?(\$\{codRefundPayouts\}|cod_refund_payouts)/i,
      ['modules/commerce/cod-refunds/cod-refund-payouts.repository.ts'],
    ],
  ];
  it.each(owners)('when the server writes %s, then only its owner does', (pattern, owner) => {
    expect(files.filter((f) => pattern.test(f.text)).map((f) => f.file)).toEqual(owner);
  });
});
