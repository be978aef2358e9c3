/**
 * 'Approval Pending': polls the seller's approval every 5 s (LIMITS.sellerPollMs) and moves on to the dashboard
 * once isapproved is true. A rejected seller stays here and is told so (an admin may still approve later).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@mp/shared';
import { Spinner } from '../../../components/ui';
import { useLazySellerInfoQuery } from '../../../features/auth/auth-api';
import { AlertIcon, ClockIcon } from '../../../features/console/icons';
import { useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function PendingPage() {
  useDocumentTitle('Approval pending – Seller');
  const navigate = useNavigate();
  const email = useAppSelector((s) => s.auth.user?.email);
  const seller = useAppSelector((s) => s.auth.seller);
  const approved = Boolean(seller?.isapproved);
  const rejected = seller?.approvalstatus === 'rejected';

  useEffect(() => {
    if (approved) navigate('/seller/dashboard', { replace: true });
  }, [approved, navigate]);

  // each answer updates the session's seller record (auth slice)
  const [poll] = useLazySellerInfoQuery();
  useEffect(() => {
    if (!email || approved) return;
    const timer = setInterval(() => void poll(email), LIMITS.sellerPollMs);
    return () => clearInterval(timer);
  }, [poll, email, approved]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-gray-200 bg-white px-6 py-12 text-center shadow-sm">
      <span
        className={
          rejected
            ? 'inline-flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-700'
            : 'inline-flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-700'
        }
        aria-hidden
      >
        {rejected ? <AlertIcon className="h-7 w-7" /> : <ClockIcon className="h-7 w-7" />}
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Approval Pending</h1>
      <p className="text-gray-700">Your seller account is currently pending admin approval.</p>
      {rejected && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          Your seller application was rejected by the admin. Contact the marketplace team if you think this is
          a mistake.
        </p>
      )}
      <p className="flex items-center gap-2 text-sm text-gray-500" aria-live="polite">
        <Spinner size="sm" className="text-brand-600" />
        Checking status every 5 seconds...
      </p>
    </div>
  );
}
