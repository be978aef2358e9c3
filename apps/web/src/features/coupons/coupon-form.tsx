/**
 * Create or edit a coupon in a console (docs/money.md, "Coupons"): code, what it takes off (percent with an
 * optional cap, a fixed amount, or free delivery — a seller's paid for by the seller), the minimum of the covered
 * items, the IST days it runs, its uses and what it covers (every product, chosen categories, or, for the admin, chosen sellers). The shared schema
 * checks what it can; the server's field errors land under the same fields.
 */
import { z } from 'zod';
import { CATEGORIES } from '@mp/shared/constants';
import {
  couponInputSchema,
  istDayOf,
  type CouponDto,
  type CouponInputParsed,
  type CouponScope,
} from '@mp/shared/coupons';
import { Button, Input, Select } from '../../components/ui';
import { errorCode, errorMessage } from '../../lib/api';
import { fieldProps, numberText, showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useSellersQuery } from '../admin/admin-api';
import { windowDays } from './coupon-text';
import { useCreateCouponMutation, useUpdateCouponMutation, type CouponOwner } from './coupons-api';

const shape = couponInputSchema.shape;
const figure = 'Type a plain figure, e.g. 250';
/** Checkboxes answer one value, several, or false: always a list. */
const asList = (v: unknown) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []);
export const couponFormSchema = z.object({
  ...shape,
  percent: numberText(shape.percent, figure),
  maxDiscount: numberText(shape.maxDiscount, figure),
  amount: numberText(shape.amount, figure),
  minOrderValue: numberText(shape.minOrderValue, figure),
  totalUses: numberText(shape.totalUses, figure),
  usesPerShopper: numberText(shape.usesPerShopper, figure),
  scopeIds: z.preprocess(asList, shape.scopeIds),
});
type FormValues = z.input<typeof couponFormSchema>;

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Fixed amount off' },
  { value: 'free_delivery', label: 'Free delivery' },
];
/** A seller's free-delivery code is its own: it pays the shipping it waives (docs/money.md, "Coupons"). */
const SELLER_FREE_DELIVERY =
  'Your parcel ships free to the shopper; the shipping it waives is charged to your earnings when it is delivered.';
const SCOPE_OPTIONS: Record<CouponOwner, { value: CouponScope; label: string }[]> = {
  admin: [
    { value: 'all', label: 'Every product' },
    { value: 'categories', label: 'Chosen categories' },
    { value: 'sellers', label: 'Chosen sellers' },
  ],
  seller: [
    { value: 'all', label: 'All my products' },
    { value: 'categories', label: 'My products in chosen categories' },
  ],
};

/** The figures every kind asks for, typed as text. */
const FIGURES = [
  {
    name: 'minOrderValue',
    label: 'Minimum order value (₹)',
    mode: 'decimal',
    hint: 'Of the items the code covers',
  },
  { name: 'totalUses', label: 'Total uses', mode: 'numeric', hint: 'Empty: no limit' },
  { name: 'usesPerShopper', label: 'Uses per shopper', mode: 'numeric', hint: undefined },
] as const;

const text = (n: number | null | undefined) => (n == null ? '' : String(n));
const DAY_MS = 86_400_000;

function defaultsOf(c: CouponDto | undefined): FormValues {
  const today = istDayOf(new Date());
  const days = c ? windowDays(c) : { from: today, to: istDayOf(new Date(Date.now() + 30 * DAY_MS)) };
  return {
    code: c?.code ?? '',
    label: c?.label ?? '',
    kind: c?.kind ?? 'percent',
    percent: text(c?.percent),
    maxDiscount: text(c?.maxDiscount),
    amount: text(c?.amount),
    minOrderValue: text(c?.minOrderValue ?? 0),
    startsAt: days.from,
    endsAt: days.to,
    totalUses: text(c?.totalUses),
    usesPerShopper: text(c?.usesPerShopper ?? 1),
    firstOrderOnly: c?.firstOrderOnly ?? false,
    active: c?.active ?? true,
    scope: c?.scope ?? 'all',
    scopeIds: c?.scopeIds ?? [],
  };
}

/** Only the figures of the chosen kind are sent; an emptied cap or limit means none. */
function bodyOf(v: CouponInputParsed) {
  return {
    ...v,
    percent: v.kind === 'percent' ? v.percent : undefined,
    maxDiscount: v.kind === 'percent' ? (v.maxDiscount ?? null) : undefined,
    amount: v.kind === 'fixed' ? v.amount : undefined,
  };
}

function ScopePicker({
  owner,
  scope,
  register,
  error,
}: {
  owner: CouponOwner;
  scope: CouponScope;
  register: ReturnType<typeof useZodForm<typeof couponFormSchema>>['register'];
  error?: string;
}) {
  const sellers = useSellersQuery(undefined, { skip: owner !== 'admin' || scope !== 'sellers' });
  if (scope !== 'categories' && scope !== 'sellers') return null;
  const choices =
    scope === 'categories'
      ? CATEGORIES.map((c) => ({ value: c.id, label: c.label }))
      : (sellers.data ?? []).filter((s) => s.isapproved).map((s) => ({ value: s._id, label: s.storename }));
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? 'scope-ids-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-700">
        {scope === 'categories' ? 'Categories' : 'Sellers'}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {choices.map((c) => (
          <label key={c.value} className="inline-flex min-h-11 items-center gap-2 text-sm lg:min-h-0">
            <input
              type="checkbox"
              value={c.value}
              className="h-4 w-4 accent-brand-600"
              {...register('scopeIds')}
            />
            {c.label}
          </label>
        ))}
      </div>
      {error && (
        <p id="scope-ids-error" role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function CouponForm({
  owner,
  coupon,
  onDone,
}: {
  owner: CouponOwner;
  /** editing this coupon (its code and kind stay); none: a new coupon */
  coupon?: CouponDto;
  onDone?: () => void;
}) {
  const [create] = useCreateCouponMutation();
  const [update] = useUpdateCouponMutation();
  const form = useZodForm(couponFormSchema, defaultsOf(coupon));
  const kind = form.watch('kind');
  const scope = form.watch('scope');
  const submit = form.handleSubmit(async (values) => {
    const body = bodyOf(values);
    const { code: _code, kind: _kind, ...changes } = body;
    const r = coupon ? await update({ owner, id: coupon._id, body: changes }) : await create({ owner, body });
    if (!r.error) {
      toast.success(coupon ? `${coupon.code} saved` : `${values.code} created`);
      if (!coupon) form.reset(defaultsOf(undefined));
      onDone?.();
    } else if (errorCode(r.error) === 'COUPON_CODE_TAKEN') {
      form.setError(
        'code',
        { type: 'server', message: 'A coupon with this code exists' },
        { shouldFocus: true },
      );
    } else if (!showServerErrors(form, r.error)) {
      toast.error(
        errorCode(r.error) === 'FORBIDDEN'
          ? 'A seller’s code may cover only its own products'
          : errorMessage(r.error, 'The coupon could not be saved'),
      );
    }
  });
  const scopeField = form.register('scope');
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={coupon ? `Edit ${coupon.code}` : 'Create a coupon'}
      className="grid gap-3 sm:grid-cols-2"
    >
      <Input
        label="Code"
        required
        readOnly={!!coupon}
        placeholder="WELCOME10"
        {...fieldProps(form, 'code')}
      />
      <Input
        label="Label (banner and badge)"
        placeholder="10% off your first order"
        {...fieldProps(form, 'label')}
      />
      {coupon ? (
        // a code's kind stays what it was made as: shown, not sent
        <Input label="Kind" readOnly value={KIND_OPTIONS.find((k) => k.value === kind)?.label ?? kind} />
      ) : (
        <Select
          label="Kind"
          placeholder={false}
          options={KIND_OPTIONS}
          hint={owner === 'seller' && kind === 'free_delivery' ? SELLER_FREE_DELIVERY : undefined}
          {...fieldProps(form, 'kind')}
        />
      )}
      {kind === 'percent' && (
        <>
          <Input label="Percent off" inputMode="numeric" required {...fieldProps(form, 'percent')} />
          <Input label="Cap (₹, optional)" inputMode="decimal" {...fieldProps(form, 'maxDiscount')} />
        </>
      )}
      {kind === 'fixed' && (
        <Input label="Amount off (₹)" inputMode="decimal" required {...fieldProps(form, 'amount')} />
      )}
      {FIGURES.map((f) => (
        <Input key={f.name} label={f.label} inputMode={f.mode} hint={f.hint} {...fieldProps(form, f.name)} />
      ))}
      <Input label="Starts (India time)" type="date" required {...fieldProps(form, 'startsAt')} />
      <Input label="Ends (last day, India time)" type="date" required {...fieldProps(form, 'endsAt')} />
      <label className="inline-flex min-h-11 items-center gap-2 self-end text-sm font-medium text-gray-700 lg:min-h-10">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" {...form.register('firstOrderOnly')} />
        First order only
      </label>
      <Select
        label="Covers"
        placeholder={false}
        options={SCOPE_OPTIONS[owner]}
        {...fieldProps(form, 'scope')}
        onChange={(e) => {
          void scopeField.onChange(e);
          form.setValue('scopeIds', []);
        }}
      />
      <ScopePicker
        owner={owner}
        scope={scope as CouponScope}
        register={form.register}
        error={form.formState.errors.scopeIds?.message}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {coupon ? 'Save coupon' : 'Create coupon'}
        </Button>
      </div>
    </form>
  );
}
