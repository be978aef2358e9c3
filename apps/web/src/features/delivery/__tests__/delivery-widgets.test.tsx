/** The delivery widgets (docs/delivery.md, "On the web"): the PIN code check and the seller's pickup settings. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, errorResponse, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { PickupSettings } from '../pickup-settings';
import { PinCheck } from '../pin-check';

const PRODUCT = '9d1c2b3a-4e5f-4a6b-8c7d-000000000042';

describe('PIN code check', () => {
  it('when a served PIN code is checked, then the date, the charge and cash on delivery show', async () => {
    const asked: string[] = [];
    server.use(
      answer('deliveryEstimate', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('pincode')!);
        return {
          success: true,
          data: {
            pincode: '411005',
            sellerId: 's1',
            storeName: 'Ravi Electronics',
            deliverable: true,
            cod: true,
            promisedDate: '2026-12-04',
            promise: 'Get it by Fri, 4 Dec',
            charge: 0,
            zone: 'D',
          },
        };
      }),
    );
    renderConsole(<PinCheck productId={PRODUCT} />);
    await userEvent.type(screen.getByLabelText('PIN code'), '411005');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('promise')).toHaveTextContent('Get it by Fri, 4 Dec');
    expect(screen.getByText('Free delivery')).toBeInTheDocument();
    expect(screen.getByText('Cash on delivery available')).toBeInTheDocument();
    expect(asked).toEqual(['411005']);
  });

  it('when the PIN code is short or unknown to the courier, then it says so (by code) and asks nothing for a short one', async () => {
    const asked: string[] = [];
    server.use(
      answer('deliveryEstimate', () => {
        asked.push('x');
        return errorResponse(400, {
          code: 'INVALID_PINCODE',
          message: '999999 is not a PIN code we deliver to',
        });
      }),
    );
    renderConsole(<PinCheck productId={PRODUCT} />);
    await userEvent.type(screen.getByLabelText('PIN code'), '4110');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Enter a valid 6-digit PIN code.')).toBeInTheDocument();
    expect(asked).toEqual([]);
    await userEvent.clear(screen.getByLabelText('PIN code'));
    await userEvent.type(screen.getByLabelText('PIN code'), '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(asked).toEqual(['x']));
    expect(await screen.findByText('Enter a valid 6-digit PIN code.')).toBeInTheDocument();
  });
});

describe('pickup settings', () => {
  it('when the seller saves its pickup, then the settings are sent; an unknown PIN code shows under its field', async () => {
    const sent: unknown[] = [];
    server.use(
      answer('updateSellerDeliverySettings', async ({ request }) => {
        const body = (await request.json()) as { pickupPincode: string };
        sent.push(body);
        if (body.pickupPincode === '999999') {
          return errorResponse(400, {
            code: 'INVALID_PINCODE',
            message: '999999 is not a PIN code we deliver to',
          });
        }
        return {
          success: true,
          message: 'Pickup settings saved',
          data: { pickupAddress: '4 Nehru Place', pickupPincode: '110002', dispatchDays: 2, cutoff: '13:00' },
        };
      }),
    );
    renderConsole(<PickupSettings />);
    await userEvent.type(await screen.findByLabelText(/Pickup address/), '4 Nehru Place');
    await userEvent.type(screen.getByLabelText(/Pickup PIN code/), '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Save pickup settings' }));
    expect(await screen.findByText('The courier does not know this PIN code')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Pickup PIN code/));
    await userEvent.type(screen.getByLabelText(/Pickup PIN code/), '110002');
    await userEvent.clear(screen.getByLabelText(/Dispatch days/));
    await userEvent.type(screen.getByLabelText(/Dispatch days/), '2');
    await userEvent.clear(screen.getByLabelText(/Daily cut-off/));
    await userEvent.type(screen.getByLabelText(/Daily cut-off/), '13:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save pickup settings' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      pickupAddress: '4 Nehru Place',
      pickupPincode: '110002',
      dispatchDays: 2,
      cutoff: '13:00',
    });
  });
});
