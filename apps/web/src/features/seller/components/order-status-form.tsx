/**
 * The seller's Order Status select and 'Update Order Status'. It offers only where the lines are and the moves
 * the status machine allows from there (docs/orders-and-stock.md); the server enforces the same rule. Rejecting
 * asks for a reason the shopper will see, then for confirmation (docs/order-views.md).
 */
import { useState } from 'react';
import {
  ORDER_STATUSES,
  REJECTION_REASON_MAX,
  SELLER_ORDER_STATUSES,
  sellerOrderStatusInputSchema,
  sellerStatusChoices,
  sellerStatusMove,
  type OrderStatus,
  type SellerOrderStatus,
} from '@mp/shared';
import { Button, ConfirmDialog, Select, statusLabel, Textarea } from '../../../components/ui';
import { fieldProps, useZodForm } from '../../../lib/form';

const isSellerStatus = (s: string): s is SellerOrderStatus =>
  (SELLER_ORDER_STATUSES as readonly string[]).includes(s);
const isOrderStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

export interface OrderStatusFormProps {
  current: string;
  /** the current status in the viewer's words when they differ from the status's ("Cancelled by the buyer") */
  currentLabel?: string;
  /** `reason` only when rejecting */
  onSubmit: (status: SellerOrderStatus, reason?: string) => Promise<unknown>;
}

/**
 * The select's options for lines now in `from`: the allowed moves, with the current status itself shown under its
 * own name. A paid order's lines start "Confirmed" (the summary's word): that option stands where the seller
 * form's "not started" (`pending`, the same rank) would be, so the select opens on the status the summary shows.
 */
export function statusOptions(from: OrderStatus): { value: string; label: string }[] {
  return sellerStatusChoices(from).map((s) =>
    s === 'pending' && from === 'confirmed'
      ? { value: 'confirmed', label: statusLabel('confirmed') }
      : { value: s, label: statusLabel(s) },
  );
}

export function OrderStatusForm({ current, currentLabel, onSubmit }: OrderStatusFormProps) {
  const from: OrderStatus = isOrderStatus(current) ? current : 'confirmed';
  const options = statusOptions(from).map((o) =>
    currentLabel && o.value === from ? { ...o, label: currentLabel } : o,
  );
  // the reason is checked by the server's own rule (packages/shared) before asking for confirmation; it leaves the
  // form's values when its field goes (another status chosen)
  const form = useZodForm(
    sellerOrderStatusInputSchema,
    { orderStatus: from as SellerOrderStatus, reason: '' },
    { shouldUnregister: true },
  );
  const value = String(form.watch('orderStatus'));
  const reason = String(form.watch('reason') ?? '');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const canMove = isSellerStatus(value) && sellerStatusMove(from, value) === 'move';
  const rejecting = canMove && value === 'rejected';

  async function save(status: SellerOrderStatus, why?: string) {
    setSaving(true);
    try {
      await onSubmit(status, why);
    } finally {
      setSaving(false);
    }
  }

  const submit = form.handleSubmit(async ({ orderStatus }) => {
    if (!canMove) return;
    if (orderStatus === 'rejected') setConfirming(true);
    else await save(orderStatus);
  });

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label="Order Status"
          options={options}
          {...form.register('orderStatus')}
          wrapperClassName="flex-1"
        />
        <Button type="submit" loading={saving} disabled={!canMove}>
          Update Order Status
        </Button>
      </div>
      {rejecting && (
        <Textarea
          label="Reason for rejecting (the shopper sees it)"
          required
          maxLength={REJECTION_REASON_MAX}
          {...fieldProps(form, 'reason')}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Reject this order?"
        confirmLabel="Reject order"
        onConfirm={() => save('rejected', reason.trim())}
        onClose={() => setConfirming(false)}
      >
        <p>
          Your items in this order are cancelled and the shopper is refunded for them. This cannot be undone.
        </p>
        <p className="mt-2">
          The shopper will see your reason:{' '}
          <span className="font-medium text-gray-900">“{reason.trim()}”</span>
        </p>
      </ConfirmDialog>
    </form>
  );
}
