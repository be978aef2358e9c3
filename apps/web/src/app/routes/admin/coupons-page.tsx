/** Admin Coupons: the platform's codes and every seller's, their uses and the discount given (docs/money.md). */
import { ConsolePage } from '../../../features/console/console-page';
import { CouponsConsole } from '../../../features/coupons/coupons-console';

export default function AdminCouponsPage() {
  return (
    <ConsolePage title="Coupons – Admin" heading="Coupons">
      <CouponsConsole owner="admin" />
    </ConsolePage>
  );
}
