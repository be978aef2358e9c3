/** Seller Coupons: the seller's own codes on its own products, which it funds (docs/money.md, "Coupons"). */
import { ConsolePage } from '../../../features/console/console-page';
import { CouponsConsole } from '../../../features/coupons/coupons-console';

export default function SellerCouponsPage() {
  return (
    <ConsolePage title="Coupons – Seller" heading="Coupons">
      <CouponsConsole owner="seller" />
    </ConsolePage>
  );
}
