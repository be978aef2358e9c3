import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '@mp/shared';
import { makeStore } from '../../app/store';
import { answer, errorResponse, server } from '../../testing/msw';
import { usePaymentCapture } from './use-payment-capture';

const ORDER = '4b0f6a3e-9a43-4e9b-8d52-1f7f6f3b7c11';
const order = { _id: ORDER, orderId: ORDER } as OrderDto;

function wrapper({ children }: { children: ReactNode }) {
  return <Provider store={makeStore()}>{children}</Provider>;
}

/** Answers the capture with `replies` in turn (the last one repeats) and records the bodies sent. */
function serveCapture(...replies: ('ok' | 'fail')[]) {
  const bodies: unknown[] = [];
  server.use(
    answer('captureOrder', async ({ request }) => {
      bodies.push(await request.json());
      const reply = replies[Math.min(bodies.length, replies.length) - 1];
      return reply === 'ok'
        ? { success: true, message: 'Paid', data: order }
        : errorResponse(502, { code: 'PAYMENT_PROVIDER_ERROR', message: 'PayPal did not answer' });
    }),
  );
  return bodies;
}

describe('usePaymentCapture', () => {
  beforeEach(() => {
    // fake timers that still follow the clock, so the request itself can complete
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('currentOrderId', JSON.stringify(ORDER));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('when 5 s pass with paymentId and PayerID, then it captures once with the stored order id, clears it and reports success', async () => {
    const bodies = serveCapture('ok');
    const onSuccess = vi.fn();
    const params = new URLSearchParams('paymentId=PAY-1&PayerID=PAYER-9');
    const { result } = renderHook(() => usePaymentCapture(params, onSuccess), { wrapper });
    await act(async () => {
      vi.advanceTimersByTime(4900);
    });
    expect(bodies).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(ORDER));
    expect(bodies).toEqual([{ paymentId: 'PAY-1', payerId: 'PAYER-9', orderId: ORDER }]);
    expect(sessionStorage.getItem('currentOrderId')).toBeNull();
    expect(result.current.state).toEqual({ status: 'success', orderId: ORDER });
  });

  it("when PayPal's token stands in for paymentId, then it is used", async () => {
    const bodies = serveCapture('ok');
    renderHook(() => usePaymentCapture(new URLSearchParams('token=EC-7&PayerID=P'), vi.fn()), { wrapper });
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(bodies).toEqual([expect.objectContaining({ paymentId: 'EC-7' })]));
  });

  it('when PayerID is missing, then nothing is captured and the page says so', async () => {
    const bodies = serveCapture('ok');
    const { result } = renderHook(() => usePaymentCapture(new URLSearchParams('paymentId=PAY-1'), vi.fn()), {
      wrapper,
    });
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(bodies).toHaveLength(0);
    expect(result.current.state.status).toBe('missing');
  });

  it('when the capture fails, then the stored id is kept, the server message shows and Retry captures again', async () => {
    const bodies = serveCapture('fail', 'ok');
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () => usePaymentCapture(new URLSearchParams('paymentId=PAY-1&PayerID=P'), onSuccess),
      { wrapper },
    );
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    expect(result.current.state).toEqual({ status: 'error', message: 'PayPal did not answer' });
    expect(sessionStorage.getItem('currentOrderId')).toBe(JSON.stringify(ORDER));
    await act(async () => {
      await result.current.retry();
    });
    expect(bodies).toHaveLength(2);
    expect(onSuccess).toHaveBeenCalledWith(ORDER);
  });
});
