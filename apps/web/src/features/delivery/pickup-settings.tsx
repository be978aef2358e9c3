/**
 * The seller's pickup and dispatch settings in its store settings (docs/delivery.md, "Seller pickup settings"):
 * where the courier picks parcels up, the working days to hand one over and the daily cut-off (IST). The promised
 * dates shoppers see are built from them.
 */
import { z } from 'zod';
import { deliverySettingsInputSchema, type DeliverySettingsDto } from '@mp/shared';
import { Button, Input } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useSaveDeliverySettingsMutation, useSellerDeliverySettingsQuery } from './seller-delivery-api';

const formSchema = deliverySettingsInputSchema.extend({
  dispatchDays: z.coerce.number<string>().int().min(0).max(7),
});

function PickupForm({ current }: { current: DeliverySettingsDto }) {
  const [save] = useSaveDeliverySettingsMutation();
  const form = useZodForm(formSchema, {
    pickupAddress: current.pickupAddress ?? '',
    pickupPincode: current.pickupPincode ?? '',
    dispatchDays: String(current.dispatchDays),
    cutoff: current.cutoff,
  });
  const submit = form.handleSubmit(async (values) => {
    const result = await save(values);
    if (!result.error) toast.success('Pickup settings saved');
    else if (result.error && 'code' in result.error && result.error.code === 'INVALID_PINCODE') {
      form.setError('pickupPincode', { type: 'server', message: 'The courier does not know this PIN code' });
    } else if (!showServerErrors(form, result.error))
      toast.error(errorMessage(result.error, 'Saving failed'));
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Input
        label="Pickup address"
        required
        {...fieldProps(form, 'pickupAddress')}
        wrapperClassName="sm:col-span-2"
      />
      <Input label="Pickup PIN code" required inputMode="numeric" {...fieldProps(form, 'pickupPincode')} />
      <Input label="Dispatch days" required inputMode="numeric" {...fieldProps(form, 'dispatchDays')} />
      <Input label="Daily cut-off (IST, HH:MM)" required {...fieldProps(form, 'cutoff')} />
      <div className="sm:col-span-2">
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save pickup settings
        </Button>
      </div>
    </form>
  );
}

export function PickupSettings() {
  const { data } = useSellerDeliverySettingsQuery();
  return (
    <section
      aria-labelledby="pickup-heading"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="pickup-heading" className="mb-3 text-lg font-semibold text-gray-900">
        Pickup and dispatch
      </h2>
      {data && <PickupForm current={data} />}
    </section>
  );
}
