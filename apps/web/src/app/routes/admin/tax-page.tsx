/** Admin Tax: the TCS export, the document register and the sellers' GST registrations (docs/tax.md). */
import { TaxPart } from '../../../features/tax/tax-part';
import { DocumentRegister, TaxProfiles, TcsExport } from '../../../features/tax/admin-tax';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminTaxPage() {
  useDocumentTitle('Tax – Admin');
  return (
    <section aria-labelledby="admin-tax-heading" className="flex flex-col gap-6">
      <h1 id="admin-tax-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Tax
      </h1>
      <TaxPart id="tcs-heading" title="TCS return">
        <TcsExport />
      </TaxPart>
      <TaxPart id="register-heading" title="Document register">
        <DocumentRegister />
      </TaxPart>
      <TaxPart id="profiles-heading" title="Sellers' GST registrations">
        <TaxProfiles />
      </TaxPart>
    </section>
  );
}
