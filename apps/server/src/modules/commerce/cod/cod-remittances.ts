/**
 * The courier's cash-on-delivery remittances (docs/money.md, "Cash on delivery"): `POST /api/admin/cod/remittances`
 * with a CSV of `awb,amount,date,reference` (amount in rupees). Each row, in its own transaction under the order's
 * lock: an unknown air waybill is `unknown`, a parcel already remitted `duplicate`, an amount other than the
 * parcel's `amount_mismatch`; a match marks the parcel remitted, records the money (`capture`, the remittance
 * reference as its provider id) and credits the seller for the parcel's delivered lines.
 */
import { parse } from 'csv-parse/sync';
import type { Request } from 'express';
import { codRemittancesInputSchema, UPLOAD_FIELD } from '@mp/shared';
import type { Db } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/change-feed';
import { AppError, badRequest } from '../../../lib/errors';
import type { Earnings } from '../earnings/earnings.service';
import { recordMoneyEvent, SYSTEM } from '../money/ledger';
import { addCodRemittance, linesOf, lockOrder } from '../orders/order.repository';
import { inTransaction } from '../unit-of-work';
import { markRemitted, parcelByAwb } from './cod-parcels';

export type RemittanceOutcome = 'matched' | 'amount_mismatch' | 'unknown' | 'duplicate' | 'invalid';
export interface RemittanceRow {
  line: number;
  awb: string;
  outcome: RemittanceOutcome;
  message: string;
}

interface Row {
  awb: string;
  amountPaise: number;
  date: string;
  reference: string;
}

const MAX_ROWS = 5000;
/** A spreadsheet program on Windows names a .csv file so; anything else is not a CSV. */
const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel'];

/** The remittance file: uploaded in `my_file` (text/csv), or a JSON body `{ csv }`. */
export function remittanceCsvOf(req: Request): string {
  const file = req.file;
  if (file) {
    const csvType = file.mimetype === CSV_TYPES[0] || /\.csv$/i.test(file.originalname);
    if (!CSV_TYPES.includes(file.mimetype) || !csvType) {
      throw new AppError(415, 'UNSUPPORTED_FILE', 'Upload the remittance file as a .csv (text/csv)');
    }
    return file.buffer.toString('utf8');
  }
  const json = codRemittancesInputSchema.safeParse(req.body);
  if (json.success) return json.data.csv;
  throw badRequest(`Attach the remittance CSV in the "${UPLOAD_FIELD}" field`, 'INVALID_CSV');
}

function readRows(csv: string): (Row | { awb: string; problem: string })[] {
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
  } catch {
    throw badRequest('Not a CSV file', 'INVALID_CSV');
  }
  if (records.length > MAX_ROWS) throw badRequest(`At most ${MAX_ROWS} rows per file`, 'INVALID_CSV');
  return records.map((r) => {
    const awb = r.awb ?? '';
    if (!awb || !r.reference) return { awb, problem: 'awb and reference are required' };
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(r.amount ?? ''))
      return { awb, problem: 'amount must be rupees, e.g. 1249.50' };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date ?? '') || Number.isNaN(Date.parse(r.date!))) {
      return { awb, problem: 'date must be YYYY-MM-DD' };
    }
    const [whole, frac = ''] = r.amount!.split('.');
    return {
      awb,
      amountPaise: Number(whole) * 100 + Number(frac.padEnd(2, '0')),
      date: r.date!,
      reference: r.reference,
    };
  });
}

async function applyRow(
  deps: { db: Db; changes: ChangeFeed; earnings: Earnings },
  row: Row,
): Promise<{ outcome: RemittanceOutcome; message: string }> {
  const found = await parcelByAwb(deps.db, row.awb);
  if (!found) return { outcome: 'unknown', message: 'No cash-on-delivery parcel has this AWB' };
  return inTransaction(deps.db, deps.changes, async (tx) => {
    await lockOrder(tx, found.orderId);
    const parcel = (await parcelByAwb(tx, row.awb))!;
    if (parcel.state === 'remitted') {
      return {
        outcome: 'duplicate' as const,
        message: `Already remitted (${parcel.remittanceReference ?? ''})`,
      };
    }
    if (parcel.state === 'refused')
      return { outcome: 'unknown' as const, message: 'This parcel was refused' };
    if (parcel.amountPaise !== row.amountPaise) {
      return {
        outcome: 'amount_mismatch' as const,
        message: `The parcel collects ₹${(parcel.amountPaise / 100).toFixed(2)}`,
      };
    }
    await markRemitted(tx, parcel.id, row);
    await addCodRemittance(tx, parcel.orderId, parcel.amountPaise);
    await recordMoneyEvent(tx, {
      orderId: parcel.orderId,
      type: 'capture',
      amountPaise: parcel.amountPaise,
      currency: 'INR',
      providerId: row.reference,
      actor: SYSTEM,
      reason: `cash on delivery remitted for AWB ${row.awb}`,
    });
    await deps.earnings.creditRemittedIn(tx, await linesOf(tx, parcel.orderId, parcel.sellerId));
    return { outcome: 'matched' as const, message: 'Matched' };
  });
}

export async function importRemittances(
  deps: { db: Db; changes: ChangeFeed; earnings: Earnings },
  csv: string,
): Promise<RemittanceRow[]> {
  const out: RemittanceRow[] = [];
  for (const [i, row] of readRows(csv).entries()) {
    const line = i + 2; // the header is line 1
    if ('problem' in row) out.push({ line, awb: row.awb, outcome: 'invalid', message: row.problem });
    else out.push({ line, awb: row.awb, ...(await applyRow(deps, row)) });
  }
  return out;
}
