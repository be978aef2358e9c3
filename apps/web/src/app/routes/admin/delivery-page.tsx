/** Admin Delivery (docs/delivery.md): the holidays promised dates skip. */
import { consolePartsPage } from '../../../features/console/console-page';
import { AdminHolidays } from '../../../features/delivery/admin-holidays';

export default consolePartsPage('Delivery – Admin', 'Delivery', [
  { id: 'holidays-heading', title: 'Holidays', content: <AdminHolidays /> },
]);
