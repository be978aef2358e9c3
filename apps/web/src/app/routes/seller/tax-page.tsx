/** Seller Tax: the GST profile, the monthly tax statement and the documents (docs/tax.md). */
import { TaxPart } from '../../../features/tax/tax-part';
import { SellerDocuments, TaxStatement } from '../../../features/tax/seller-tax';
import { TaxProfileForm } from '../../../features/tax/tax-profile-form';
import { ConsolePage } from '../../../features/console/console-page';

export default function SellerTaxPage() {
  return (
    <ConsolePage title="Tax – Seller" heading="Tax">
      <TaxPart id="tax-profile-heading" title="GST registration">
        <TaxProfileForm />
      </TaxPart>
      <TaxPart id="tax-statement-heading" title="Monthly statement">
        <TaxStatement />
      </TaxPart>
      <TaxPart id="tax-documents-heading" title="Invoices and credit notes">
        <SellerDocuments />
      </TaxPart>
    </ConsolePage>
  );
}
