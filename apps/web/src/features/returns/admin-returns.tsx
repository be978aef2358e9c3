/**
 * The admin's returns (docs/returns.md, docs/web.md "Returns"): every return by state, or the disputes only (a
 * rejection the shopper contests); a decision (approve, reject, refund now) always with a note.
 */
import { useState } from 'react';
import { ActionForm, FormActions, useReturnForm } from './form-actions';
import { z } from 'zod';
import { adminReturnActionInputSchema, type ReturnDto } from '@mp/shared';
import { Button, Checkbox, Select, Textarea } from '../../components/ui';
import { fieldProps } from '../../lib/form';
import { RETURNS_PAGE, ReturnFacts, ReturnList, StateFilter, useReturnFilters } from './console-returns';
import { useAdminReturnsQuery, useDecideAdminReturnMutation } from './returns-api';

/** The decisions that fit the return's state: approve only before approval (or over a rejection). */
const decisionsFor = (r: ReturnDto) => [
  ...(r.state === 'requested' || r.state === 'rejected'
    ? [{ value: 'approve', label: 'Approve the return (the courier picks it up)' }]
    : []),
  { value: 'reject', label: r.state === 'rejected' ? 'Keep the rejection' : 'Reject the return' },
  { value: 'refund', label: 'Refund now' },
];
const decisionFormSchema = adminReturnActionInputSchema.extend({
  action: adminReturnActionInputSchema.shape.action
    .or(z.literal(''))
    .refine((a) => a !== '', 'Choose a decision'),
});

function DecisionForm({ r, onClose }: { r: ReturnDto; onClose: () => void }) {
  const [decide] = useDecideAdminReturnMutation();
  const { form, submit } = useReturnForm(
    decisionFormSchema,
    { action: '', note: '' },
    ({ action, note }) => decide({ returnId: r.id, action, note }),
    { done: `Return of ${r.orderNumber} decided.`, refused: 'Not decided', onClose },
  );
  return (
    <ActionForm label={`Decide return of ${r.orderNumber}`} onSubmit={submit}>
      {r.dispute && (
        <p className="rounded-md bg-amber-50 p-2 text-gray-800">The shopper contests: “{r.dispute.note}”</p>
      )}
      <Select label="Decision" required options={decisionsFor(r)} {...fieldProps(form, 'action')} />
      <Textarea label="Note (the shopper and the seller read it)" required {...fieldProps(form, 'note')} />
      <FormActions submit="Decide" submitting={form.formState.isSubmitting} onBack={onClose} />
    </ActionForm>
  );
}

function AdminReturnRow({ r }: { r: ReturnDto }) {
  const [deciding, setDeciding] = useState(false);
  const open = r.state !== 'refunded' && r.state !== 'cancelled';
  return (
    <>
      <ReturnFacts r={r} />
      {r.dispute?.decision && (
        <p className="text-gray-700">
          Decided: {r.dispute.decision} — {r.dispute.adminNote}
        </p>
      )}
      {deciding ? (
        <DecisionForm r={r} onClose={() => setDeciding(false)} />
      ) : (
        open && (
          <Button
            variant={r.disputed ? 'primary' : 'outline'}
            className="min-h-11 self-start"
            onClick={() => setDeciding(true)}
            aria-label={`Decide return of ${r.orderNumber}`}
          >
            {r.disputed ? 'Decide dispute' : 'Decide'}
          </Button>
        )
      )}
    </>
  );
}

export function AdminReturns() {
  const { state, page, disputed, set } = useReturnFilters();
  const query = useAdminReturnsQuery(
    { state, page, limit: RETURNS_PAGE, ...(disputed ? { disputed: true } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <StateFilter value={state} onChange={(s) => set({ state: s })} />
        <Checkbox
          label="Disputes only"
          className="min-h-11"
          checked={disputed}
          onChange={(d) => set({ disputed: d })}
        />
      </div>
      <ReturnList
        query={query}
        page={page}
        setPage={(p) => set({ page: p })}
        empty={disputed ? 'No shopper contests a rejection.' : 'No return matches these filters.'}
        row={(r) => <AdminReturnRow r={r} />}
      />
    </div>
  );
}
