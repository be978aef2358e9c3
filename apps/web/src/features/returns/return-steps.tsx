/**
 * A return's step tracker and state badge (docs/web.md, "Returns"): an ordered list readable by screen readers,
 * each step done, current, not yet, or where the return stopped (rejected, cancelled).
 */
import type { ReturnDto, ReturnState } from '@mp/shared';
import { Badge, cn, type BadgeTone } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { RETURN_STATE_LABELS, returnSteps } from './return-display';

const TONE: Record<ReturnState, BadgeTone> = {
  requested: 'blue',
  approved: 'green',
  pickup_scheduled: 'amber',
  picked_up: 'purple',
  received: 'purple',
  refunded: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

export function ReturnStateBadge({ r }: { r: Pick<ReturnDto, 'state' | 'disputed'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="return-state">
      <Badge tone={TONE[r.state]}>{RETURN_STATE_LABELS[r.state]}</Badge>
      {r.disputed && <Badge tone="amber">Contested</Badge>}
    </span>
  );
}

const DOT = {
  done: 'bg-green-600 ring-green-600',
  current: 'bg-amber-400 ring-amber-500',
  upcoming: 'bg-white ring-gray-300',
  stopped: 'bg-red-600 ring-red-600',
  skipped: 'bg-gray-300 ring-gray-300',
};
const SR = { done: '', current: ' (now)', upcoming: ' (not yet)', stopped: '', skipped: '' };

export function ReturnSteps({ r }: { r: Pick<ReturnDto, 'state' | 'history'> }) {
  return (
    <ol className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-y-2" data-testid="return-steps">
      {returnSteps(r).map((s) => (
        <li
          key={s.state}
          data-state={s.status}
          className={cn(
            'flex items-start gap-2 pb-2 sm:min-w-[6.5rem] sm:flex-1 sm:flex-col sm:pb-0',
            s.status === 'upcoming' || s.status === 'skipped' ? 'text-gray-500' : 'text-gray-900',
          )}
        >
          <span aria-hidden className={cn('mt-1 h-3 w-3 shrink-0 rounded-full ring-2', DOT[s.status])} />
          <span className="text-xs leading-tight">
            <span className={cn('block font-medium', s.status === 'stopped' && 'text-red-800')}>
              {s.label}
              <span className="sr-only">{SR[s.status]}</span>
            </span>
            {s.status === 'skipped' && <span className="block text-gray-600">Skipped</span>}
            {s.at && (
              <time dateTime={s.at} className="block text-gray-600">
                {formatDate(s.at, true)}
              </time>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
