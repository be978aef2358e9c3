import type { AddressDto } from '@mp/shared';
import { Badge } from '../../components/ui';

export function AddressText({ a }: { a: AddressDto }) {
  return (
    <div className="text-sm text-gray-700">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone="gray" className="uppercase">
          {a.place}
        </Badge>
        <span className="font-semibold text-gray-900">{a.recipientName}</span>
        <span className="font-semibold text-gray-900">{a.phone}</span>
      </p>
      <p className="mt-1">
        {a.address}
        {a.landmark && `, near ${a.landmark}`}, {a.city}
        {a.state && `, ${a.state}`} – <span className="font-semibold">{a.pincode}</span>
      </p>
      {a.notes && <p className="text-gray-500">{a.notes}</p>}
    </div>
  );
}
