/** GST maths (docs/tax.md): the worked examples of the rules and the properties they must keep. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  GST_RATES,
  documentNumber,
  financialYearOf,
  gstinCheckChar,
  gstinProblem,
  gstinSchema,
  gstRateSchema,
  hsnSchema,
  indianNumberWords,
  lineTaxOf,
  rupeesInWords,
  splitInclusive,
  taxOnExclusive,
  tcsOf,
  tdsOf,
} from './tax';

describe('the split of a tax-inclusive price', () => {
  it('₹1,180 at 18 % within the state is ₹1,000.00 + CGST ₹90.00 + SGST ₹90.00', () => {
    expect(splitInclusive(118_000, 18, true)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
    });
  });

  it('₹1,180 at 18 % to another state is ₹1,000.00 + IGST ₹180.00', () => {
    expect(splitInclusive(118_000, 18, false)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
    });
  });

  it('rounds the taxable value half up and gives the odd paisa of the tax to SGST', () => {
    // 1.05 × 100 / 105 = 1.00 exactly; 1.06 × 100 / 103 = 1.029… → 1.03; 0.03 of tax halves to 0.01 + 0.02
    expect(splitInclusive(105, 5, true).taxablePaise).toBe(100);
    expect(splitInclusive(106, 3, true)).toEqual({
      taxablePaise: 103,
      cgstPaise: 1,
      sgstPaise: 2,
      igstPaise: 0,
    });
  });

  it('over 10,000 random lines taxable + taxes = the seller price to the paisa, each part the nearest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(...GST_RATES),
        fc.boolean(),
        (unit, qty, discountPct, rate, sameState) => {
          const gross = unit * qty;
          const sellerDiscount = Math.floor((gross * discountPct) / 200);
          const t = lineTaxOf({
            grossPaise: gross,
            sellerDiscountPaise: sellerDiscount,
            ratePercent: rate,
            sellerState: 'Maharashtra',
            placeOfSupply: sameState ? 'Maharashtra' : 'Karnataka',
          });
          const value = gross - sellerDiscount;
          expect(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(value);
          expect(Math.abs(t.taxablePaise - (value * 100) / (100 + rate))).toBeLessThanOrEqual(0.5);
          expect(t.cgstPaise >= 0 && t.sgstPaise >= 0 && t.igstPaise >= 0).toBe(true);
          if (sameState) expect(t.igstPaise).toBe(0);
          else expect(t.cgstPaise + t.sgstPaise).toBe(0);
          expect(Math.abs(t.cgstPaise - t.sgstPaise)).toBeLessThanOrEqual(1);
          if (rate === 0) expect(t.taxablePaise).toBe(value);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('GST on an exclusive amount (commission) is rate × amount, half up', () => {
    expect(taxOnExclusive(10_000, 18, false)).toEqual({
      taxablePaise: 10_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_800,
    });
    expect(taxOnExclusive(12_345, 18, true)).toEqual({
      taxablePaise: 12_345,
      cgstPaise: 1_111,
      sgstPaise: 1_111,
      igstPaise: 0,
    });
  });
});

describe('TCS and TDS', () => {
  it('TCS on ₹90,000 of net taxable supplies is ₹450; TDS on ₹90,000 is ₹90', () => {
    expect(tcsOf(9_000_000)).toBe(45_000);
    expect(tdsOf(9_000_000)).toBe(9_000);
  });
  it('round half up to the paisa', () => {
    expect(tcsOf(100)).toBe(1); // 0.5 paisa → 1
    expect(tcsOf(99)).toBe(0);
    expect(tdsOf(500)).toBe(1);
  });
});

describe('GSTIN', () => {
  it('accepts a real GSTIN and names what is wrong with a bad one', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('40AAPFU0939F1ZV')).toMatch(/state code/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPF10939F1ZV')).toMatch(/PAN/);
  });

  it('the check character catches every single-character change', () => {
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(
        fc.constantFrom('27', '29', '07', '33'),
        fc.stringMatching(/^[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]$/),
        fc.integer({ min: 0, max: 35 }),
        (state, body, change) => {
          const first14 = `${state}${body}Z`;
          const gstin = first14 + gstinCheckChar(first14);
          expect(gstinProblem(gstin)).toBeNull();
          const wrong = chars[(chars.indexOf(gstin[14]!) + 1 + (change % 35)) % 36]!;
          expect(gstinProblem(first14 + wrong)).not.toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the schema upper-cases and trims', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.safeParse('27AAPFU0939F1ZW').success).toBe(false);
  });
});

describe('HSN and rates', () => {
  it('HSN is 4 to 8 digits; the rate one of the list', () => {
    expect(hsnSchema.safeParse('6109').success).toBe(true);
    expect(hsnSchema.safeParse('85171300').success).toBe(true);
    expect(hsnSchema.safeParse('610').success).toBe(false);
    expect(hsnSchema.safeParse('851713001').success).toBe(false);
    expect(hsnSchema.safeParse('61O9').success).toBe(false);
    expect(gstRateSchema.safeParse(18).success).toBe(true);
    expect(gstRateSchema.safeParse(12).success).toBe(false);
  });
});

describe('financial year and document numbers', () => {
  it('April–March in India time', () => {
    expect(financialYearOf(new Date('2026-11-28T00:00:00Z'))).toBe('2627');
    expect(financialYearOf(new Date('2027-03-31T18:00:00Z'))).toBe('2627'); // 23:30 IST
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2728'); // 1 April 00:00 IST
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('9900');
  });
  it('numbers fill 16 characters at most and refuse to overflow', () => {
    expect(documentNumber('S0042', '2627', 123)).toBe('S0042/2627/00123');
    expect(documentNumber('PC', '2627', 7)).toBe('PC/2627/00000007');
    expect(documentNumber('S0042', '2627', 99_999)).toHaveLength(16);
    expect(() => documentNumber('S0042', '2627', 100_000)).toThrow(/16/);
  });
});

describe('amounts in words', () => {
  it('uses lakh and crore', () => {
    expect(indianNumberWords(0)).toBe('Zero');
    expect(indianNumberWords(1180)).toBe('One Thousand One Hundred Eighty');
    expect(indianNumberWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine',
    );
    expect(indianNumberWords(1_00_000)).toBe('One Lakh');
    expect(rupeesInWords(118_050)).toBe('Rupees One Thousand One Hundred Eighty and Fifty Paise Only');
    expect(rupeesInWords(45_000)).toBe('Rupees Four Hundred Fifty Only');
  });
});
