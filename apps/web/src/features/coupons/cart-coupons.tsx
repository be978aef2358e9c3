/**
 * The cart's codes (docs/money.md, "Coupons"): a box to apply one, then each applied code with its discount or why
 * it does not apply now ("Add ₹120 more", "Expired", "Only for Nike products"), and × to remove it. The figures are
 * the server's: every answer is the new cart, and the delivery quote (when there is one) counts free delivery.
 */
import { applyCouponInputSchema, type AppliedCouponDto } from '@mp/shared/coupons';
import { Button, Input } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { appliedText, refusalText } from './coupon-reasons';
import { useApplyCouponMutation, useRemoveCouponMutation } from './coupons-api';

function ApplyCode({ userId }: { userId: string }) {
  const [apply] = useApplyCouponMutation();
  const form = useZodForm(applyCouponInputSchema, { code: '' });
  const submit = form.handleSubmit(async ({ code }) => {
    const r = await apply({ userId, code });
    if (!r.error) {
      form.reset({ code: '' });
      return;
    }
    if (showServerErrors(form, r.error)) return;
    const why = refusalText(r.error);
    if (why) form.setError('code', { type: 'server', message: why }, { shouldFocus: true });
    else toast.error(errorMessage(r.error, 'The code could not be applied'));
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Apply a coupon" className="flex items-start gap-2">
      <Input
        label="Coupon code"
        hideLabel
        placeholder="Enter coupon code"
        autoComplete="off"
        autoCapitalize="characters"
        wrapperClassName="min-w-0 flex-1"
        className="h-10 uppercase"
        {...fieldProps(form, 'code')}
      />
      <Button type="submit" variant="outline" loading={form.formState.isSubmitting}>
        Apply
      </Button>
    </form>
  );
}

function AppliedCode({ coupon, userId }: { coupon: AppliedCouponDto; userId: string }) {
  const [remove, { isLoading }] = useRemoveCouponMutation();
  const onRemove = async () => {
    const r = await remove({ userId, code: coupon.code });
    if (r.error) toast.error(errorMessage(r.error, 'The code could not be removed'));
  };
  const who = coupon.funder === 'seller' && coupon.storeName ? ` · ${coupon.storeName}` : '';
  return (
    <li className="flex items-center gap-2 py-2" data-testid="applied-coupon" data-code={coupon.code}>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-gray-900">
          <span className="rounded border border-dashed border-brand-600 px-1.5 py-0.5 font-mono text-brand-700">
            {coupon.code}
          </span>
          <span className="ml-2 text-xs font-normal text-gray-600">
            {coupon.label ?? ''}
            {who}
          </span>
        </p>
        <p
          className={
            coupon.applies ? 'text-sm font-medium text-green-700' : 'text-sm font-medium text-amber-800'
          }
          data-testid="coupon-effect"
        >
          {appliedText(coupon)}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove code ${coupon.code}`}
        loading={isLoading}
        onClick={() => void onRemove()}
      >
        <span aria-hidden>×</span>
      </Button>
    </li>
  );
}

/** The coupon part of the cart's summary: the codes applied (the quote's when known) and the box to add one. */
export function CartCoupons({ userId, coupons }: { userId: string; coupons: readonly AppliedCouponDto[] }) {
  return (
    <section aria-labelledby="cart-coupons" className="mt-4 border-t border-gray-200 pt-3">
      <h3 id="cart-coupons" className="mb-2 text-sm font-semibold text-gray-900">
        Coupons
      </h3>
      {coupons.length > 0 && (
        <ul className="mb-2 divide-y divide-gray-100" aria-label="Applied coupons">
          {coupons.map((c) => (
            <AppliedCode key={c.code} coupon={c} userId={userId} />
          ))}
        </ul>
      )}
      <ApplyCode userId={userId} />
    </section>
  );
}

/** The codes as checkout shows them (no changes there: the cart is where codes are applied). */
export function CheckoutCoupons({ coupons }: { coupons: readonly AppliedCouponDto[] }) {
  if (coupons.length === 0) return null;
  return (
    <section aria-labelledby="checkout-coupons" className="mt-4 border-t border-gray-200 pt-3">
      <h3 id="checkout-coupons" className="mb-2 text-sm font-semibold text-gray-900">
        Coupons
      </h3>
      <ul className="space-y-1 text-sm" aria-label="Applied coupons">
        {coupons.map((c) => (
          <li key={c.code} className="flex justify-between gap-2" data-testid="applied-coupon">
            <span className="font-mono font-semibold text-brand-700">{c.code}</span>
            <span className={c.applies ? 'text-green-700' : 'text-amber-800'}>{appliedText(c)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
