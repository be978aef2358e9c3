/** The admin's COD remittance upload: the file goes as multipart `my_file`; each row's outcome is listed. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { api } from '../../../lib/api-client';
import { renderConsole } from '../../console/test-utils';
import { CodRemittances } from '../components/cod-remittances';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');
afterEach(() => vi.restoreAllMocks());

const file = () => new File(['awb,amount,date,reference\n'], 'remit.csv', { type: 'text/csv' });

describe('COD remittances', () => {
  it('when the admin uploads the courier file, then it is sent as my_file and each row shows its outcome', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValueOnce({
      data: {
        success: true,
        message: '1 of 2 rows matched',
        data: [
          { line: 2, awb: 'AWB1', outcome: 'matched', message: 'Matched' },
          { line: 3, awb: 'AWB2', outcome: 'amount_mismatch', message: 'The parcel collects ₹1,249.50' },
        ],
      },
    });
    renderConsole(<CodRemittances />);
    expect(screen.getByRole('button', { name: 'Upload remittances' })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText(/remittance file/), file());
    await userEvent.click(screen.getByRole('button', { name: 'Upload remittances' }));
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('Matched', { selector: 'span' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Amount mismatch')).toBeInTheDocument();
    const [url, body] = post.mock.calls[0]!;
    expect(url).toBe('/api/admin/cod/remittances');
    expect((body as FormData).get('my_file')).toBeInstanceOf(File);
    expect(toast.success).toHaveBeenCalledWith('1 of 2 rows matched');
  });

  it('when the server refuses the file type, then the toast says to choose the .csv file', async () => {
    vi.spyOn(api, 'post').mockRejectedValueOnce(
      new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 415,
        data: {
          success: false,
          code: 'UNSUPPORTED_FILE',
          message: 'Upload the remittance file as a .csv (text/csv)',
        },
        headers: {},
        statusText: '',
        config: { headers: new AxiosHeaders() },
      }),
    );
    renderConsole(<CodRemittances />);
    await userEvent.upload(screen.getByLabelText(/remittance file/), file());
    await userEvent.click(screen.getByRole('button', { name: 'Upload remittances' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Choose the courier’s .csv file (text/csv).'),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
