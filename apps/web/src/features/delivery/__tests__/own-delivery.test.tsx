/**
 * Own shipping on the web (docs/delivery.md, "Own shipping"): the seller ships its part itself and marks it
 * delivered with the shopper's code (a wrong one says the tries left, by the answer's code); the shopper sees the
 * code on its order's parcel.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelDto } from '@mp/shared';
import { describe, expect, it } from 'vitest';
import { answer, errorResponse, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { ParcelTimeline } from '../parcel-timeline';
import { ShipPanel } from '../ship-panel';

const ORDER = '9d1c2b3a-4e5f-4a6b-8c7d-000000000077';

const parcel = (over: Partial<ParcelDto> = {}): ParcelDto => ({
  sellerId: 's1',
  storeName: 'Ravi Electronics',
  shipment: 'created',
  awb: null,
  courierName: 'Own van',
  pickupDate: null,
  state: 'shipped',
  stateLabel: 'Shipped',
  promisedDate: '2026-12-04',
  shippingCharge: 0,
  late: false,
  events: [],
  mode: 'self',
  trackingRef: 'VAN-7',
  deliveryCode: null,
  ...over,
});

describe('own shipping', () => {
  it('when the seller ships it itself and enters a wrong then the right code, then it is told the tries left, then delivered', async () => {
    const sent: unknown[] = [];
    const codes: string[] = [];
    server.use(
      answer('shipOrder', async ({ request }) => {
        sent.push(await request.json());
        return { success: true, message: 'Shipped: the shopper has the delivery code', data: parcel() };
      }),
      answer('deliverWithCode', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        codes.push(code);
        if (code !== '482913') {
          return errorResponse(422, {
            code: 'DELIVERY_CODE_WRONG',
            message: 'wrong',
            details: { triesLeft: 4 },
          });
        }
        return {
          success: true,
          message: 'Delivered',
          data: parcel({ state: 'delivered', stateLabel: 'Delivered' }),
        };
      }),
    );
    renderConsole(<ShipPanel orderId={ORDER} />);
    await userEvent.click(screen.getByRole('button', { name: 'I deliver it myself' }));
    await userEvent.type(screen.getByLabelText('Carrier (optional)'), 'Own van');
    await userEvent.click(screen.getByRole('button', { name: 'Ship it myself' }));
    expect(await screen.findByTestId('parcel-status')).toHaveTextContent('Shipped');
    expect(sent).toEqual([{ mode: 'self', carrier: 'Own van', trackingRef: '' }]);

    const codeField = screen.getByLabelText("Shopper's delivery code");
    await userEvent.type(codeField, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('The delivery code is 6 digits')).toBeInTheDocument();
    expect(codes).toEqual([]);
    await userEvent.clear(codeField);
    await userEvent.type(codeField, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText("That is not the shopper's code: 4 tries left")).toBeInTheDocument();
    await userEvent.clear(codeField);
    await userEvent.type(codeField, '482913');
    await userEvent.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByTestId('parcel-status')).toHaveTextContent('Delivered');
    expect(codes).toEqual(['111111', '482913']);
  });

  it('when the shopper opens an order its seller brings itself, then the delivery code shows', async () => {
    server.use(
      answer('orderTracking', {
        success: true,
        data: { orderId: ORDER, parcels: [parcel({ deliveryCode: '482913' })] },
      }),
    );
    renderConsole(<ParcelTimeline orderId={ORDER} />);
    expect(await screen.findByTestId('delivery-code')).toHaveTextContent('482913');
    expect(screen.getByText(/Delivered by the seller \(ref\. VAN-7\)/)).toBeInTheDocument();
  });
});
