/**
 * The cash-on-delivery code (docs/money.md, "Cash on delivery"): the 6 digits sent by SMS to the delivery phone
 * place the order. A wrong code says how many tries are left (the server's `details.triesLeft`, read by code).
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui';
import { errorCode, errorMessage, toApiError } from '../../lib/api';
import { useConfirmCodMutation } from './cod-api';

export function CodConfirmForm({ orderId, onPlaced }: { orderId: string; onPlaced: () => void }) {
  const [otp, setOtp] = useState('');
  const [confirm, state] = useConfirmCodMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const r = await confirm({ orderId, otp });
    if (!('error' in r)) return onPlaced();
    const code = errorCode(r.error);
    const triesLeft = (toApiError(r.error).details as { triesLeft?: number } | undefined)?.triesLeft;
    setProblem(
      code === 'OTP_INVALID' && triesLeft !== undefined
        ? `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
        : code === 'RATE_LIMITED'
          ? 'Too many wrong codes. Please place the order again to get a new code.'
          : errorMessage(r.error, 'The code could not be checked. Please try again.'),
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <label htmlFor="cod-otp" className="block text-sm font-medium text-gray-900">
        Enter the 6-digit code sent to your phone
      </label>
      <input
        id="cod-otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="\d{6}"
        required
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
        className="w-40 rounded-md border border-gray-300 px-3 py-2 text-center text-lg tracking-widest"
      />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" loading={state.isLoading} disabled={otp.length !== 6 || state.isLoading}>
        Place order
      </Button>
    </form>
  );
}
