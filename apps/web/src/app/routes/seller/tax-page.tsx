/** Seller Tax: the GST profile, the monthly tax statement and the documents (docs/tax.md). */
import { SellerDocuments, TaxStatement } from '../../../features/tax/seller-tax';
import { TaxProfileForm } from '../../../features/tax/tax-profile-form';
import { ConsolePage, ConsolePart } from '../../../features/console/console-page';

export default function SellerTaxPage() {
  return (
    <ConsolePage title="Tax – Seller" heading="Tax">
      <ConsolePart id="tax-profile-heading" title="GST registration">
        <TaxProfileForm />
      </ConsolePart>
      <ConsolePart id="tax-statement-heading" title="Monthly statement">
        <TaxStatement />
      </ConsolePart>
      <ConsolePart id="tax-documents-heading" title="Invoices and credit notes">
        <SellerDocuments />
      </ConsolePart>
    </ConsolePage>
  );
}
