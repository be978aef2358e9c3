/** The admin's return policy per category: what is sent, and the field's message for a bad figure. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { returnPolicies, returnPolicyLabel } from '@mp/shared';
import { answer, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { ReturnPoliciesForm } from '../return-policies/return-policies-form';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

describe('Return policies', () => {
  it('when the admin empties a window and saves, then null (not returnable) is sent and the row says so', async () => {
    const sent: unknown[] = [];
    server.use(
      answer('returnPolicies', { success: true, data: returnPolicies(new Map()) }),
      answer('adminSetReturnPolicy', async ({ request, params }) => {
        const body = (await request.json()) as { windowDays: number | null };
        sent.push({ category: params.category, ...body });
        return {
          success: true as const,
          message: 'saved',
          data: {
            category: 'mobile' as const,
            label: 'Mobile',
            windowDays: body.windowDays,
            policy: returnPolicyLabel(body.windowDays),
          },
        };
      }),
    );
    renderConsole(<ReturnPoliciesForm />);
    const form = await screen.findByRole('form', { name: 'Mobile' });
    expect(screen.getByTestId('policy-mobile')).toHaveTextContent('7-day return');
    await userEvent.clear(within(form).getByLabelText(/Return window of Mobile/));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not returnable')).toBeInTheDocument();
    expect(sent).toEqual([{ category: 'mobile', windowDays: null }]);
  });

  it('when the window is not whole days from 0 to 90, then the field says so and nothing is sent', async () => {
    const sent = vi.fn();
    server.use(
      answer('returnPolicies', { success: true, data: returnPolicies(new Map()) }),
      answer('adminSetReturnPolicy', () => {
        sent();
        return new Response(null, { status: 500 });
      }),
    );
    renderConsole(<ReturnPoliciesForm />);
    const form = await screen.findByRole('form', { name: 'Men' });
    const field = within(form).getByLabelText(/Return window of Men/);
    await userEvent.clear(field);
    await userEvent.type(field, 'seven');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/whole days from 0 to 90/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '120');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/at most 90/)).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });
});
