/** The admin's holidays screen (docs/delivery.md): loading, empty, add (validated, errors by field), remove. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HolidayDto } from '@mp/shared';
import { describe, expect, it } from 'vitest';
import { answer, errorResponse, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { AdminHolidays } from '../admin-holidays';

function holidayServer(initial: HolidayDto[]) {
  let list = [...initial];
  const calls = { put: [] as { day: string; name: string }[], del: [] as string[] };
  server.use(
    answer('deliveryHolidays', () => ({ success: true, data: list })),
    answer('setDeliveryHoliday', async ({ request, params }) => {
      const { name } = (await request.json()) as { name: string };
      const day = String(params.day);
      calls.put.push({ day, name });
      if (day < '2000-01-01') {
        return errorResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          errors: { formErrors: [], fieldErrors: { day: ['Too long ago'] } },
        });
      }
      list = [...list, { day, name }].sort((a, b) => a.day.localeCompare(b.day));
      return { success: true, message: 'Holiday saved', data: list };
    }),
    answer('removeDeliveryHoliday', ({ params }) => {
      calls.del.push(String(params.day));
      list = list.filter((h) => h.day !== params.day);
      return { success: true, message: 'Holiday removed', data: list };
    }),
  );
  return calls;
}

describe('admin holidays', () => {
  it('when there are none, then the empty state shows; an added holiday is listed, and removed again', async () => {
    const calls = holidayServer([]);
    renderConsole(<AdminHolidays />);
    expect(screen.getByText('Loading holidays…')).toBeInTheDocument();
    expect(await screen.findByText('No holidays yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Date/), '2026-12-25');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Christmas');
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    const list = await screen.findByRole('list', { name: 'Holidays' });
    expect(within(list).getByRole('button', { name: 'Remove Christmas' })).toBeInTheDocument();
    expect(within(list).getByText('Fri, 25 Dec, 2026')).toBeInTheDocument();
    expect(calls.put).toEqual([{ day: '2026-12-25', name: 'Christmas' }]);

    await userEvent.click(within(list).getByRole('button', { name: 'Remove Christmas' }));
    expect(await screen.findByText('No holidays yet.')).toBeInTheDocument();
    expect(calls.del).toEqual(['2026-12-25']);
  });

  it('when the form is incomplete, then nothing is sent; a field the server refuses shows under it', async () => {
    const calls = holidayServer([{ day: '2026-11-01', name: 'Diwali' }]);
    renderConsole(<AdminHolidays />);
    expect(await screen.findByRole('button', { name: 'Remove Diwali' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Holi');
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    await waitFor(() => expect(screen.getByLabelText(/^Date/)).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.put).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Date/), '1999-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('Too long ago')).toBeInTheDocument();
    expect(calls.put).toHaveLength(1);
  });

  it('when loading fails, then it offers to try again', async () => {
    server.use(
      answer('deliveryHolidays', () =>
        errorResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'Try again soon' }),
      ),
    );
    renderConsole(<AdminHolidays />);
    expect(await screen.findByText('Holidays could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
