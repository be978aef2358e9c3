/**
 * One return as the shopper sees it (docs/web.md, "Returns"): what goes back, why, its steps, the seller's reason
 * when rejected (with "Contest", which the admin decides), the refund (and, when its payout to a UPI id or bank
 * account failed, why and "Give another account"), and "Cancel return" before pickup.
 */
import { useState } from 'react';
import { z } from 'zod';
import { formatINR, refundToInputSchema, shopReturnActionInputSchema, type ReturnDto } from '@mp/shared';
import { Button, ConfirmDialog, Textarea } from '../../components/ui';
import { ActionForm, FormActions, refusalText, useReturnForm } from './form-actions';
import { formatDate } from '../../lib/format';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { shopperActions } from './return-display';
import { ReturnStateBadge, ReturnSteps } from './return-steps';
import { useUpdateShopReturnMutation } from './returns-api';
import { ReturnPhotoList } from './return-photos';
import { NO_REFUND_TO, RefundToFields, showRefundToRefusal } from './refund-to-fields';

const contestFormSchema = shopReturnActionInputSchema.options[1].pick({ note: true });

function ContestForm({ r, onClose }: { r: ReturnDto; onClose: () => void }) {
  const [update] = useUpdateShopReturnMutation();
  const { form, submit } = useReturnForm(
    contestFormSchema,
    { note: '' },
    ({ note }) => update({ returnId: r.id, action: 'dispute', note }),
    {
      done: 'Your objection is with the marketplace; you will hear its decision by e-mail.',
      refused: 'Not sent',
      onClose,
    },
  );
  return (
    <ActionForm label="Contest" onSubmit={submit}>
      <Textarea label="Why do you contest the rejection?" required autoFocus {...fieldProps(form, 'note')} />
      <FormActions
        submit="Send to the marketplace"
        back="Keep the rejection"
        submitting={form.formState.isSubmitting}
        onBack={onClose}
      />
    </ActionForm>
  );
}

function CancelReturn({ r }: { r: ReturnDto }) {
  const [confirming, setConfirming] = useState(false);
  const [update] = useUpdateShopReturnMutation();
  async function go() {
    const res = await update({ returnId: r.id, action: 'cancel' });
    if (!res.error) toast.success(`Return of ${r.orderNumber} cancelled; you keep the items.`);
    else toast.error(refusalText(res.error, 'Not cancelled'));
  }
  return (
    <>
      <Button variant="outline" className="min-h-11 self-start" onClick={() => setConfirming(true)}>
        Cancel return
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel this return?"
        confirmLabel="Yes, cancel return"
        onConfirm={go}
        onClose={() => setConfirming(false)}
      >
        You keep the items and get no refund for them.
      </ConfirmDialog>
    </>
  );
}

const refundToAgainSchema = z.object({ refundTo: refundToInputSchema });

/** After a failed payout: another UPI id or bank account, checked by the gateway, and the refund is paid to it. */
function RefundToAgainForm({ r, onClose }: { r: ReturnDto; onClose: () => void }) {
  const [update] = useUpdateShopReturnMutation();
  const form = useZodForm(refundToAgainSchema, { refundTo: NO_REFUND_TO });
  const submit = form.handleSubmit(async ({ refundTo }) => {
    const res = await update({ returnId: r.id, action: 'refundTo', refundTo });
    if (!res.error) {
      toast.success(`The refund of ${formatINR(r.refundAmount)} is on its way to the new account.`);
      onClose();
    } else if (!showRefundToRefusal(form, res.error) && !showServerErrors(form, res.error))
      toast.error(refusalText(res.error, 'Not changed'));
  });
  return (
    <ActionForm label="Another account for the refund" onSubmit={submit}>
      <RefundToFields form={form} legend="Where should we pay the refund instead?" />
      <FormActions
        submit={`Pay ${formatINR(r.refundAmount)} here`}
        submitting={form.formState.isSubmitting}
        onBack={onClose}
      />
    </ActionForm>
  );
}

function RefundLine({ r }: { r: ReturnDto }) {
  const [changing, setChanging] = useState(false);
  const to = r.refundTo ? `to ${r.refundTo.display}` : 'to the way you paid';
  const payout = r.refundPayout;
  if (r.state === 'refunded' && payout?.state === 'failed') {
    // the payout to the shopper's account failed: the gateway refused it, or the bank sent it back (docs/money.md)
    return (
      <div className="flex flex-col gap-2" data-testid="return-refund">
        <p className="font-medium text-red-700" role="status">
          The refund of {formatINR(r.refundAmount)} {to} did not go through
          {payout.failureReason ? `: ${payout.failureReason}` : ''}.
        </p>
        {changing ? (
          <RefundToAgainForm r={r} onClose={() => setChanging(false)} />
        ) : (
          <Button className="min-h-11 self-start" onClick={() => setChanging(true)}>
            Give another account
          </Button>
        )}
      </div>
    );
  }
  if (r.state === 'refunded' && (payout?.state === 'queued' || payout?.state === 'processing')) {
    return (
      <p className="text-gray-700" data-testid="return-refund">
        Refund of {formatINR(r.refundAmount)} {to} on its way.
      </p>
    );
  }
  if (r.state === 'refunded') {
    return (
      <p className="font-medium text-green-800" data-testid="return-refund">
        Refunded {formatINR(r.refundAmount)} {to}
        {r.refundedAt ? ` on ${formatDate(r.refundedAt)}` : ''}.
      </p>
    );
  }
  if (r.state === 'rejected' || r.state === 'cancelled') return null;
  return (
    <p className="text-gray-700" data-testid="return-refund">
      Refund of {formatINR(r.refundAmount)} {to} when the seller receives the parcel.
    </p>
  );
}

function Dispute({ r }: { r: ReturnDto }) {
  const [contesting, setContesting] = useState(false);
  if (r.state === 'rejected' && !r.dispute) {
    return contesting ? (
      <ContestForm r={r} onClose={() => setContesting(false)} />
    ) : (
      <Button variant="outline" className="min-h-11 self-start" onClick={() => setContesting(true)}>
        Contest
      </Button>
    );
  }
  if (!r.dispute) return null;
  return (
    <p className="text-gray-700" data-testid="return-dispute">
      {r.dispute.decision
        ? `The marketplace decided: ${r.dispute.adminNote ?? r.dispute.decision}`
        : 'You contested the rejection; the marketplace is looking at it.'}
    </p>
  );
}

export function ReturnCard({ r, showOrder = false }: { r: ReturnDto; showOrder?: boolean }) {
  const can = shopperActions(r);
  return (
    <article
      className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3 text-sm"
      aria-label={`Return of ${r.orderNumber} from ${r.storeName}`}
      data-testid="return-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-gray-900">
          {showOrder && <span className="mr-1">{r.orderNumber} ·</span>}
          Return to {r.storeName}
        </p>
        <ReturnStateBadge r={r} />
      </div>
      <ul className="text-gray-800">
        {r.lines.map((l) => (
          <li key={l.lineId}>
            {l.quantity} × {l.title}
            {l.variantLabel && <span className="text-gray-600"> ({l.variantLabel})</span>}
          </li>
        ))}
      </ul>
      <p className="text-gray-700">
        Reason: {r.reasonLabel}
        {r.comment && <span className="text-gray-600"> — “{r.comment}”</span>}
      </p>
      <ReturnPhotoList photos={r.photos} />
      <ReturnSteps r={r} />
      {r.state === 'rejected' && r.sellerReason && (
        <p className="text-gray-800" data-testid="return-seller-reason">
          Seller&apos;s reason: {r.sellerReason}
        </p>
      )}
      {r.pickupAwb && (
        <p className="text-gray-700">
          Pickup AWB <span className="font-mono">{r.pickupAwb}</span>
          {r.pickupTrackingUrl && (
            <>
              {' · '}
              <a
                className="text-brand-700 underline"
                href={r.pickupTrackingUrl}
                target="_blank"
                rel="noreferrer"
              >
                Track pickup
              </a>
            </>
          )}
        </p>
      )}
      <RefundLine r={r} />
      <Dispute r={r} />
      {can.cancel && <CancelReturn r={r} />}
    </article>
  );
}
