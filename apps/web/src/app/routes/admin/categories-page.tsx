/** Admin categories: the return policy of each (docs/money.md, "Return window"). */
import { ConsolePage } from '../../../features/console/console-page';
import { ReturnPoliciesForm } from '../../../features/admin/return-policies/return-policies-form';

export default function AdminCategoriesPage() {
  return (
    <ConsolePage title="Categories – Admin" heading="Categories">
      <p className="text-sm text-gray-600">
        Days after delivery a shopper may return a category&apos;s items (empty or 0: not returnable). A
        seller&apos;s net on a line becomes payable when its window has closed. Changes apply to orders placed
        from now on.
      </p>
      <ReturnPoliciesForm />
    </ConsolePage>
  );
}
