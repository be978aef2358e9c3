/**
 * Own shipping in the seller's order (docs/delivery.md, "Own shipping"): the seller ships its part itself (its
 * carrier and reference optional), and later marks it delivered with the delivery code the shopper was sent. A
 * wrong code says the tries left; five in a row lock it for an hour (told by the answer's `code`).
 */
import { deliverWithCodeInputSchema, shipOrderInputSchema, type ParcelDto } from '@mp/shared';
import { Button, Input } from '../../components/ui';
import { errorCode, errorMessage, toApiError } from '../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useDeliverWithCodeMutation, useShipOrderMutation } from './seller-delivery-api';

export function ShipMyselfForm({ orderId, onDone }: { orderId: string; onDone: (p: ParcelDto) => void }) {
  const [ship] = useShipOrderMutation();
  const form = useZodForm(shipOrderInputSchema, { mode: 'self', carrier: '', trackingRef: '' });
  const submit = form.handleSubmit(async (body) => {
    const result = await ship({ orderId, body: { ...body, mode: 'self' } });
    if (!result.error) {
      toast.success(result.data.message);
      onDone(result.data.data);
    } else if (!showServerErrors(form, result.error)) {
      toast.error(errorMessage(result.error, 'The order could not be marked shipped'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2" aria-label="Ship it myself">
      <Input label="Carrier (optional)" {...fieldProps(form, 'carrier')} />
      <Input label="Tracking reference (optional)" {...fieldProps(form, 'trackingRef')} />
      <Button type="submit" size="sm" variant="secondary" loading={form.formState.isSubmitting}>
        Ship it myself
      </Button>
    </form>
  );
}

export function DeliverWithCodeForm({
  orderId,
  onDone,
}: {
  orderId: string;
  onDone: (p: ParcelDto) => void;
}) {
  const [deliver] = useDeliverWithCodeMutation();
  const form = useZodForm(deliverWithCodeInputSchema, { code: '' });
  const submit = form.handleSubmit(async ({ code }) => {
    const result = await deliver({ orderId, code });
    if (!result.error) {
      toast.success(result.data.message);
      onDone(result.data.data);
      return;
    }
    const known = errorCode(result.error);
    if (known === 'DELIVERY_CODE_WRONG') {
      const left = (toApiError(result.error).details as { triesLeft?: number } | undefined)?.triesLeft;
      form.setError('code', {
        type: 'server',
        message: `That is not the shopper's code${left === undefined ? '' : `: ${left} ${left === 1 ? 'try' : 'tries'} left`}`,
      });
    } else if (known === 'DELIVERY_CODE_LOCKED') {
      form.setError('code', { type: 'server', message: 'Too many wrong codes: try again in an hour' });
    } else if (!showServerErrors(form, result.error)) {
      toast.error(errorMessage(result.error, 'The parcel could not be marked delivered'));
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-label="Delivered with code"
    >
      <Input
        label="Shopper's delivery code"
        inputMode="numeric"
        maxLength={6}
        {...fieldProps(form, 'code')}
      />
      <Button type="submit" size="sm" loading={form.formState.isSubmitting}>
        Mark delivered
      </Button>
    </form>
  );
}
