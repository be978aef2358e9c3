/** The seller's Order Status select (the five statuses) and 'Update Order Status'. */
import { useState, type FormEvent } from 'react';
import { SELLER_ORDER_STATUSES, type SellerOrderStatus } from '@mp/shared';
import { Button, Select, statusLabel } from '../../../components/ui';

const OPTIONS = SELLER_ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));
const isSellerStatus = (s: string): s is SellerOrderStatus =>
  (SELLER_ORDER_STATUSES as readonly string[]).includes(s);

export interface OrderStatusFormProps {
  current: string;
  onSubmit: (status: SellerOrderStatus) => Promise<unknown>;
}

export function OrderStatusForm({ current, onSubmit }: OrderStatusFormProps) {
  const [value, setValue] = useState(isSellerStatus(current) ? current : '');
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isSellerStatus(value)) return;
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
        options={OPTIONS}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        wrapperClassName="flex-1"
      />
      <Button type="submit" loading={saving} disabled={!isSellerStatus(value) || value === current}>
        Update Order Status
      </Button>
    </form>
  );
}
