/**
 * The admin's Tax page (docs/tax.md, "Statements and reports"): the TCS export of a month, the register of every
 * document with filters, and the sellers' GST registrations, each correctable, with its history.
 */
import { useState } from 'react';
import { TAX_DOCUMENT_KIND_VALUES } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { Button, Input, Select, Spinner } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { DocumentList } from './document-list';
import { Pager } from './pager';
import {
  DOCUMENT_KIND_LABELS,
  useAdminDocumentsQuery,
  useAdminSellerTaxProfileQuery,
  useAdminTaxProfilesQuery,
  useCorrectTaxProfileMutation,
  type RegisterFilter,
} from './tax-api';
import { ProfileForm } from './tax-profile-form';

const thisMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...TAX_DOCUMENT_KIND_VALUES.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] })),
];

export function TcsExport() {
  const [month, setMonth] = useState(thisMonth());
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Input label="Month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      <a
        className="font-medium text-brand-700 underline"
        href={`${routes.adminTcsReport.path}?month=${encodeURIComponent(month)}`}
        download
      >
        Download TCS by seller GSTIN (CSV)
      </a>
    </div>
  );
}

export function DocumentRegister() {
  const [filter, setFilter] = useState<RegisterFilter>({});
  const [page, setPage] = useState(1);
  const { data, isFetching } = useAdminDocumentsQuery({ ...filter, page, limit: 20 });
  const set = (patch: RegisterFilter) => {
    setFilter({ ...filter, ...patch });
    setPage(1);
  };
  const pages = data?.pagination.pages ?? 1;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          label="Kind"
          options={KIND_OPTIONS}
          value={filter.kind ?? ''}
          onChange={(e) => set({ kind: (e.target.value || undefined) as RegisterFilter['kind'] })}
        />
        <Input
          label="Month issued"
          type="month"
          value={filter.month ?? ''}
          onChange={(e) => set({ month: e.target.value || undefined })}
        />
        <Input
          label="Number"
          value={filter.number ?? ''}
          onChange={(e) => set({ number: e.target.value.trim() || undefined })}
        />
      </div>
      {isFetching && !data ? (
        <Spinner label="Loading…" />
      ) : (
        <DocumentList documents={data?.data ?? []} empty="No document matches." />
      )}
      <Pager page={page} pages={pages} setPage={setPage} />
    </div>
  );
}

function Correction({ sellerId }: { sellerId: string }) {
  const { data } = useAdminSellerTaxProfileQuery(sellerId);
  const [correct] = useCorrectTaxProfileMutation();
  if (!data) return <Spinner label="Loading…" />;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-gray-200 p-3">
      <ProfileForm
        profile={data.data}
        label="Save correction"
        save={(values) => correct({ sellerId, ...values })}
      />
      <h4 className="font-medium text-gray-900">History</h4>
      <ul className="text-xs text-gray-700" aria-label="Tax profile history">
        {data.history.map((h) => (
          <li key={h.at}>
            {formatDate(h.at, true)} · {h.actorRole}: {String(h.before?.legalName ?? '—')} /{' '}
            {String(h.before?.gstin ?? '—')} → {String(h.after.legalName)} / {String(h.after.gstin ?? '—')}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function TaxProfiles() {
  const { data, isLoading } = useAdminTaxProfilesQuery();
  const [open, setOpen] = useState<string | null>(null);
  if (isLoading) return <Spinner label="Loading…" />;
  if (!data?.length) return <p className="text-sm text-gray-600">No seller has a tax profile yet.</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm" aria-label="Tax profiles">
      {data.map((p) => (
        <li key={p.sellerId} className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-gray-900">{p.legalName}</span>
              <span className="block text-xs text-gray-600">
                {p.gstin ?? 'No GSTIN'} · {p.state}
              </span>
            </span>
            <Button variant="secondary" onClick={() => setOpen(open === p.sellerId ? null : p.sellerId)}>
              {open === p.sellerId ? 'Close' : 'Correct'}
            </Button>
          </div>
          {open === p.sellerId && <Correction sellerId={p.sellerId} />}
        </li>
      ))}
    </ul>
  );
}
