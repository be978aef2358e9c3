/**
 * Each seller's part of an order with its status timeline (docs/order-views.md): placed → paid → in process →
 * shipped → delivered, or rejected/cancelled → refunded. An ordered list per part, readable by screen readers.
 */
import type { FulfilmentDto } from '@mp/shared';
import { TIMELINE_STEP_LABELS } from '@mp/shared/order-display';
import { formatDate } from '../../lib/format';
import { cn } from '../ui';

const DOT: Record<string, string> = {
  done: 'bg-green-600 ring-green-600',
  pending: 'bg-amber-400 ring-amber-500',
  upcoming: 'bg-white ring-gray-300',
};

const STATE_TEXT: Record<string, string> = { done: '', pending: ' (in progress)', upcoming: ' (not yet)' };

export function FulfilmentTimeline({
  parts,
  showStore = true,
}: {
  parts: FulfilmentDto[];
  showStore?: boolean;
}) {
  if (parts.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {parts.map((part) => (
        <section
          key={part.sellerId ?? 'marketplace'}
          aria-label={`Status of items sold by ${part.storeName}`}
        >
          {showStore && (
            <h4 className="mb-2 text-sm font-medium text-gray-900">
              Sold by <span className="font-semibold">{part.storeName}</span>
            </h4>
          )}
          <ol
            className="flex flex-col gap-0 sm:flex-row sm:flex-wrap sm:gap-y-2"
            data-testid="order-timeline"
          >
            {part.timeline.map((s, i) => (
              <li
                key={s.step}
                className={cn(
                  'relative flex items-start gap-2 pb-3 sm:min-w-[7rem] sm:flex-1 sm:flex-col sm:pb-0',
                  s.state === 'upcoming' ? 'text-gray-500' : 'text-gray-900',
                )}
                data-step={s.step}
                data-state={s.state}
              >
                <span
                  aria-hidden
                  className={cn('mt-1 inline-block h-3 w-3 shrink-0 rounded-full ring-2', DOT[s.state])}
                />
                {i < part.timeline.length - 1 && (
                  <span
                    aria-hidden
                    className="absolute left-[5px] top-4 h-[calc(100%-0.75rem)] w-0.5 bg-gray-200 sm:hidden"
                  />
                )}
                <span className="text-xs leading-tight">
                  <span className="block font-medium">
                    {TIMELINE_STEP_LABELS[s.step]}
                    <span className="sr-only">{STATE_TEXT[s.state]}</span>
                  </span>
                  {s.at && (
                    <time dateTime={s.at} className="block text-gray-600">
                      {formatDate(s.at, true)}
                    </time>
                  )}
                  {s.state === 'pending' && <span className="block text-amber-800">In progress</span>}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
