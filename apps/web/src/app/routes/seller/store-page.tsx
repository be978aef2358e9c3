/**
 * Seller Store: the store page's logo, banner and a preview link (docs/seo-and-email.md, "Store pages"), and the
 * pickup and dispatch settings (docs/delivery.md).
 */
import { StoreSettings } from '../../../features/store/store-settings';
import { PickupSettings } from '../../../features/delivery/pickup-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerStorePage() {
  useDocumentTitle('Store – Seller');
  return (
    <section aria-labelledby="store-heading" className="flex flex-col gap-6">
      <h1 id="store-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Store
      </h1>
      <StoreSettings />
      <PickupSettings />
    </section>
  );
}
