/** Admin Delivery (docs/delivery.md): the holidays promised dates skip. */
import { AdminHolidays } from '../../../features/delivery/admin-holidays';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminDeliveryPage() {
  useDocumentTitle('Delivery – Admin');
  return (
    <section aria-labelledby="admin-delivery-heading" className="flex flex-col gap-6">
      <h1 id="admin-delivery-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Delivery
      </h1>
      <section aria-labelledby="holidays-heading" className="flex flex-col gap-3">
        <h2 id="holidays-heading" className="text-lg font-semibold text-gray-900">
          Holidays
        </h2>
        <AdminHolidays />
      </section>
    </section>
  );
}
