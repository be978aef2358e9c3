/** Admin Tax: the TCS export, the document register and the sellers' GST registrations (docs/tax.md). */
import { TaxPart } from '../../../features/tax/tax-part';
import { DocumentRegister, TaxProfiles, TcsExport } from '../../../features/tax/admin-tax';
import { ConsolePage } from '../../../features/console/console-page';

export default function AdminTaxPage() {
  return (
    <ConsolePage title="Tax – Admin" heading="Tax">
      <TaxPart id="tcs-heading" title="TCS return">
        <TcsExport />
      </TaxPart>
      <TaxPart id="register-heading" title="Document register">
        <DocumentRegister />
      </TaxPart>
      <TaxPart id="profiles-heading" title="Sellers' GST registrations">
        <TaxProfiles />
      </TaxPart>
    </ConsolePage>
  );
}
