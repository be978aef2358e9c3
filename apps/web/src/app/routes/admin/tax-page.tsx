/** Admin Tax: the TCS export, the document register and the sellers' GST registrations (docs/tax.md). */
import { DocumentRegister, TaxProfiles, TcsExport } from '../../../features/tax/admin-tax';
import { ConsolePage, ConsolePart } from '../../../features/console/console-page';

export default function AdminTaxPage() {
  return (
    <ConsolePage title="Tax – Admin" heading="Tax">
      <ConsolePart id="tcs-heading" title="TCS return">
        <TcsExport />
      </ConsolePart>
      <ConsolePart id="register-heading" title="Document register">
        <DocumentRegister />
      </ConsolePart>
      <ConsolePart id="profiles-heading" title="Sellers' GST registrations">
        <TaxProfiles />
      </ConsolePart>
    </ConsolePage>
  );
}
