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

export function OrderStatusForm({ current, onSubmit }: OrderStatusFormProps) {
  const [value, setValue] = useState(isSellerStatus(current) ? current : '');
  const [saving, setSaving] = useState(false);
  const from: OrderStatus = isOrderStatus(current) ? current : 'confirmed';
  const options = sellerStatusChoices(from).map((s) => ({ value: s, label: statusLabel(s) }));
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
