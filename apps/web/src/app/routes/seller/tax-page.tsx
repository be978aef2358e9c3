/** Seller Tax: the GST profile, the monthly tax statement and the documents (docs/tax.md). */
import { SellerDocuments, TaxStatement } from '../../../features/tax/seller-tax';
import { TaxProfileForm } from '../../../features/tax/tax-profile-form';
import { consolePartsPage } from '../../../features/console/console-page';

export default consolePartsPage('Tax – Seller', 'Tax', [
  { id: 'tax-profile-heading', title: 'GST registration', content: <TaxProfileForm /> },
  { id: 'tax-statement-heading', title: 'Monthly statement', content: <TaxStatement /> },
  { id: 'tax-documents-heading', title: 'Invoices and credit notes', content: <SellerDocuments /> },
]);
