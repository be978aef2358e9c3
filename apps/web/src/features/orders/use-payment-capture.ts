/** The payment-return step (docs/web.md, "Paying"): 5 s after load, capture with paymentId, payerId and the stored
 * order id; on success clear the stored id and answer the order id. PayPal's own `token` stands in for paymentId. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@mp/shared/constants';
import { errorMessage } from '../../lib/api';
import { readJson, STORAGE_KEYS } from '../../lib/storage';
import { useCaptureOrderMutation } from './orders-api';

export type CaptureState =
  | { status: 'waiting' }
  | { status: 'capturing' }
  | { status: 'success'; orderId: string }
  | { status: 'missing' }
  | { status: 'error'; message: string };

export function usePaymentCapture(
  params: URLSearchParams,
  onSuccess: (orderId: string) => void,
  delay: number = LIMITS.captureDelayMs,
) {
  const paymentId = params.get('paymentId') ?? params.get('token') ?? '';
  const payerId = params.get('PayerID') ?? '';
  const [state, setState] = useState<CaptureState>({ status: 'waiting' });
  const [captureOrder] = useCaptureOrderMutation();
  const done = useRef(onSuccess);
  done.current = onSuccess;

  const capture = useCallback(async () => {
    if (!paymentId || !payerId) {
      setState({ status: 'missing' });
      return;
    }
    setState({ status: 'capturing' });
    const storedId = readJson<string>(sessionStorage, STORAGE_KEYS.currentOrderId) ?? undefined;
    try {
      const order = await captureOrder({ paymentId, payerId, orderId: storedId }).unwrap();
      const orderId = order.orderId || storedId;
      if (!orderId) throw new Error('capture failed');
      sessionStorage.removeItem(STORAGE_KEYS.currentOrderId);
      setState({ status: 'success', orderId });
      done.current(orderId);
    } catch (err) {
      setState({ status: 'error', message: errorMessage(err, 'We could not confirm your payment.') });
    }
  }, [paymentId, payerId, captureOrder]);

  useEffect(() => {
    const t = setTimeout(() => void capture(), delay);
    return () => clearTimeout(t);
  }, [capture, delay]);

  return { state, retry: capture };
}
