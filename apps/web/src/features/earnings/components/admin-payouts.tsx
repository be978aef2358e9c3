/**
 * The admin's Payouts page parts (docs/money.md, "Seller earnings"): sellers with their balance and commission rate
 * (the rate editable), the record-a-payout form with a confirmation, and the payout history filtered by seller.
 * Errors are told by the server's `code`; field errors from the server show on their fields.
 */
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { formatINR, payoutInputSchema, rupeesFromField } from '@mp/shared';
import {
  Button,
  EmptyState,
  Input,
  LoadingRegion,
  Modal,
  Select,
  Skeleton,
  cn,
} from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { toApiError, type ApiError } from '../../../lib/api';
import {
  usePayoutsQuery,
  useRecordPayoutMutation,
  useSellerAccountsQuery,
  useSetCommissionMutation,
  type SellerAccount,
} from '../earnings-api';

const th = 'py-2 pr-3 font-medium';

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <EmptyState
      title="This could not be loaded"
      description={toApiError(error).message}
      action={<Button onClick={retry}>Try again</Button>}
    />
  );
}

function RateModal({ account, onClose }: { account: SellerAccount | null; onClose: () => void }) {
  const [setCommission, { isLoading }] = useSetCommissionMutation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [openFor, setOpenFor] = useState<string | null>(null);
  if (account && openFor !== account.sellerId) {
    setOpenFor(account.sellerId);
    setValue(account.customCommissionPercent === null ? '' : String(account.customCommissionPercent));
    setError(null);
  }

  async function save(percent: number | null) {
    if (!account) return;
    try {
      const res = await setCommission({ sellerId: account.sellerId, percent }).unwrap();
      toast.success(res.message);
      onClose();
    } catch (err) {
      const e = toApiError(err);
      setError(e.errors?.fieldErrors.percent?.[0] ?? e.message);
    }
  }
  function submit(ev: FormEvent) {
    ev.preventDefault();
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) {
      setError('Enter a rate from 0 to 100');
      return;
    }
    void save(n);
  }

  return (
    <Modal
      open={account !== null}
      onClose={onClose}
      title={account ? `Commission rate of ${account.storename}` : 'Commission rate'}
      size="sm"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-gray-600">
          Applies to lines delivered from now on. Leave it to the platform rate to follow
          PLATFORM_COMMISSION_PERCENT.
        </p>
        <Input
          label="Rate (%)"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          autoFocus
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => void save(null)} disabled={isLoading}>
            Use platform rate
          </Button>
          <Button type="submit" loading={isLoading}>
            Save rate
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function SellerAccounts() {
  const { data, error, isLoading, refetch } = useSellerAccountsQuery();
  const [editing, setEditing] = useState<SellerAccount | null>(null);
  if (isLoading) {
    return (
      <LoadingRegion label="Loading sellers…">
        <Skeleton className="h-40" />
      </LoadingRegion>
    );
  }
  if (error || !data) return <LoadError error={error} retry={() => void refetch()} />;
  if (data.length === 0) return <EmptyState title="No sellers yet" />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Sellers with their balance and commission rate</caption>
        <thead className="border-b border-gray-200 text-gray-600">
          <tr>
            <th scope="col" className={th}>
              Store
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Balance
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Earned
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Paid out
            </th>
            <th scope="col" className={th}>
              Commission
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((a) => (
            <tr key={a.sellerId} className="border-b border-gray-100 last:border-0">
              <td className="py-2 pr-3">
                <span className="font-medium text-gray-900">{a.storename}</span>
                <span className="block text-xs text-gray-500">{a.email}</span>
              </td>
              <td className="py-2 pr-3 text-right font-medium tabular-nums">{formatINR(a.balance)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatINR(a.earned)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatINR(a.paidOut)}</td>
              <td className="py-2 pr-3">
                <span className="mr-2">
                  {a.commissionPercent}%{a.customCommissionPercent === null ? ' (platform)' : ''}
                </span>
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => setEditing(a)}
                  aria-label={`Edit the commission rate of ${a.storename}`}
                >
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RateModal account={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

type Fields = 'sellerId' | 'amount' | 'reference';

export function PayoutForm() {
  const { data: accounts = [] } = useSellerAccountsQuery();
  const [recordPayout, { isLoading }] = useRecordPayoutMutation();
  const [form, setForm] = useState({ sellerId: '', amount: '', reference: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const seller = accounts.find((a) => a.sellerId === form.sellerId);

  const set = (k: Fields) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  function review(ev: FormEvent) {
    ev.preventDefault();
    const parsed = payoutInputSchema.safeParse({ ...form, amount: rupeesFromField(form.amount) });
    const next: Partial<Record<Fields, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as Fields;
        next[k] ??= k === 'sellerId' ? 'Choose a seller' : issue.message;
      }
    } else if (seller && parsed.data.amount > seller.balance) {
      next.amount = `At most ${formatINR(seller.balance)} (the balance)`;
    }
    setErrors(next);
    if (Object.keys(next).length === 0) setConfirming(true);
  }

  function showServerError(e: ApiError) {
    const fe = e.errors?.fieldErrors ?? {};
    setErrors({ sellerId: fe.sellerId?.[0], amount: fe.amount?.[0], reference: fe.reference?.[0] });
    switch (e.code) {
      case 'PAYOUT_EXCEEDS_BALANCE':
        setErrors((x) => ({ ...x, amount: e.message }));
        toast.error(e.message);
        return;
      case 'PAYOUT_REFERENCE_USED':
        setErrors((x) => ({ ...x, reference: e.message }));
        toast.error(e.message);
        return;
      case 'NOT_FOUND':
        toast.error('That seller no longer exists');
        return;
      default:
        toast.error(e.message);
    }
  }

  async function pay() {
    const parsed = payoutInputSchema.parse({ ...form, amount: rupeesFromField(form.amount) });
    try {
      const res = await recordPayout(parsed).unwrap();
      toast.success(res.message);
      setForm({ sellerId: form.sellerId, amount: '', reference: '' });
    } catch (err) {
      showServerError(toApiError(err));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <form
      onSubmit={review}
      noValidate
      className="grid gap-4 md:grid-cols-[2fr_1fr_1.5fr_auto] md:items-start"
    >
      <Select
        label="Seller"
        value={form.sellerId}
        onChange={set('sellerId')}
        error={errors.sellerId}
        options={accounts.map((a) => ({
          value: a.sellerId,
          label: `${a.storename} — balance ${formatINR(a.balance)}`,
        }))}
        required
      />
      <Input
        label="Amount (₹)"
        inputMode="decimal"
        value={form.amount}
        onChange={set('amount')}
        error={errors.amount}
        hint={seller ? `Balance ${formatINR(seller.balance)}` : undefined}
        required
      />
      <Input
        label="Transfer reference"
        value={form.reference}
        onChange={set('reference')}
        error={errors.reference}
        hint="e.g. the bank's UTR number"
        required
      />
      <Button type="submit" className="md:mt-6">
        Record payout
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Record this payout?"
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={isLoading}>
              Cancel
            </Button>
            <Button onClick={() => void pay()} loading={isLoading}>
              Record payout
            </Button>
          </>
        }
      >
        <p className="text-sm text-gray-700">
          {formatINR(Number(form.amount) || 0)} to <strong>{seller?.storename}</strong> with reference{' '}
          <strong>{form.reference.trim()}</strong>. Its balance falls to{' '}
          {formatINR(Math.max(0, (seller?.balance ?? 0) - (Number(form.amount) || 0)))}.
        </p>
      </Modal>
    </form>
  );
}

const HISTORY_PAGE = 20;

export function PayoutHistory() {
  const { data: accounts = [] } = useSellerAccountsQuery();
  const [sellerId, setSellerId] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = usePayoutsQuery({
    page,
    limit: HISTORY_PAGE,
    ...(sellerId ? { sellerId } : {}),
  });
  return (
    <div className="flex flex-col gap-3">
      <Select
        label="Show payouts of"
        value={sellerId}
        onChange={(e) => {
          setSellerId(e.target.value);
          setPage(1);
        }}
        placeholder="All sellers"
        options={accounts.map((a) => ({ value: a.sellerId, label: a.storename }))}
        wrapperClassName="max-w-sm"
      />
      {isLoading ? (
        <LoadingRegion label="Loading payouts…">
          <Skeleton className="h-32" />
        </LoadingRegion>
      ) : error || !data ? (
        <LoadError error={error} retry={() => void refetch()} />
      ) : data.data.length === 0 ? (
        <EmptyState title="No payouts yet" description="Payouts you record appear here." />
      ) : (
        <div className="overflow-x-auto">
          <table className={cn('w-full min-w-[32rem] text-left text-sm', isFetching && 'opacity-60')}>
            <caption className="sr-only">Payouts, newest first</caption>
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                <th scope="col" className={th}>
                  Date
                </th>
                <th scope="col" className={th}>
                  Store
                </th>
                <th scope="col" className={th}>
                  Reference
                </th>
                <th scope="col" className={cn(th, 'text-right')}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((p) => (
                <tr key={p.id} className="border-b border-gray-100 last:border-0">
                  <td className="whitespace-nowrap py-2 pr-3 text-gray-600">
                    {formatDate(p.createdAt, true)}
                  </td>
                  <td className="py-2 pr-3 text-gray-900">{p.storename}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{p.reference}</td>
                  <td className="py-2 pr-3 text-right font-medium tabular-nums">{formatINR(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pagination.pages > 1 && (
        <nav aria-label="Payout pages" className="flex items-center justify-between gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span aria-live="polite">
            Page {page} of {data.pagination.pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= data.pagination.pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
