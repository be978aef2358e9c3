/**
 * The parts both consoles' return lists share (docs/web.md, "Returns"): the state filter (in the URL), the list
 * with its loading and empty states and pages, and one return's facts.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatINR, RETURN_STATES, type ReturnDto, type ReturnState } from '@mp/shared';
import { Badge, EmptyState, LoadingRegion, Select, Skeleton } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { isLoading, remoteOf } from '../console/remote';
import { Pager } from '../tax/pager';
import { payoutStatus, RETURN_STATE_LABELS, returnedUnits } from './return-display';
import { ReturnStateBadge, ReturnSteps } from './return-steps';
import type { ReturnPage } from './returns-api';

export const RETURNS_PAGE = 20;
const STATE_OPTIONS = RETURN_STATES.map((value) => ({ value, label: RETURN_STATE_LABELS[value] }));

/** The list's filters as the URL holds them: `state`, `disputed`, `page`. */
export function useReturnFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state') ?? '';
  const state: ReturnState | '' = (RETURN_STATES as readonly string[]).includes(raw)
    ? (raw as ReturnState)
    : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const disputed = params.get('disputed') === 'true';
  const set = (next: { state?: string; disputed?: boolean; page?: number }) => {
    const p = new URLSearchParams();
    const s = next.state ?? state;
    if (s) p.set('state', s);
    if (next.disputed ?? disputed) p.set('disputed', 'true');
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
  };
  return { state, page, disputed, set };
}

export function StateFilter({ value, onChange }: { value: string; onChange: (state: string) => void }) {
  return (
    <Select
      label="State"
      wrapperClassName="w-56"
      options={STATE_OPTIONS}
      placeholder="All states"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

interface ListQuery {
  data?: ReturnPage;
  isUninitialized: boolean;
  isFetching: boolean;
  isError: boolean;
}

/** The returns of a page, each drawn by `row`; a failed load shows as empty (docs/web.md, "Texts"). */
export function ReturnList({
  query,
  empty,
  page,
  setPage,
  row,
}: {
  query: ListQuery;
  empty: string;
  page: number;
  setPage: (p: number) => void;
  row: (r: ReturnDto) => ReactNode;
}) {
  const list = remoteOf(query, null);
  if (isLoading(list) && !list.data) {
    return (
      <LoadingRegion label="Loading returns…" className="flex flex-col gap-3" repeat={2}>
        <Skeleton className="h-32" />
      </LoadingRegion>
    );
  }
  const returns = list.data?.data ?? [];
  if (returns.length === 0) return <EmptyState title="No returns" description={empty} />;
  return (
    <div className="flex flex-col gap-3" aria-busy={query.isFetching}>
      <ul className="flex flex-col gap-3" aria-label="Returns">
        {returns.map((r) => (
          <li
            key={r.id}
            className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-sm"
            data-testid="return-row"
          >
            {row(r)}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={list.data?.pagination.pages ?? 1} setPage={setPage} />
    </div>
  );
}

/** One return's facts: order, buyer, store, units, reason, refund, steps. */
export function ReturnFacts({ r, extra }: { r: ReturnDto; extra?: ReactNode }) {
  const restocked = r.history.find((e) => e.kind === 'restocked');
  const payout = r.refundPayout ? payoutStatus(r.refundPayout) : undefined;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-gray-900">
          {r.orderNumber} · {r.buyerName}
          <span className="font-normal text-gray-600"> · {r.storeName}</span>
        </p>
        <span className="flex flex-wrap items-center gap-2">
          {extra}
          <ReturnStateBadge r={r} />
        </span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        <dt className="text-gray-600">Items</dt>
        <dd>{returnedUnits(r)}</dd>
        <dt className="text-gray-600">Reason</dt>
        <dd>
          {r.reasonLabel}
          {r.sellerFault && (
            <Badge tone="amber" className="ml-2">
              Seller pays pickup
            </Badge>
          )}
          {r.comment && <span className="block text-gray-600">“{r.comment}”</span>}
        </dd>
        <dt className="text-gray-600">Refund</dt>
        <dd>
          {formatINR(r.refundAmount)}
          {r.refundTo && <span className="text-gray-600"> to {r.refundTo.display}</span>}
          {payout && (
            <span className={payout.failed ? 'block text-red-700' : 'text-gray-600'}> · {payout.text}</span>
          )}
        </dd>
        <dt className="text-gray-600">Asked</dt>
        <dd>{formatDate(r.createdAt, true)}</dd>
        {r.sellerReason && (
          <>
            <dt className="text-gray-600">Seller&apos;s reason</dt>
            <dd>{r.sellerReason}</dd>
          </>
        )}
        {restocked?.note && (
          <>
            <dt className="text-gray-600">Stock</dt>
            <dd>{restocked.note}</dd>
          </>
        )}
        {r.pickupAwb && (
          <>
            <dt className="text-gray-600">Pickup AWB</dt>
            <dd className="font-mono">{r.pickupAwb}</dd>
          </>
        )}
      </dl>
      <ReturnSteps r={r} />
    </>
  );
}
