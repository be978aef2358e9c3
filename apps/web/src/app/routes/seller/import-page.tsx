/** Seller bulk upload: the "Import products" screen (docs/catalogue-import.md). */
import { ProductImport } from '../../../features/console/product-import';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerImportPage() {
  useDocumentTitle('Import products – Seller');
  return <ProductImport />;
}
