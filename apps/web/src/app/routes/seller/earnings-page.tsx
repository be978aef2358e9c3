/** Seller Earnings: balance, statement and CSV export (docs/money.md, "Seller earnings"). */
import { SellerEarnings } from '../../../features/earnings/components/seller-earnings';
import { TaxStatement } from '../../../features/tax/seller-tax';
import { SellerCodSetting } from '../../../features/payments/seller-cod-setting';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerEarningsPage() {
  useDocumentTitle('Earnings – Seller');
  return (
    <section aria-labelledby="earnings-heading" className="flex flex-col gap-6">
      <h1 id="earnings-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Earnings
      </h1>
      <SellerCodSetting />
      <SellerEarnings />
      <h2 className="text-lg font-semibold text-gray-900">Tax withheld (TCS and TDS)</h2>
      <TaxStatement />
    </section>
  );
}
