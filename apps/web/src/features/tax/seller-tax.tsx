/**
 * The seller's tax page (docs/tax.md, "Statements and reports"): the monthly statement of taxable value, TCS and
 * TDS (with its CSV) and every document the seller issued or received.
 */
import { formatINR } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { useState } from 'react';
import { Spinner } from '../../components/ui';
import { DocumentList } from './document-list';
import { Pager } from './pager';
import { useSellerDocumentsQuery, useSellerTaxStatementQuery } from './tax-api';

const PAGE = 20;

export function TaxStatement() {
  const { data, isLoading } = useSellerTaxStatementQuery();
  if (isLoading) return <Spinner label="Loading…" />;
  if (!data?.length) return <p className="text-sm text-gray-600">No invoices yet.</p>;
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full max-w-2xl text-left text-sm" aria-label="Tax statement">
        <thead>
          <tr className="text-gray-600">
            <th className="py-1">Month</th>
            <th className="py-1 text-right">Taxable value</th>
            <th className="py-1 text-right">TCS (0.5 %)</th>
            <th className="py-1 text-right">TDS (0.1 %)</th>
          </tr>
        </thead>
        <tbody>
          {data.map((m) => (
            <tr key={m.month} className="border-t border-gray-100">
              <td className="py-1">{m.month}</td>
              <td className="py-1 text-right tabular-nums">{formatINR(m.taxable)}</td>
              <td className="py-1 text-right tabular-nums">{formatINR(m.tcs)}</td>
              <td className="py-1 text-right tabular-nums">{formatINR(m.tds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <a
        className="text-sm font-medium text-brand-700 underline"
        href={routes.sellerTaxStatementCsv.path}
        download
      >
        Download the statement (CSV)
      </a>
    </div>
  );
}

export function SellerDocuments() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useSellerDocumentsQuery({ page, limit: PAGE });
  if (isLoading) return <Spinner label="Loading…" />;
  const pages = data?.pagination.pages ?? 1;
  return (
    <div className="flex flex-col gap-2">
      <DocumentList documents={data?.data ?? []} empty="No documents yet." />
      <Pager page={page} pages={pages} setPage={setPage} />
    </div>
  );
}
