/**
 * The seller's Order Status select and 'Update Order Status'. It offers only where the lines are and the moves
 * the status machine allows from there (docs/orders-and-stock.md); the server enforces the same rule. Rejecting
 * asks for a reason the shopper will see, then for confirmation (docs/order-views.md).
 */
import { useState, type FormEvent } from 'react';
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
  const [value, setValue] = useState<string>(from);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canMove || !isSellerStatus(value)) return;
    if (!rejecting) return save(value);
    // the server's own rule for the reason (packages/shared), checked before asking for confirmation
    const parsed = sellerOrderStatusInputSchema.safeParse({ orderStatus: 'rejected', reason });
    setReasonError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) setConfirming(true);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label="Order Status"
          name="orderStatus"
          options={options}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          wrapperClassName="flex-1"
        />
        <Button type="submit" loading={saving} disabled={!canMove}>
          Update Order Status
        </Button>
      </div>
      {rejecting && (
        <Textarea
          label="Reason for rejecting (the shopper sees it)"
          name="reason"
          required
          maxLength={REJECTION_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={reasonError}
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
