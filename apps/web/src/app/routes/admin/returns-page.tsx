/** Admin "Returns": every return and the disputes to decide (docs/web.md, "Returns"). */
import { ConsolePage } from '../../../features/console/console-page';
import { AdminReturns } from '../../../features/returns/admin-returns';

export default function AdminReturnsPage() {
  return (
    <ConsolePage title="Returns – Admin" heading="Returns">
      <AdminReturns />
    </ConsolePage>
  );
}
