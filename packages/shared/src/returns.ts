/**
 * Return policy per category (docs/money.md, "Return window"): how many days after delivery a line may be returned,
 * or not at all. A line keeps the policy it was sold under; its seller's net becomes payable when the window has
 * closed, at the end of its last day in India's time. Pure functions and the admin's contract.
 */
import { z } from 'zod';
import { CATEGORIES, CATEGORY_IDS } from './constants';
import { RETURN_WINDOW_DAYS } from './delivery';

export const RETURN_WINDOW_MAX_DAYS = 90;
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** "7-day return", or "Not returnable" for a window of none (null or 0 days). */
export const returnPolicyLabel = (days: number | null | undefined): string =>
  days ? `${days}-day return` : 'Not returnable';

/** The frozen column of an order line: the window in days, null when not returnable. */
export const frozenWindowDays = (days: number | null | undefined): number | null => (days ? days : null);

/**
 * When a line delivered at `deliveredAt` can no longer be returned: the end of the `days`-th day after the day of
 * delivery, in IST (midnight IST that follows it). Not returnable: at delivery itself.
 */
export function returnWindowEndsAt(deliveredAt: Date, days: number | null | undefined): Date {
  if (!days) return new Date(deliveredAt.getTime());
  const istDay = Math.floor((deliveredAt.getTime() + IST_OFFSET_MS) / DAY_MS);
  return new Date((istDay + days + 1) * DAY_MS - IST_OFFSET_MS);
}

// ---- contract ----------------------------------------------------------------------------------------------------

export const returnPolicyDtoSchema = z
  .object({
    category: z.enum(CATEGORY_IDS),
    label: z.string().meta({ description: 'the category\'s name, e.g. "Men"' }),
    windowDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'days after delivery a line may be returned; null: not returnable' }),
    policy: z.string().meta({ description: '"7-day return" or "Not returnable"' }),
  })
  .meta({ id: 'ReturnPolicy' });
export type ReturnPolicyDto = z.infer<typeof returnPolicyDtoSchema>;

export const returnPolicyParamsSchema = z.object({
  category: z.enum(CATEGORY_IDS, { message: `category must be one of ${CATEGORY_IDS.join(', ')}` }),
});

export const returnPolicyInputSchema = z.object({
  windowDays: z
    .number({ message: 'windowDays must be a whole number of days, or null for not returnable' })
    .int('windowDays must be a whole number of days')
    .min(0, 'windowDays must be 0 or more')
    .max(RETURN_WINDOW_MAX_DAYS, `windowDays must be at most ${RETURN_WINDOW_MAX_DAYS}`)
    .nullable(),
});
export type ReturnPolicyInput = z.infer<typeof returnPolicyInputSchema>;

/** Every category's policy: the stored ones, the default window for the others. */
export function returnPolicies(stored: ReadonlyMap<string, number | null>): ReturnPolicyDto[] {
  return CATEGORIES.map((c) => {
    const windowDays = stored.has(c.id) ? frozenWindowDays(stored.get(c.id)) : RETURN_WINDOW_DAYS;
    return { category: c.id, label: c.label, windowDays, policy: returnPolicyLabel(windowDays) };
  });
}
