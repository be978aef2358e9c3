/** Admin Tax: the TCS export, the document register and the sellers' GST registrations (docs/tax.md). */
import { DocumentRegister, TaxProfiles, TcsExport } from '../../../features/tax/admin-tax';
import { consolePartsPage } from '../../../features/console/console-page';

export default consolePartsPage('Tax – Admin', 'Tax', [
  { id: 'tcs-heading', title: 'TCS return', content: <TcsExport /> },
  { id: 'register-heading', title: 'Document register', content: <DocumentRegister /> },
  { id: 'profiles-heading', title: "Sellers' GST registrations", content: <TaxProfiles /> },
]);
