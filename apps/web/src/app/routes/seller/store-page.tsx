/**
 * Seller Store: the store page's logo, banner and a preview link (docs/seo-and-email.md, "Store pages"), and the
 * pickup and dispatch settings (docs/delivery.md).
 */
import { StoreSettings } from '../../../features/store/store-settings';
import { PickupSettings } from '../../../features/delivery/pickup-settings';
import { ConsolePage } from '../../../features/console/console-page';

export default function SellerStorePage() {
  return (
    <ConsolePage title="Store – Seller" heading="Store">
      <StoreSettings />
      <PickupSettings />
    </ConsolePage>
  );
}
