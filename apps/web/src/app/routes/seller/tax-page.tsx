/** Seller Tax: the GST profile, the monthly tax statement and the documents (docs/tax.md). */
import type { ReactNode } from 'react';
import { SellerDocuments, TaxStatement } from '../../../features/tax/seller-tax';
import { TaxProfileForm } from '../../../features/tax/tax-profile-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function SellerTaxPage() {
  useDocumentTitle('Tax – Seller');
  return (
    <section aria-labelledby="tax-heading" className="flex flex-col gap-6">
      <h1 id="tax-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Tax
      </h1>
      <Part id="tax-profile-heading" title="GST registration">
        <TaxProfileForm />
      </Part>
      <Part id="tax-statement-heading" title="Monthly statement">
        <TaxStatement />
      </Part>
      <Part id="tax-documents-heading" title="Invoices and credit notes">
        <SellerDocuments />
      </Part>
    </section>
  );
}
