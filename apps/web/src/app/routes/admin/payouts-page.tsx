/** Admin Payouts: sellers' balances and commission rates, recording a payout, the payout history. */
import {
  PayoutForm,
  PayoutHistory,
  SellerAccounts,
} from '../../../features/earnings/components/admin-payouts';
import { ConsolePage } from '../../../features/console/console-page';

const card = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm';

export default function AdminPayoutsPage() {
  return (
    <ConsolePage title="Payouts – Admin" heading="Payouts">
      <section aria-labelledby="record-heading" className={card}>
        <h2 id="record-heading" className="mb-3 text-lg font-semibold text-gray-900">
          Record a payout
        </h2>
        <PayoutForm />
      </section>
      <section aria-labelledby="sellers-heading" className={card}>
        <h2 id="sellers-heading" className="mb-3 text-lg font-semibold text-gray-900">
          Sellers
        </h2>
        <SellerAccounts />
      </section>
      <section aria-labelledby="history-heading" className={card}>
        <h2 id="history-heading" className="mb-3 text-lg font-semibold text-gray-900">
          Payout history
        </h2>
        <PayoutHistory />
      </section>
    </ConsolePage>
  );
}
