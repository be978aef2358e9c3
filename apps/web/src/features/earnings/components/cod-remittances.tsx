/**
 * The admin's cash-on-delivery remittance upload (docs/money.md, "Cash on delivery"): the courier's CSV
 * (`awb,amount,date,reference`) as a file; each row's outcome is listed after the upload. Refusals are told by the
 * server's `code`.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Button, type BadgeTone } from '../../../components/ui';
import { toApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { uploadRemittanceCsv, type RemittanceRow } from '../remittance-api';

const TONE: Record<RemittanceRow['outcome'], BadgeTone> = {
  matched: 'green',
  amount_mismatch: 'red',
  unknown: 'amber',
  duplicate: 'gray',
  invalid: 'red',
};
const LABEL: Record<RemittanceRow['outcome'], string> = {
  matched: 'Matched',
  amount_mismatch: 'Amount mismatch',
  unknown: 'Unknown',
  duplicate: 'Duplicate',
  invalid: 'Invalid',
};

const REFUSED: Partial<Record<string, string>> = {
  UNSUPPORTED_FILE: 'Choose the courier’s .csv file (text/csv).',
  PAYLOAD_TOO_LARGE: 'This file is over 1 MB. Split it and upload each part.',
};

export function CodRemittances() {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<RemittanceRow[] | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    try {
      const out = await uploadRemittanceCsv(file);
      setRows(out.rows);
      toast.success(out.message);
    } catch (err) {
      const error = toApiError(err);
      toast.error(REFUSED[error.code ?? ''] ?? error.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-gray-700">
          Courier’s remittance file (CSV: awb, amount, date, reference)
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="text-sm"
          />
        </label>
        <Button type="submit" disabled={!file || busy}>
          {busy ? 'Uploading…' : 'Upload remittances'}
        </Button>
      </form>
      {rows && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Remittance rows</caption>
          <thead className="text-gray-500">
            <tr>
              <th className="py-2 pr-3 font-medium">Line</th>
              <th className="py-2 pr-3 font-medium">AWB</th>
              <th className="py-2 pr-3 font-medium">Outcome</th>
              <th className="py-2 pr-3 font-medium">Detail</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} className="border-t border-gray-100">
                <td className="py-2 pr-3">{r.line}</td>
                <td className="py-2 pr-3 font-mono">{r.awb}</td>
                <td className="py-2 pr-3">
                  <Badge tone={TONE[r.outcome]}>{LABEL[r.outcome]}</Badge>
                </td>
                <td className="py-2 pr-3">{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
