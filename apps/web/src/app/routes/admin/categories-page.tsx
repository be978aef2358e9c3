/** Admin categories: the return policy of each (docs/money.md, "Return window"). */
import { ReturnPoliciesForm } from '../../../features/admin/return-policies/return-policies-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminCategoriesPage() {
  useDocumentTitle('Categories – Admin');
  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-4">
      <h1 id="categories-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Categories
      </h1>
      <p className="text-sm text-gray-600">
        Days after delivery a shopper may return a category&apos;s items (empty or 0: not returnable). A
        seller&apos;s net on a line becomes payable when its window has closed. Changes apply to orders placed
        from now on.
      </p>
      <ReturnPoliciesForm />
    </section>
  );
}
