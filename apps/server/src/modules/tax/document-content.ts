/**
 * What a tax document prints (docs/tax.md, "What a document carries"), frozen as JSON when it is issued; the PDF
 * is drawn from it alone, so a document reads the same however often it is drawn.
 */
import { rupeesInWords, splitInclusive, stateCodeOf, type TaxSplit } from '@mp/shared';

export interface Party {
  name: string;
  address: string;
  gstin: string | null;
  state: string;
}

export interface ContentLine {
  description: string;
  hsn: string;
  quantity: number;
  rate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxable + taxes */
  totalPaise: number;
  /** the order line it is of (invoices and credit notes) */
  lineId?: string;
}

export interface DocumentContent {
  title: string;
  number: string;
  issuedAt: string;
  supplier: Party;
  recipient: Party;
  /** "Karnataka (29)" */
  placeOfSupply: string;
  orderNumber?: string;
  /** a credit note's invoice */
  reference?: { number: string; issuedAt: string };
  period?: string;
  reason?: string;
  lines: ContentLine[];
  totals: TaxSplit & { totalPaise: number };
  totalInWords: string;
}

export const placeOfSupplyLabel = (state: string | null) =>
  state ? `${state} (${stateCodeOf(state) ?? '--'})` : 'Not stated';

export const contentLine = (
  base: { description: string; hsn: string; quantity: number; rate: number; lineId?: string },
  t: TaxSplit,
): ContentLine => ({
  ...base,
  ...t,
  totalPaise: t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise,
});

/** A tax-inclusive amount as one line at `rate`. */
export const inclusiveLine = (
  base: { description: string; hsn: string; quantity: number; rate: number; lineId?: string },
  valuePaise: number,
  intraState: boolean,
) => contentLine(base, splitInclusive(valuePaise, base.rate, intraState));

export function totalsOf(lines: ContentLine[]): DocumentContent['totals'] {
  const sum = (k: keyof TaxSplit | 'totalPaise') => lines.reduce((a, l) => a + l[k], 0);
  return {
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('totalPaise'),
  };
}

export function withTotals(c: Omit<DocumentContent, 'totals' | 'totalInWords'>): DocumentContent {
  const totals = totalsOf(c.lines);
  return { ...c, totals, totalInWords: rupeesInWords(totals.totalPaise) };
}
