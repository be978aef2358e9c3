import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { usePaymentCapture } from './use-payment-capture';

const ORDER = '4b0f6a3e-9a43-4e9b-8d52-1f7f6f3b7c11';

describe('usePaymentCapture', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.setItem('currentOrderId', JSON.stringify(ORDER));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('when 5 s pass with paymentId and PayerID, then it captures once with the stored order id, clears it and reports success', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { success: true, data: { _id: ORDER } } });
    const onSuccess = vi.fn();
    const params = new URLSearchParams('paymentId=PAY-1&PayerID=PAYER-9');
    const { result } = renderHook(() => usePaymentCapture(params, onSuccess));
    await act(async () => {
      vi.advanceTimersByTime(4999);
    });
    expect(post).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/shop/order/capture', {
      paymentId: 'PAY-1',
      payerId: 'PAYER-9',
      orderId: ORDER,
    });
    expect(onSuccess).toHaveBeenCalledWith(ORDER);
    expect(sessionStorage.getItem('currentOrderId')).toBeNull();
    expect(result.current.state).toEqual({ status: 'success', orderId: ORDER });
  });

  it("when PayPal's token stands in for paymentId, then it is used", async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { success: true, data: { _id: ORDER } } });
    renderHook(() => usePaymentCapture(new URLSearchParams('token=EC-7&PayerID=P'), vi.fn()));
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(post).toHaveBeenCalledWith(
      '/api/shop/order/capture',
      expect.objectContaining({ paymentId: 'EC-7' }),
    );
  });

  it('when PayerID is missing, then nothing is captured and the page says so', async () => {
    const post = vi.spyOn(api, 'post');
    const { result } = renderHook(() => usePaymentCapture(new URLSearchParams('paymentId=PAY-1'), vi.fn()));
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(post).not.toHaveBeenCalled();
    expect(result.current.state.status).toBe('missing');
  });

  it('when the capture fails, then the stored id is kept and Retry captures again', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValueOnce(new Error('down'));
    const onSuccess = vi.fn();
    const { result } = renderHook(() =>
      usePaymentCapture(new URLSearchParams('paymentId=PAY-1&PayerID=P'), onSuccess),
    );
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.state.status).toBe('error');
    expect(sessionStorage.getItem('currentOrderId')).toBe(JSON.stringify(ORDER));
    post.mockResolvedValueOnce({ data: { success: true, data: { _id: ORDER } } });
    await act(async () => {
      await result.current.retry();
    });
    expect(post).toHaveBeenCalledTimes(2);
    expect(onSuccess).toHaveBeenCalledWith(ORDER);
  });
});
