/** My Returns: the shopper's returns with their steps (docs/web.md, "Returns"). */
import { MyReturns } from '../../../../features/returns/my-returns';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export default function ReturnsPage() {
  useDocumentTitle('My returns');
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-bold text-gray-900">My Returns</h1>
      <MyReturns />
    </div>
  );
}
