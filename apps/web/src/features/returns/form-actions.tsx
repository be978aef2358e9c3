/** A return form's send and back buttons (44 px high on phones; the send button busy while sending). */
import { Button } from '../../components/ui';

export function FormActions({
  submit,
  back = 'Back',
  danger = false,
  submitting,
  onBack,
}: {
  submit: string;
  back?: string;
  danger?: boolean;
  submitting: boolean;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={danger ? 'danger' : 'primary'} className="min-h-11" loading={submitting}>
        {submit}
      </Button>
      <Button variant="outline" className="min-h-11" onClick={onBack}>
        {back}
      </Button>
    </div>
  );
}
