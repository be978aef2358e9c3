/**
 * GST maths and identifiers (docs/tax.md): pure functions over integer paise, so the server, the web and the
 * property tests agree to the paisa. Rates are whole percents from the configured list.
 */
import { z } from 'zod';
import { INDIAN_STATES, LIMITS, type Category } from './constants';
import { emptyToUndefined, uuidOf } from './api';

// ---- configuration ----------------------------------------------------------------------------------------------

/** The GST rates a product may carry today (percent). */
export const GST_RATES = [0, 3, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];
/** GST on the shipping line and on the platform's commission (percent). */
export const SERVICE_GST_RATE = 18;
/** HSN/SAC of the shipping line (goods transport services) and of the commission (other support services). */
export const SHIPPING_SAC = '996812';
export const COMMISSION_SAC = '998599';
/** TCS the operator collects (0.5 % of taxable value) and TDS it deducts (0.1 % of the seller's price), in bps. */
export const TCS_BPS = 50;
export const TDS_BPS = 10;

/** A new product's HSN code and GST rate when its form leaves them out (docs/tax.md, "Products"). */
export const CATEGORY_TAX_DEFAULTS: Record<Category, { hsn: string; gstRate: GstRate }> = {
  men: { hsn: '6109', gstRate: 5 },
  women: { hsn: '6204', gstRate: 5 },
  kids: { hsn: '6111', gstRate: 5 },
  fashion: { hsn: '6211', gstRate: 5 },
  footwear: { hsn: '6403', gstRate: 5 },
  accessories: { hsn: '4202', gstRate: 18 },
  mobile: { hsn: '8517', gstRate: 18 },
  appliances: { hsn: '8516', gstRate: 18 },
  electronics: { hsn: '8528', gstRate: 18 },
};

/** The GST state code of each state and union territory (docs/tax.md, "State codes"). */
export const GST_STATE_CODES: Record<(typeof INDIAN_STATES)[number], string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};
/** Codes a GSTIN may start with: the states above, 25 and 28 (before mergers), 97 other territory, 99 centre. */
const VALID_STATE_CODES = new Set([...Object.values(GST_STATE_CODES), '25', '28', '97', '99']);

export const stateCodeOf = (state: string | null | undefined): string | null =>
  state && state in GST_STATE_CODES ? GST_STATE_CODES[state as keyof typeof GST_STATE_CODES] : null;

// ---- GSTIN and HSN ------------------------------------------------------------------------------------------------

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN check character of its first 14 characters (the mod-36 scheme, docs/tax.md). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** Why a GSTIN is not valid, or null when it is. */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return 'A GSTIN has 15 characters';
  if (!GSTIN_SHAPE.test(gstin))
    return 'A GSTIN is a state code, a PAN, an entity number, Z and a check character';
  if (!VALID_STATE_CODES.has(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is not a GST state code`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'The GSTIN check character does not match';
  return null;
}

export const isValidGstin = (gstin: string): boolean => gstinProblem(gstin) === null;

export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((v, ctx) => {
    const problem = gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    description: 'GSTIN: 2-digit state code, PAN, entity number, Z, check character',
    example: '27AAPFU0939F1ZV',
  });

export const hsnSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{4,8}$/, 'An HSN code has 4 to 8 digits')
  .meta({ example: '6109' });

export const gstRateSchema = z.coerce
  .number({ message: 'The GST rate must be a number' })
  .refine((r): r is GstRate => (GST_RATES as readonly number[]).includes(r), {
    message: `The GST rate must be one of ${GST_RATES.join(', ')} %`,
  })
  .meta({ description: 'GST rate in percent', example: 18 });

// ---- the split of a tax-inclusive value -----------------------------------------------------------------------------

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Takes the GST out of a tax-inclusive `valuePaise`: taxable = round(value × 100 / (100 + rate)) (half up), the rest
 * is tax; within one state CGST gets the lower half and SGST the rest, so the parts add up to the value exactly.
 */
export function splitInclusive(valuePaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const taxablePaise = Math.floor((valuePaise * 200 + (100 + ratePercent)) / (2 * (100 + ratePercent)));
  return splitTax(taxablePaise, valuePaise - taxablePaise, intraState);
}

function splitTax(taxablePaise: number, tax: number, intraState: boolean): TaxSplit {
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

/** GST on a tax-exclusive amount (the platform's commission), half up, split like a line. */
export function taxOnExclusive(amountPaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const tax = Math.floor((amountPaise * ratePercent * 2 + 100) / 200);
  return splitTax(amountPaise, tax, intraState);
}

const bpsOf = (paise: number, bps: number): number => Math.floor((paise * bps + 5_000) / 10_000);
/** TCS: 0.5 % of the net taxable value (half up). */
export const tcsOf = (taxablePaise: number): number => bpsOf(taxablePaise, TCS_BPS);
/** TDS: 0.1 % of the seller's price, gross − seller discount (half up). */
export const tdsOf = (sellerPricePaise: number): number => bpsOf(sellerPricePaise, TDS_BPS);

/** Every tax figure of one order line, frozen when it is placed (docs/tax.md, "A line's tax"). */
export interface LineTax extends TaxSplit {
  taxRate: number;
  tcsPaise: number;
  tdsPaise: number;
}

export function lineTaxOf(a: {
  grossPaise: number;
  sellerDiscountPaise: number;
  ratePercent: number;
  sellerState: string | null;
  placeOfSupply: string | null;
}): LineTax {
  const value = a.grossPaise - a.sellerDiscountPaise;
  const split = splitInclusive(value, a.ratePercent, isIntraState(a.sellerState, a.placeOfSupply));
  return { ...split, taxRate: a.ratePercent, tcsPaise: tcsOf(split.taxablePaise), tdsPaise: tdsOf(value) };
}

/** Same state as the supplier's registration (unknown place of supply: the supplier's own state). */
export const isIntraState = (supplierState: string | null, placeOfSupply: string | null): boolean =>
  !placeOfSupply || !supplierState || supplierState === placeOfSupply;

/** The tax in a sub-order's shipping charge (its own line at 18 %). */
export const shippingTaxOf = (shippingPaise: number, intraState: boolean): TaxSplit =>
  splitInclusive(shippingPaise, SERVICE_GST_RATE, intraState);

// ---- financial years and document numbers -------------------------------------------------------------------------

const IST_OFFSET_MS = 330 * 60_000;

/** The Indian financial year (April–March, in India's time) of a moment, as 4 digits: 2026-04-01 → "2627". */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(start)}${two(start + 1)}`;
}

/** The longest document number the GST rules allow. */
export const DOCUMENT_NUMBER_MAX = 16;

/** `S0042/2627/00123`: series and issuer, financial year, the sequence zero-padded to 16 characters in all. */
export function documentNumber(series: string, fy: string, seq: number): string {
  const head = `${series}/${fy}/`;
  const digits = String(seq);
  const width = DOCUMENT_NUMBER_MAX - head.length;
  if (digits.length > width) throw new Error(`Document number ${head}${digits} is longer than 16 characters`);
  return head + digits.padStart(width, '0');
}

// ---- amounts in words (Indian numbering) --------------------------------------------------------------------------

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  return [h ? `${ONES[h]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in words with crore, lakh and thousand: 12345678 → "One Crore Twenty Three Lakh …". */
export function indianNumberWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const rest = n % 10_000_000;
  const parts = [
    crore ? `${indianNumberWords(crore)} Crore` : '',
    Math.floor(rest / 100_000) ? `${belowHundred(Math.floor(rest / 100_000))} Lakh` : '',
    Math.floor((rest % 100_000) / 1000)
      ? `${belowHundred(Math.floor((rest % 100_000) / 1000))} Thousand`
      : '',
    belowThousand(rest % 1000),
  ];
  return parts.filter(Boolean).join(' ');
}

/** "Rupees One Thousand One Hundred Eighty and Fifty Paise Only". */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${indianNumberWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}

// ---- contract (docs/tax.md): the tax profile, documents, statements and reports -----------------------------------

export const taxProfileInputSchema = z
  .object({
    legalName: z.string().trim().min(2, 'Enter the legal name').max(200),
    gstin: z.preprocess(emptyToUndefined, gstinSchema.nullable().optional()),
    state: z.enum(INDIAN_STATES, { message: 'Choose the state of registration' }),
    address: z.string().trim().min(5, 'Enter the registered address').max(500),
  })
  .superRefine((v, ctx) => {
    if (v.gstin && v.gstin.slice(0, 2) !== stateCodeOf(v.state)) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `A GSTIN registered in ${v.state} starts with ${stateCodeOf(v.state)}`,
      });
    }
  });
export type TaxProfileInput = z.infer<typeof taxProfileInputSchema>;

export const taxProfileDtoSchema = z.object({
  sellerId: z.string(),
  legalName: z.string(),
  gstin: z.string().nullable(),
  state: z.string(),
  address: z.string(),
  updatedAt: z.string(),
  /** false: no GSTIN, so only goods at 0 % may be listed */
  canListTaxable: z.boolean(),
});
export type TaxProfileDto = z.infer<typeof taxProfileDtoSchema>;

export const taxProfileChangeDtoSchema = z.object({
  at: z.string(),
  actorRole: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
});

export const TAX_DOCUMENT_KIND_VALUES = ['invoice', 'creditNote', 'commissionInvoice'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KIND_VALUES)[number];

export const taxDocumentDtoSchema = z.object({
  _id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KIND_VALUES),
  number: z.string(),
  issuedAt: z.string(),
  sellerId: z.string(),
  storename: z.string(),
  orderId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  period: z.string().nullable(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** false while the PDF is still being made */
  pdfReady: z.boolean(),
  url: z.string().meta({ description: 'GET this for the PDF' }),
});
export type TaxDocumentDto = z.infer<typeof taxDocumentDtoSchema>;

export const documentIdParamsSchema = z.object({ documentId: uuidOf('Must be a valid document id') });

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11');

export const documentRegisterQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  kind: z.preprocess(emptyToUndefined, z.enum(TAX_DOCUMENT_KIND_VALUES).optional()),
  sellerId: z.preprocess(emptyToUndefined, uuidOf('Must be a valid seller id').optional()),
  month: z.preprocess(emptyToUndefined, monthSchema.optional()),
  number: z.preprocess(emptyToUndefined, z.string().trim().max(16).optional()),
});

export const tcsReportQuerySchema = z.object({ month: monthSchema });

export const taxStatementMonthSchema = z.object({
  month: z.string(),
  taxable: z.number(),
  tcs: z.number(),
  tds: z.number(),
});
export type TaxStatementMonth = z.infer<typeof taxStatementMonthSchema>;
