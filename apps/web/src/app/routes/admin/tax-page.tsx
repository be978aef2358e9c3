/** Admin Tax: the TCS export, the document register and the sellers' GST registrations (docs/tax.md). */
import { TaxPage, TaxPart } from '../../../features/tax/tax-part';
import { DocumentRegister, TaxProfiles, TcsExport } from '../../../features/tax/admin-tax';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminTaxPage() {
  useDocumentTitle('Tax – Admin');
  return (
    <TaxPage id="admin-tax-heading">
      <TaxPart id="tcs-heading" title="TCS return">
        <TcsExport />
      </TaxPart>
      <TaxPart id="register-heading" title="Document register">
        <DocumentRegister />
      </TaxPart>
      <TaxPart id="profiles-heading" title="Sellers' GST registrations">
        <TaxProfiles />
      </TaxPart>
    </TaxPage>
  );
}
