/** Tax documents with their PDF links (docs/tax.md, "Documents"): shown to the shopper, the seller and the admin. */
import { formatINR } from '@mp/shared';
import { formatDate } from '../../lib/format';
import { DOCUMENT_KIND_LABELS, useOrderDocumentsQuery, type TaxDocument } from './tax-api';

export function DocumentList({ documents, empty }: { documents: TaxDocument[]; empty: string }) {
  if (documents.length === 0) return <p className="text-sm text-gray-600">{empty}</p>;
  return (
    <ul
      className="divide-y divide-gray-100 rounded-md border border-gray-200 text-sm"
      aria-label="Tax documents"
    >
      {documents.map((d) => (
        <li key={d._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-gray-900">
              {DOCUMENT_KIND_LABELS[d.kind]} {d.number}
            </span>
            <span className="block text-xs text-gray-600">
              {formatDate(d.issuedAt)}
              {d.period ? ` · ${d.period}` : ''} · {d.storename}
            </span>
          </span>
          <span className="font-semibold tabular-nums text-gray-900">{formatINR(d.total)}</span>
          <a className="font-medium text-brand-700 underline" href={d.url} download>
            PDF
            <span className="sr-only">
              {' '}
              of {DOCUMENT_KIND_LABELS[d.kind].toLowerCase()} {d.number}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** An order's invoices and credit notes (the shopper's order details). */
export function OrderDocuments({ orderId }: { orderId: string }) {
  const { data } = useOrderDocumentsQuery(orderId);
  return <DocumentList documents={data ?? []} empty="The tax invoice is issued when your order ships." />;
}
