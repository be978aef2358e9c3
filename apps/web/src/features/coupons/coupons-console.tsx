/**
 * A console's coupons (docs/money.md, "Coupons"): the admin's every code (the platform's and the sellers'), a
 * seller its own. Create one, see each code's window, uses and the discount given, pause or resume it, edit it.
 */
import { useState } from 'react';
import type { CouponDto } from '@mp/shared/coupons';
import { formatINR } from '@mp/shared/money';
import { Badge, Button, EmptyState, LoadingRegion, Modal, Skeleton, TableHead } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { CouponForm } from './coupon-form';
import { dayText, kindText, STATUS_TEXT, STATUS_TONE, usesText, windowDays } from './coupon-text';
import { useListCouponsQuery, useUpdateCouponMutation, type CouponOwner } from './coupons-api';

const card = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm';
const COLUMNS = ['Code', 'Discount', 'Funded by', 'Runs', 'Uses', 'Discount given', 'State', 'Actions'];

function CouponRow({
  coupon: c,
  owner,
  onEdit,
}: {
  coupon: CouponDto;
  owner: CouponOwner;
  onEdit: (c: CouponDto) => void;
}) {
  const [update, { isLoading }] = useUpdateCouponMutation();
  const days = windowDays(c);
  const toggle = async () => {
    const r = await update({ owner, id: c._id, body: { active: !c.active } });
    if (r.error) toast.error(errorMessage(r.error, 'The coupon could not be changed'));
    else toast.success(`${c.code} ${c.active ? 'paused' : 'resumed'}`);
  };
  return (
    <tr className="align-top" data-testid="coupon-row" data-code={c.code}>
      <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-mono font-semibold text-gray-900">
        {c.code}
        {c.label && <p className="font-sans text-xs font-normal text-gray-600">{c.label}</p>}
      </th>
      <td className="px-3 py-2">
        {kindText(c)}
        {c.minOrderValue > 0 && (
          <p className="text-xs text-gray-600">on {formatINR(c.minOrderValue)} or more</p>
        )}
        {c.firstOrderOnly && <p className="text-xs text-gray-600">first order only</p>}
      </td>
      <td className="px-3 py-2">{c.funder === 'platform' ? 'Platform' : (c.storeName ?? 'Seller')}</td>
      <td className="whitespace-nowrap px-3 py-2">
        {dayText(days.from)} – {dayText(days.to)}
      </td>
      <td className="whitespace-nowrap px-3 py-2">{usesText(c)}</td>
      <td className="whitespace-nowrap px-3 py-2">{formatINR(c.discountGiven)}</td>
      <td className="px-3 py-2">
        <Badge tone={STATUS_TONE[c.status]}>{STATUS_TEXT[c.status]}</Badge>
      </td>
      <td className="whitespace-nowrap px-3 py-2">
        <div className="flex gap-2">
          <Button variant="outline" size="sm" loading={isLoading} onClick={() => void toggle()}>
            {c.active ? 'Pause' : 'Resume'}
            <span className="sr-only"> {c.code}</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onEdit(c)}>
            Edit<span className="sr-only"> {c.code}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

function CouponList({ owner }: { owner: CouponOwner }) {
  const { data, isLoading, isError, refetch } = useListCouponsQuery(owner);
  const [editing, setEditing] = useState<CouponDto | null>(null);
  if (isLoading) {
    return (
      <LoadingRegion label="Loading coupons…" className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </LoadingRegion>
    );
  }
  if (isError) {
    return (
      <EmptyState
        title="Coupons could not be loaded"
        action={
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!data?.length) return <EmptyState title="No coupons yet." description="Create the first one above." />;
  return (
    <>
      <div className="overflow-x-auto" role="region" aria-label="Coupons table" tabIndex={0}>
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <TableHead
            columns={COLUMNS}
            className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600"
            cellClassName="whitespace-nowrap"
          />
          <tbody className="divide-y divide-gray-100">
            {data.map((c) => (
              <CouponRow key={c._id} coupon={c} owner={owner} onEdit={setEditing} />
            ))}
          </tbody>
        </table>
      </div>
      <Modal
        open={editing != null}
        onClose={() => setEditing(null)}
        title={`Edit ${editing?.code ?? ''}`}
        size="lg"
      >
        {editing && <CouponForm owner={owner} coupon={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}

export function CouponsConsole({ owner }: { owner: CouponOwner }) {
  return (
    <>
      <section aria-labelledby="new-coupon" className={card}>
        <h2 id="new-coupon" className="mb-3 text-lg font-semibold text-gray-900">
          Create a coupon
        </h2>
        <CouponForm owner={owner} />
      </section>
      <section aria-labelledby="coupon-list" className={card}>
        <h2 id="coupon-list" className="mb-3 text-lg font-semibold text-gray-900">
          {owner === 'admin' ? 'All coupons' : 'My coupons'}
        </h2>
        <CouponList owner={owner} />
      </section>
    </>
  );
}
