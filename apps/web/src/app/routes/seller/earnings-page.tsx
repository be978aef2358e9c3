/** Seller Earnings: balance, statement and CSV export (docs/money.md, "Seller earnings"). */
import { SellerEarnings } from '../../../features/earnings/components/seller-earnings';
import { TaxStatement } from '../../../features/tax/seller-tax';
import { SellerCodSetting } from '../../../features/payments/seller-cod-setting';
import { ConsolePage } from '../../../features/console/console-page';

export default function SellerEarningsPage() {
  return (
    <ConsolePage title="Earnings – Seller" heading="Earnings">
      <SellerCodSetting />
      <SellerEarnings />
      <h2 className="text-lg font-semibold text-gray-900">Tax withheld (TCS and TDS)</h2>
      <TaxStatement />
    </ConsolePage>
  );
}
