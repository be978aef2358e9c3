/** The seller's low-stock threshold (0 = no low-stock notices), under the notification list. */
import { useEffect } from 'react';
import { notificationSettingsSchema } from '@mp/shared';
import { Button, Input } from '../../../components/ui';
import { errorMessage } from '../../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useNotificationSettingsQuery, useSaveNotificationSettingsMutation } from '../notifications-api';

export function LowStockSetting() {
  const { data } = useNotificationSettingsQuery();
  const [save] = useSaveNotificationSettingsMutation();
  const form = useZodForm(notificationSettingsSchema, { lowStockThreshold: 5 });
  const { reset } = form;
  useEffect(() => {
    if (data) reset(data);
  }, [data, reset]);

  const submit = form.handleSubmit(async (input) => {
    try {
      toast.success((await save(input).unwrap()).message);
    } catch (err) {
      if (!showServerErrors(form, err)) toast.error(errorMessage(err, 'Settings could not be saved'));
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="low-stock-heading"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="low-stock-heading" className="text-lg font-semibold text-gray-900">
        Low-stock alerts
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <Input
            label="Alert at (units)"
            type="number"
            inputMode="numeric"
            min={0}
            hint="0 turns the alerts off"
            {...fieldProps(form, 'lowStockThreshold')}
          />
        </div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
}
