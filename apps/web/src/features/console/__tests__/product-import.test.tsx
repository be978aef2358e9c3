/** The Import products screen: clear refusals, and a job's progress and rows filterable to the errors. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import type { ImportJobDto, ImportRowResult } from '@mp/shared';
import { api } from '../../../lib/api-client';
import { answer, server } from '../../../testing/msw';
import { ProductImport } from '../product-import';
import { renderConsole } from '../test-utils';

const JOB_ID = '0b5e7d0e-8a63-4c3a-9f0e-000000000001';
const job = (over: Partial<ImportJobDto> = {}): ImportJobDto => ({
  _id: JOB_ID,
  fileName: 'sarees.csv',
  status: 'done',
  totalRows: 3,
  processedRows: 3,
  createdRows: 2,
  updatedRows: 0,
  errorRows: 1,
  failure: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  startedAt: '2026-01-01T10:00:01.000Z',
  finishedAt: '2026-01-01T10:00:02.000Z',
  ...over,
});
const ROWS: ImportRowResult[] = [
  { row: 2, sku: 'A', handle: 'a', outcome: 'created', productId: 'p1' },
  { row: 3, sku: 'B', handle: 'b', outcome: 'error', message: 'Price must be a number' },
  { row: 4, sku: 'C', handle: 'c', outcome: 'created', productId: 'p2' },
];
afterEach(() => vi.restoreAllMocks());

/** The upload goes through axios with progress (mocked here, as the other upload tests do); reads go through MSW. */
function refuseUpload(status: number, body: object) {
  const response = {
    status,
    data: { success: false, ...body },
    headers: {},
    statusText: '',
    config: { headers: new AxiosHeaders() },
  };
  vi.spyOn(api, 'post').mockRejectedValueOnce(
    new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, response),
  );
}

const csv = () => new File(['handle,title\n'], 'sarees.csv', { type: 'text/csv' });

describe('Import products', () => {
  it('when the server refuses the file as too large, then its message is shown as an alert', async () => {
    server.use(answer('sellerImportJobs', { success: true, data: [] }));
    refuseUpload(413, {
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This file has 6000 rows; one file may have 5000 at most. Split it and upload each part.',
    });
    renderConsole(<ProductImport />);
    await userEvent.upload(screen.getByLabelText(/Choose a CSV file/), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Upload and import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('one file may have 5000 at most');
  });

  it('when an upload is queued, then the job shows its progress and its rows, and Errors only keeps the bad row', async () => {
    server.use(
      answer('sellerImportJobs', { success: true, data: [] }),
      answer('sellerImportJob', ({ request }) => {
        const errorsOnly = new URL(request.url).searchParams.get('outcome') === 'error';
        const rows = errorsOnly ? ROWS.filter((r) => r.outcome === 'error') : ROWS;
        return {
          success: true,
          data: { ...job(), rows },
          pagination: { page: 1, limit: 50, total: rows.length, pages: 1 },
        };
      }),
    );
    vi.spyOn(api, 'post').mockResolvedValueOnce({
      data: {
        success: true,
        message: 'Import queued: 3 rows',
        data: job({ status: 'queued', processedRows: 0, createdRows: 0, errorRows: 0, finishedAt: null }),
      },
    });
    renderConsole(<ProductImport />);
    await userEvent.upload(screen.getByLabelText(/Choose a CSV file/), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Upload and import' }));
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(bar.nextElementSibling).toHaveTextContent('3 of 3 rows · 2 created · 0 updated · 1 error');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await userEvent.click(screen.getByRole('radio', { name: 'Errors only' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('table')).toHaveTextContent('Price must be a number');
  });
});
