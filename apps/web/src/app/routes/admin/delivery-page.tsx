/** Admin Delivery (docs/delivery.md): the holidays promised dates skip. */
import { ConsolePage, ConsolePart } from '../../../features/console/console-page';
import { AdminHolidays } from '../../../features/delivery/admin-holidays';

export default function AdminDeliveryPage() {
  return (
    <ConsolePage title="Delivery – Admin" heading="Delivery">
      <ConsolePart id="holidays-heading" title="Holidays">
        <AdminHolidays />
      </ConsolePart>
    </ConsolePage>
  );
}
