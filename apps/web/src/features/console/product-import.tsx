/**
 * The seller console's "Import products" screen (docs/catalogue-import.md): download the template, choose or drop
 * a CSV, watch it upload, then the job's progress (polled) and its per-row results, filterable to the errors.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { IMPORT_TEMPLATE_CSV, IMPORT_TEMPLATE_FILE_NAME, type ImportRowResult } from '@mp/shared';
import { Badge, Button, Spinner, TableHead, type BadgeTone } from '../../components/ui';
import { errorMessage, toApiError } from '../../lib/api';
import { download } from '../earnings/statement-csv';
import { DropZone } from './drop-zone';
import { Pager } from './product-filters';
import { UploadIcon } from './icons';
import {
  uploadProductCsv,
  useSellerImportJobQuery,
  useSellerImportJobsQuery,
  type ImportJob,
} from './import-api';

const PAGE_SIZE = 50;
const errorsLabel = (n: number) => `${n} ${n === 1 ? 'error' : 'errors'}`;
const POLL_MS = 1000;

const STATUS_TONE: Record<ImportJob['status'], BadgeTone> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};
const OUTCOME_TONE: Record<ImportRowResult['outcome'], BadgeTone> = {
  created: 'green',
  updated: 'blue',
  error: 'red',
};

function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-3 w-full overflow-hidden rounded-full bg-gray-200"
    >
      <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The message for a refused upload: the server's, which names the limit or the missing columns. */
function uploadErrorMessage(err: unknown): string {
  const e = toApiError(err);
  if (e.code === 'PAYLOAD_TOO_LARGE')
    return e.message || 'This file is too large. Split it and upload each part.';
  if (e.code === 'INVALID_CSV') return e.message;
  return errorMessage(err, 'Upload failed. Please try again.');
}

/** Choose or drop one CSV file and upload it; answers the queued job through onQueued. */
function CsvDropzone({ onQueued }: { onQueued: (job: ImportJob) => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  function choose(f: File | undefined) {
    setError(null);
    if (!f) return;
    if (!/\.csv$/i.test(f.name) && f.type !== 'text/csv') {
      setError('Choose a .csv file (in a spreadsheet: File → Save as → CSV UTF-8).');
      return;
    }
    setFile(f);
  }

  async function upload() {
    if (!file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setSent(0);
    try {
      const job = await uploadProductCsv(file, controller.signal, setSent);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      onQueued(job);
    } catch (err) {
      if (!controller.signal.aborted) setError(uploadErrorMessage(err));
    } finally {
      setSent(null);
    }
  }

  const uploading = sent !== null;
  return (
    <div className="flex flex-col gap-3">
      <DropZone htmlFor={`${id}-file`} onFiles={(files) => choose(files[0])} invalid={!!error}>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={uploading}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="sr-only"
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <UploadIcon className="h-8 w-8 text-gray-400" />
        <span className="text-sm text-gray-700">
          {file ? (
            <span className="font-semibold text-gray-900">{file.name}</span>
          ) : (
            <>
              <span className="font-semibold text-brand-700">Choose a CSV file</span> or drag and drop it here
            </>
          )}
        </span>
        <span id={`${id}-hint`} className="text-xs text-gray-500">
          One row per variant, in the template’s columns
        </span>
      </DropZone>
      {uploading && <ProgressBar value={sent} label="Uploading the file" />}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
      <div>
        <Button onClick={() => void upload()} disabled={!file} loading={uploading}>
          Upload and import
        </Button>
      </div>
    </div>
  );
}

function ResultsTable({ rows }: { rows: ImportRowResult[] }) {
  if (!rows.length) return <p className="text-sm text-gray-600">No rows to show.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">Import results by row</caption>
        <TableHead
          columns={['Row', 'SKU', 'Result', 'Details']}
          className="bg-gray-50 text-left text-xs font-semibold uppercase text-gray-600"
        />
        <tbody className="divide-y divide-gray-100 bg-white">
          {rows.map((r) => (
            <tr key={r.row} data-outcome={r.outcome}>
              <td className="px-3 py-2 tabular-nums">{r.row}</td>
              <td className="px-3 py-2 font-mono text-xs">{r.sku || '—'}</td>
              <td className="px-3 py-2">
                <Badge tone={OUTCOME_TONE[r.outcome]}>{r.outcome}</Badge>
              </td>
              <td className="px-3 py-2 text-gray-700">{r.message ?? r.handle}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One job: its progress while it runs (polled), its counts, and its rows page by page. */
export function ImportJobView({ jobId }: { jobId: string }) {
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [polling, setPolling] = useState(true);
  const { data, error } = useSellerImportJobQuery(
    { jobId, outcome: errorsOnly ? 'error' : 'all', page, limit: PAGE_SIZE },
    { pollingInterval: polling ? POLL_MS : 0, refetchOnMountOrArgChange: true },
  );
  const job = data?.data;
  const finished = job?.status === 'done' || job?.status === 'failed';
  useEffect(() => setPolling(!finished), [finished]);
  if (error) return <p role="alert">{errorMessage(error, 'Could not load this import.')}</p>;
  if (!job) return <Spinner label="Loading the import" />;
  return (
    <section aria-labelledby={`job-${jobId}`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`job-${jobId}`} className="text-lg font-semibold text-gray-900">
          {job.fileName}
        </h2>
        <Badge tone={STATUS_TONE[job.status]} data-testid="import-status">
          {job.status}
        </Badge>
      </div>
      <ProgressBar value={job.totalRows ? job.processedRows / job.totalRows : 0} label="Import progress" />
      <p className="text-sm text-gray-700" aria-live="polite">
        {job.processedRows} of {job.totalRows} rows · {job.createdRows} created · {job.updatedRows} updated ·{' '}
        <span className={job.errorRows ? 'font-semibold text-red-700' : undefined}>
          {errorsLabel(job.errorRows)}
        </span>
      </p>
      {job.failure && (
        <p role="alert" className="text-sm text-red-700">
          {job.failure}
        </p>
      )}
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">Rows to show</legend>
        {[
          ['All rows', false],
          ['Errors only', true],
        ].map(([label, value]) => (
          <label key={String(label)} className="flex items-center gap-2">
            <input
              type="radio"
              name={`rows-${jobId}`}
              checked={errorsOnly === value}
              onChange={() => {
                setErrorsOnly(value as boolean);
                setPage(1);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <ResultsTable rows={job.rows} />
      <Pager pagination={data.pagination} onPage={setPage} />
    </section>
  );
}

export function ProductImport() {
  const recent = useSellerImportJobsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [jobId, setJobId] = useState<string | null>(null);
  const shown = jobId ?? recent.data?.[0]?._id ?? null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Import products</h1>
        <Button variant="outline" onClick={() => download(IMPORT_TEMPLATE_FILE_NAME, IMPORT_TEMPLATE_CSV)}>
          Download the template
        </Button>
      </div>
      <p className="max-w-3xl text-sm text-gray-700">
        One row per variant; rows of one product share a <code>handle</code> and fill title, description,
        category and brand on their first row. Upload your pictures first (Products → Add) and put their
        addresses in <code>image_urls</code>, separated by <code>|</code>. A SKU you uploaded before updates
        that product instead of adding another. Optional: <code>weight_grams</code>, <code>length_cm</code>,{' '}
        <code>width_cm</code>, <code>height_cm</code>, <code>hsn</code> and <code>gst_rate</code> on the first
        row (empty: the category&apos;s defaults).
      </p>
      <CsvDropzone
        onQueued={(job) => {
          setJobId(job._id);
          void recent.refetch();
        }}
      />
      {shown && <ImportJobView key={shown} jobId={shown} />}
      {recent.data && recent.data.length > 1 && (
        <section aria-labelledby="recent-imports" className="flex flex-col gap-2">
          <h2 id="recent-imports" className="text-lg font-semibold text-gray-900">
            Recent imports
          </h2>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white text-sm">
            {recent.data.map((j) => (
              <li key={j._id}>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center gap-2 px-3 py-2 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  aria-current={j._id === shown ? 'true' : undefined}
                  onClick={() => setJobId(j._id)}
                >
                  <span className="font-medium">{j.fileName}</span>
                  <Badge tone={STATUS_TONE[j.status]}>{j.status}</Badge>
                  <span className="text-gray-600">
                    {new Date(j.createdAt).toLocaleString('en-IN')} · {j.createdRows} created ·{' '}
                    {j.updatedRows} updated · {errorsLabel(j.errorRows)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
