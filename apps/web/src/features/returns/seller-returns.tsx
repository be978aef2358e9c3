/**
 * The seller's returns queue (docs/returns.md, docs/web.md "Returns"): open requests first with their decision
 * deadline ("decide within 31 h"; silence approves), approve, reject with a reason the shopper reads, and mark the
 * parcel received, which refunds the shopper and reverses the seller's share on its statement.
 */
import { useState } from 'react';
import { ActionForm, FormActions, refusalText, useReturnForm } from './form-actions';
import { Link } from 'react-router-dom';
import { formatINR, sellerReturnActionInputSchema, type ReturnDto } from '@mp/shared';
import { Badge, Button, Checkbox, ConfirmDialog, Textarea, type ButtonVariant } from '../../components/ui';
import { fieldProps } from '../../lib/form';
import { toast } from '../../lib/toast';
import { decisionDeadline, returnedUnits, sellerActions } from './return-display';
import { RETURNS_PAGE, ReturnFacts, ReturnList, StateFilter, useReturnFilters } from './console-returns';
import { useDecideSellerReturnMutation, useSellerReturnsQuery } from './returns-api';

const rejectFormSchema = sellerReturnActionInputSchema.options[1].pick({ reason: true });

function RejectForm({ r, onClose }: { r: ReturnDto; onClose: () => void }) {
  const [decide] = useDecideSellerReturnMutation();
  const { form, submit } = useReturnForm(
    rejectFormSchema,
    { reason: '' },
    ({ reason }) => decide({ returnId: r.id, action: 'reject', reason }),
    {
      done: `Return of ${r.orderNumber} rejected; the shopper sees your reason.`,
      refused: 'Not rejected',
      onClose,
    },
  );
  return (
    <ActionForm label={`Reject return of ${r.orderNumber}`} onSubmit={submit}>
      <Textarea
        label="Reason for rejecting (the shopper reads it)"
        required
        autoFocus
        {...fieldProps(form, 'reason')}
      />
      <FormActions submit="Reject return" danger submitting={form.formState.isSubmitting} onBack={onClose} />
    </ActionForm>
  );
}

function SellerReturnActions({ r }: { r: ReturnDto }) {
  const [decide, { isLoading }] = useDecideSellerReturnMutation();
  const [rejecting, setRejecting] = useState(false);
  const [receiving, setReceiving] = useState(false);
  // units returned for a fault of the item (damaged, defective…) are not put back on sale unless the seller says so
  const [restock, setRestock] = useState(!r.sellerFault);
  const can = sellerActions(r);
  async function act(action: 'approve' | 'received') {
    const res = await decide(
      action === 'received' ? { returnId: r.id, action, restock } : { returnId: r.id, action },
    );
    if (res.error) toast.error(refusalText(res.error, 'Not updated'));
    else if (action === 'approve')
      toast.success(`Return of ${r.orderNumber} approved; the courier will pick it up.`);
    else
      toast.success(
        `Parcel of ${r.orderNumber} received; ${formatINR(r.refundAmount)} is refunded to the shopper.`,
      );
  }
  if (rejecting) return <RejectForm r={r} onClose={() => setRejecting(false)} />;
  const of = `return of ${r.orderNumber}`;
  const buttons: { label: string; name: string; variant: ButtonVariant; run: () => void }[] = [];
  if (can.approve)
    buttons.push({
      label: 'Approve',
      name: `Approve ${of}`,
      variant: 'primary',
      run: () => void act('approve'),
    });
  if (can.reject)
    buttons.push({
      label: 'Reject',
      name: `Reject ${of}`,
      variant: 'outline',
      run: () => setRejecting(true),
    });
  if (can.received) {
    buttons.push({
      label: 'Mark received',
      name: `Mark ${of} received`,
      variant: 'secondary',
      run: () => setReceiving(true),
    });
  }
  if (buttons.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {buttons.map((b) => (
        <Button
          key={b.label}
          variant={b.variant}
          className="min-h-11"
          disabled={isLoading}
          onClick={b.run}
          aria-label={b.name}
        >
          {b.label}
        </Button>
      ))}
      <ConfirmDialog
        open={receiving}
        title="Mark the parcel received?"
        confirmLabel="Mark received"
        onConfirm={() => act('received')}
        onClose={() => setReceiving(false)}
      >
        The shopper is refunded {formatINR(r.refundAmount)} for {r.orderNumber} at once, and your statement
        takes back your share of it.
        <Checkbox
          className="mt-3 min-h-11"
          label={`Put ${returnedUnits(r)} back in stock`}
          checked={restock}
          onChange={setRestock}
        />
      </ConfirmDialog>
    </div>
  );
}

export function SellerReturnsQueue({ orderId }: { orderId?: string }) {
  const { state, page, set } = useReturnFilters();
  const shown = useSellerReturnsQuery(
    { state, page, limit: RETURNS_PAGE, ...(orderId ? { orderId } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <StateFilter value={state} onChange={(s) => set({ state: s })} />
        {orderId && (
          <Link to="/seller/returns" className="min-h-11 py-2 text-sm text-brand-700 underline">
            Returns of one order shown · Show all returns
          </Link>
        )}
      </div>
      <ReturnList
        query={shown}
        page={page}
        setPage={(p) => set({ page: p })}
        empty="When a shopper asks to return a delivered item of yours, it appears here with the time you have to decide."
        row={(r) => {
          const due = decisionDeadline(r);
          return (
            <>
              <ReturnFacts r={r} extra={due && <Badge tone="amber">{due}</Badge>} />
              <SellerReturnActions r={r} />
            </>
          );
        }}
      />
    </div>
  );
}
