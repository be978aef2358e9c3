/**
 * The shopper's return request (docs/returns.md, docs/web.md "Returns"): how many units of each returnable line (a
 * stepper up to what may still be returned), the reason from the shared list, a comment, and for a cash-on-delivery
 * order where the refund goes (a UPI id or a bank account, checked by the shared rules). One request; the server
 * makes a return per seller.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  refundToInputSchema,
  returnRequestInputSchema,
  type OrderDto,
} from '@mp/shared';
import { Select, Textarea } from '../../components/ui';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { lineReturnOffer } from './return-display';
import { useRequestReturnMutation } from './returns-api';
import { FormActions, refusalText } from './form-actions';
import { ReturnPhotosField } from './return-photos';
import { NO_REFUND_TO, RefundToFields, showRefundToRefusal } from './refund-to-fields';

const returnFormSchema = returnRequestInputSchema.pick({ reason: true, comment: true }).extend({
  // the steppers hold every returnable line, 0 for those not returned; the request names the others
  lines: z
    .array(z.object({ lineId: z.string(), quantity: z.number().int().min(0) }))
    .transform((ls) => ls.filter((l) => l.quantity > 0))
    .pipe(returnRequestInputSchema.shape.lines),
  refundTo: refundToInputSchema.optional(),
});
type FormValues = z.input<typeof returnFormSchema>;

const REASONS = RETURN_REASONS.map((value) => ({ value, label: RETURN_REASON_LABELS[value] }));

/** The words for a refusal the form cannot put under a field, by its code. */
const REQUEST_REFUSALS: Partial<Record<string, string>> = {
  RETURN_WINDOW_CLOSED: 'The return window of one of these items has closed.',
  NOT_RETURNABLE: 'One of these items was sold as not returnable.',
  NOT_DELIVERED: 'One of these items has not been delivered yet.',
  RETURN_QUANTITY_EXCEEDED: 'That is more units than are left to return; the order now shows how many are.',
  NOT_FOUND: 'This order could not be found.',
  COD_RETURNS_UNAVAILABLE:
    'Returns of cash-on-delivery orders cannot be refunded right now; please try again later.',
};
const refusal = (err: unknown) => refusalText(err, 'Not requested', REQUEST_REFUSALS);

function Stepper({
  title,
  value,
  max,
  onChange,
}: {
  title: string;
  value: number;
  max: number;
  onChange: (n: number) => void;
}) {
  const step =
    'h-9 w-9 max-lg:h-11 max-lg:w-11 text-lg font-bold text-gray-700 hover:bg-gray-100 disabled:opacity-40';
  return (
    <div
      className="inline-flex items-center rounded-md border border-gray-300"
      role="group"
      aria-label={`Units of ${title} to return`}
    >
      <button
        type="button"
        className={step}
        aria-label={`One fewer ${title}`}
        disabled={value <= 0}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <span
        className="min-w-10 text-center text-sm font-semibold"
        aria-live="polite"
        data-testid="return-quantity"
      >
        {value}
      </span>
      <button
        type="button"
        className={step}
        aria-label={`One more ${title}`}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}

function useReturnForm(order: OrderDto, lineId: string) {
  const lines = order.cartItems
    .filter((l) => lineReturnOffer(l).kind === 'returnable')
    .map((l) => ({ lineId: l._id, quantity: l._id === lineId ? 1 : 0 }));
  const defaults: FormValues = { reason: '' as FormValues['reason'], comment: '', lines };
  if (order.paymentMethod === 'cod') defaults.refundTo = NO_REFUND_TO;
  return useZodForm(returnFormSchema, defaults);
}

export function ReturnForm({
  order,
  lineId,
  onDone,
}: {
  order: OrderDto;
  lineId: string;
  onDone: () => void;
}) {
  const form = useReturnForm(order, lineId);
  const [request] = useRequestReturnMutation();
  const picked = useWatch({ control: form.control, name: 'lines' });
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const submit = form.handleSubmit(async (v) => {
    const res = await request({ orderId: order._id, ...v, ...(photos.length ? { photos } : {}) });
    if (!res.error) {
      toast.success(`Return requested for order ${order.orderNumber}. The seller answers within 48 hours.`);
      onDone();
      return;
    }
    // the refund's destination is missing, or the payout gateway says it is not a live account
    if (!showRefundToRefusal(form, res.error) && !showServerErrors(form, res.error))
      toast.error(refusal(res.error));
  });
  const linesError = form.formState.errors.lines;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-brand-200 bg-brand-50/40 p-3">
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="mb-3 font-semibold text-gray-900 focus:outline-none"
      >
        Return items of {order.orderNumber}
      </h3>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <ul className="flex flex-col gap-2" aria-label="Items to return">
          {picked.map((p, i) => {
            const line = order.cartItems.find((l) => l._id === p.lineId)!;
            const offer = lineReturnOffer(line);
            const max = offer.kind === 'returnable' ? offer.units : 0;
            return (
              <li key={p.lineId} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 flex-1">
                  {line.title}
                  <span className="block text-xs text-gray-600">
                    up to {max} of {line.quantity}
                  </span>
                </span>
                <Stepper
                  title={line.title}
                  value={p.quantity}
                  max={max}
                  onChange={(n) =>
                    form.setValue(`lines.${i}.quantity`, n, { shouldValidate: form.formState.isSubmitted })
                  }
                />
              </li>
            );
          })}
        </ul>
        {(linesError?.message ?? linesError?.root?.message) && (
          <p role="alert" className="text-xs font-medium text-red-600">
            {linesError?.message ?? linesError?.root?.message}
          </p>
        )}
        <Select label="Reason" required options={REASONS} {...fieldProps(form, 'reason')} />
        <Textarea label="Comment (optional)" {...fieldProps(form, 'comment')} />
        <ReturnPhotosField photos={photos} onChange={setPhotos} onBusy={setUploading} />
        {order.paymentMethod === 'cod' && (
          <RefundToFields form={form} legend="Where should we refund you? (cash on delivery)" />
        )}
        <FormActions
          submit="Request return"
          back="Back to order"
          submitting={form.formState.isSubmitting || uploading}
          onBack={onDone}
        />
      </form>
    </section>
  );
}
