/**
 * The seller's Order Status select and 'Update Order Status'. It offers only where the lines are and the moves
 * the status machine allows from there (docs/orders-and-stock.md); the server enforces the same rule.
 */
import { useState, type FormEvent } from 'react';
import {
  ORDER_STATUSES,
  SELLER_ORDER_STATUSES,
  sellerStatusChoices,
  sellerStatusMove,
  type OrderStatus,
  type SellerOrderStatus,
} from '@mp/shared';
import { Button, Select, statusLabel } from '../../../components/ui';

const isSellerStatus = (s: string): s is SellerOrderStatus =>
  (SELLER_ORDER_STATUSES as readonly string[]).includes(s);
const isOrderStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

export interface OrderStatusFormProps {
  current: string;
  onSubmit: (status: SellerOrderStatus) => Promise<unknown>;
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

export function OrderStatusForm({ current, onSubmit }: OrderStatusFormProps) {
  const from: OrderStatus = isOrderStatus(current) ? current : 'confirmed';
  const options = statusOptions(from);
  const [value, setValue] = useState<string>(from);
  const [saving, setSaving] = useState(false);
  const canMove = isSellerStatus(value) && sellerStatusMove(from, value) === 'move';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canMove) return;
    setSaving(true);
    try {
      await onSubmit(value);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
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
    </form>
  );
}
