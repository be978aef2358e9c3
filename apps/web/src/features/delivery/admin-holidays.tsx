/**
 * The admin's delivery holidays (docs/delivery.md, "Seller pickup settings and holidays"): days no parcel is
 * handed over and the courier does not count, so promised dates skip them. List, add (date and name), remove; an
 * error is told by the answer's `code` (a field's under that field).
 */
import { holidayInputSchema, holidayParamsSchema } from '@mp/shared';
import { Button, EmptyState, Input, LoadingRegion, Skeleton, LoadFailed } from '../../components/ui';
import { errorCode, errorMessage } from '../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import {
  useDeliveryHolidaysQuery,
  useRemoveDeliveryHolidayMutation,
  useSetDeliveryHolidayMutation,
} from './admin-delivery-api';

const holidayFormSchema = holidayParamsSchema.extend(holidayInputSchema.shape);

/** "Fri, 25 Dec, 2026": a calendar day, whatever the browser's zone */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

function AddHoliday() {
  const [save] = useSetDeliveryHolidayMutation();
  const form = useZodForm(holidayFormSchema, { day: '', name: '' });
  const submit = form.handleSubmit(async (values) => {
    const result = await save(values);
    if (!result.error) {
      toast.success(`${values.name} added`);
      form.reset({ day: '', name: '' });
    } else if (!showServerErrors(form, result.error)) {
      toast.error(
        errorCode(result.error) === 'FORBIDDEN'
          ? 'Only the admin may change holidays'
          : errorMessage(result.error, 'The holiday could not be saved'),
      );
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add a holiday" className="flex flex-wrap items-end gap-3">
      <Input label="Date" type="date" required {...fieldProps(form, 'day')} />
      <Input label="Name" required placeholder="Diwali" {...fieldProps(form, 'name')} />
      <Button type="submit" loading={form.formState.isSubmitting}>
        Add holiday
      </Button>
    </form>
  );
}

export function AdminHolidays() {
  const { data, isLoading, isError, refetch } = useDeliveryHolidaysQuery();
  const [remove, { isLoading: removing, originalArgs }] = useRemoveDeliveryHolidayMutation();
  async function onRemove(day: string, name: string) {
    const result = await remove(day);
    if (result.error) toast.error(errorMessage(result.error, 'The holiday could not be removed'));
    else toast.success(`${name} removed`);
  }
  let list;
  if (isLoading) {
    list = (
      <LoadingRegion label="Loading holidays…" className="space-y-2" repeat={2}>
        <Skeleton className="h-8 w-full" />
      </LoadingRegion>
    );
  } else if (isError) {
    list = (
      <LoadFailed
        title="Holidays could not be loaded"
        onRetry={() => void refetch()}
        retryVariant="outline"
      />
    );
  } else if (!data?.length) {
    list = <EmptyState title="No holidays yet." description="Promised dates skip only Sundays." />;
  } else {
    list = (
      <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Holidays">
        {data.map((h) => (
          <li key={h.day} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span>
              <time dateTime={h.day} className="font-medium text-gray-900">
                {dayLabel(h.day)}
              </time>{' '}
              · {h.name}
            </span>
            <Button
              variant="outline"
              size="sm"
              loading={removing && originalArgs === h.day}
              onClick={() => void onRemove(h.day, h.name)}
            >
              Remove<span className="sr-only"> {h.name}</span>
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <AddHoliday />
      {list}
    </div>
  );
}
