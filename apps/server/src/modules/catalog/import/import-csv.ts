/**
 * Reads a product import file (docs/catalogue-import.md): UTF-8 CSV, a byte-order mark and CRLF line ends allowed,
 * quoted fields (commas, quotes and line breaks inside), header names in any case. Checked when the file is
 * uploaded (400 INVALID_CSV, 413 over the row limit) and read again by the job.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, type ImportColumn } from '@mp/shared';
import { AppError } from '../../../lib/errors';

/** One data row: its number in the file (the header is row 1) and its cells by column. */
export interface CsvRow {
  row: number;
  cells: Record<ImportColumn, string>;
  /** the row had more or fewer cells than the header */
  ragged: boolean;
}

const invalidCsv = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'INVALID_CSV', message, undefined, details);

const headerName = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The text of an uploaded file, or 400 when it is not text (a spreadsheet, an image, another encoding). */
export function csvText(bytes: Buffer): string {
  if (bytes.includes(0))
    throw invalidCsv('This file is not a CSV: save the sheet as "CSV UTF-8" and upload that');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidCsv('This file is not UTF-8 text: save the sheet as "CSV UTF-8" and upload that');
  }
}

function records(text: string): string[][] {
  try {
    return parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (err) {
    throw invalidCsv(`This file is not a valid CSV: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * The data rows of a file, fully blank lines left out (their numbers still count). 400 INVALID_CSV when the text
 * is not CSV or a required column is missing (`details.missing`); 413 when it has more than `maxRows` data rows.
 */
export function readImportCsv(text: string, maxRows: number): CsvRow[] {
  const [header, ...body] = records(text);
  const names = (header ?? []).map(headerName);
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) {
    throw invalidCsv(`Missing columns: ${missing.join(', ')}. Start from the template.`, { missing });
  }
  const at = new Map(IMPORT_COLUMNS.map((c) => [c, names.indexOf(c)]));
  const rows: CsvRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    const values = Object.fromEntries(
      IMPORT_COLUMNS.map((c) => [c, (cells[at.get(c)!] ?? '').trim()]),
    ) as Record<ImportColumn, string>;
    rows.push({ row: i + 2, cells: values, ragged: cells.length !== names.length });
  });
  if (rows.length > maxRows) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `This file has ${rows.length} rows; one file may have ${maxRows} at most. Split it and upload each part.`,
      undefined,
      { rows: rows.length, maxRows },
    );
  }
  if (!rows.length) throw invalidCsv('This file has a header but no rows to import');
  return rows;
}
