/**
 * The admin's Payouts page parts (docs/money.md, "Seller earnings"): sellers with their balance (payable, and in
 * return windows; negative: owed to the platform) and commission rate
 * (the rate editable), the record-a-payout form with a confirmation, and the payout history filtered by seller.
 * Errors are told by the server's `code`; field errors from the server show on their fields.
 */
import { useState } from 'react';
import { z } from 'zod';
import { toast } from '../../../lib/toast';
import { commissionInputSchema, formatINR, payoutInputSchema, type PayoutInput } from '@mp/shared';
import {
  Button,
  DataTable,
  EmptyState,
  Input,
  LoadFailed,
  LoadingRegion,
  Modal,
  Select,
  Skeleton,
  cn,
} from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { toApiError } from '../../../lib/api';
import { fieldProps, numberText, showServerErrors, useZodForm } from '../../../lib/form';
import {
  usePayoutsQuery,
  useRecordPayoutMutation,
  useSellerAccountsQuery,
  useSetCommissionMutation,
  type SellerAccount,
} from '../earnings-api';

const RATE = 'Enter a rate from 0 to 100';
/** The rate as typed; the shared rule (two decimals at most) after the form's own words for a wrong figure. */
const rateFormSchema = z.object({
  percent: numberText(
    z
      .number({ message: RATE })
      .min(0, RATE)
      .max(100, RATE)
      .pipe(commissionInputSchema.shape.percent.unwrap()),
    RATE,
  ),
});

/** What the seller was charged besides the deductions: return shipping (its fault) and the delivery its codes waived. */
function Charges({ a }: { a: SellerAccount }) {
  const charges = [
    ['Return shipping', a.returnShipping ?? 0],
    ['Free delivery given', a.deliveryWaived ?? 0],
  ] as const;
  const shown = charges.filter(([, v]) => v > 0);
  if (shown.length === 0) return <span aria-label="No charges">—</span>;
  return (
    <>
      {shown.map(([label, v]) => (
        <span key={label} className="block">
          {label} {formatINR(v)}
        </span>
      ))}
    </>
  );
}

function RateModal({ account, onClose }: { account: SellerAccount | null; onClose: () => void }) {
  const [setCommission, { isLoading }] = useSetCommissionMutation();
  const form = useZodForm(rateFormSchema, { percent: '' });
  const [openFor, setOpenFor] = useState<string | null>(null);
  if (account && openFor !== account.sellerId) {
    setOpenFor(account.sellerId);
    const rate = account.customCommissionPercent;
    form.reset({ percent: rate === null ? '' : String(rate) });
  }

  async function save(percent: number | null) {
    if (!account) return;
    try {
      const res = await setCommission({ sellerId: account.sellerId, percent }).unwrap();
      toast.success(res.message);
      onClose();
    } catch (err) {
      if (!showServerErrors(form, err)) form.setError('percent', { message: toApiError(err).message });
    }
  }
  const submit = form.handleSubmit(({ percent }) => save(percent));

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
        <Input label="Rate (%)" inputMode="decimal" {...fieldProps(form, 'percent')} autoFocus />
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
  if (error || !data)
    return <LoadFailed title="This could not be loaded" error={error} onRetry={() => void refetch()} />;
  if (data.length === 0) return <EmptyState title="No sellers yet" />;
  const money = (value: (a: SellerAccount) => number) => ({
    headClassName: 'text-right',
    className: 'text-right tabular-nums',
    cell: (a: SellerAccount) => formatINR(value(a)),
  });
  return (
    <>
      <DataTable
        rows={data}
        rowKey={(a) => a.sellerId}
        caption="Sellers with their balance and commission rate"
        tableClassName="min-w-[40rem]"
        look="ledger"
        columns={[
          {
            header: 'Store',
            cell: (a) => (
              <>
                <span className="font-medium text-gray-900">{a.storename}</span>
                <span className="block text-xs text-gray-500">{a.email}</span>
              </>
            ),
          },
          {
            header: 'Balance',
            headClassName: 'text-right',
            className: (a) => cn('text-right font-medium tabular-nums', a.balance < 0 && 'text-red-700'),
            cell: (a) => (
              <>
                {formatINR(a.balance)}
                {a.balance < 0 && <span className="block text-xs font-normal">owed to the platform</span>}
              </>
            ),
          },
          { header: 'Payable', ...money((a) => a.payable) },
          { header: 'In return window', ...money((a) => a.inReturnWindow) },
          { header: 'Earned', ...money((a) => a.earned) },
          { header: 'Paid out', ...money((a) => a.paidOut) },
          {
            header: 'Charges',
            headClassName: 'text-right',
            className: 'text-right text-xs tabular-nums text-gray-700',
            cell: (a) => <Charges a={a} />,
          },
          {
            header: 'Commission',
            cell: (a) => (
              <>
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
              </>
            ),
          },
        ]}
      />
      <RateModal account={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** The payout as typed: the shared rules, the amount read from rupees and a seller to choose first. */
const payoutFormSchema = payoutInputSchema.extend({
  sellerId: z.string().min(1, 'Choose a seller').pipe(payoutInputSchema.shape.sellerId),
  amount: numberText(payoutInputSchema.shape.amount),
});
const noPayout = (sellerId = '') => ({ sellerId, amount: '', reference: '' });

export function PayoutForm() {
  const { data: accounts = [] } = useSellerAccountsQuery();
  const [recordPayout, { isLoading }] = useRecordPayoutMutation();
  const form = useZodForm(payoutFormSchema, noPayout());
  const [confirming, setConfirming] = useState<PayoutInput | null>(null);
  const seller = accounts.find((a) => a.sellerId === form.watch('sellerId'));

  const review = form.handleSubmit((payout) => {
    if (seller && payout.amount > seller.payable)
      form.setError('amount', {
        message:
          seller.payable > 0
            ? `At most ${formatINR(seller.payable)} (payable now)`
            : 'Nothing is payable to this seller now',
      });
    else setConfirming(payout);
  });

  function showServerError(err: unknown) {
    showServerErrors(form, err);
    const e = toApiError(err);
    switch (e.code) {
      case 'PAYOUT_EXCEEDS_BALANCE':
        form.setError('amount', { message: e.message });
        toast.error(e.message);
        return;
      case 'PAYOUT_REFERENCE_USED':
        form.setError('reference', { message: e.message });
        toast.error(e.message);
        return;
      case 'NOT_FOUND':
        toast.error('That seller no longer exists');
        return;
      default:
        toast.error(e.message);
    }
  }

  async function pay(payout: PayoutInput) {
    try {
      const res = await recordPayout(payout).unwrap();
      toast.success(res.message);
      form.reset(noPayout(payout.sellerId));
    } catch (err) {
      showServerError(err);
    } finally {
      setConfirming(null);
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
        {...fieldProps(form, 'sellerId')}
        options={accounts.map((a) => ({
          value: a.sellerId,
          label: `${a.storename} — payable ${formatINR(a.payable)}`,
        }))}
        required
      />
      <Input
        label="Amount (₹)"
        inputMode="decimal"
        {...fieldProps(form, 'amount')}
        hint={
          seller
            ? `Payable now ${formatINR(seller.payable)} (balance ${formatINR(seller.balance)}, ${formatINR(seller.inReturnWindow)} in return windows)`
            : undefined
        }
        required
      />
      <Input
        label="Transfer reference"
        {...fieldProps(form, 'reference')}
        hint="e.g. the bank's UTR number"
        required
      />
      <Button type="submit" className="md:mt-6">
        Record payout
      </Button>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Record this payout?"
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={isLoading}>
              Cancel
            </Button>
            <Button onClick={() => confirming && void pay(confirming)} loading={isLoading}>
              Record payout
            </Button>
          </>
        }
      >
        <p className="text-sm text-gray-700">
          {formatINR(confirming?.amount ?? 0)} to <strong>{seller?.storename}</strong> with reference{' '}
          <strong>{confirming?.reference}</strong>. Its balance falls to{' '}
          {formatINR((seller?.balance ?? 0) - (confirming?.amount ?? 0))}.
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
        <LoadFailed title="This could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : data.data.length === 0 ? (
        <EmptyState title="No payouts yet" description="Payouts you record appear here." />
      ) : (
        <DataTable
          rows={data.data}
          rowKey={(p) => p.id}
          caption="Payouts, newest first"
          tableClassName={cn('min-w-[32rem]', isFetching && 'opacity-60')}
          look="ledger"
          columns={[
            {
              header: 'Date',
              className: 'whitespace-nowrap text-gray-600',
              cell: (p) => formatDate(p.createdAt, true),
            },
            { header: 'Store', className: 'text-gray-900', cell: (p) => p.storename },
            { header: 'Reference', className: 'font-mono text-xs', cell: (p) => p.reference },
            {
              header: 'Amount',
              headClassName: 'text-right',
              className: 'text-right font-medium tabular-nums',
              cell: (p) => formatINR(p.amount),
            },
          ]}
        />
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
