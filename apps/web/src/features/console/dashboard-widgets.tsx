/** Dashboard figures and the revenue-by-day chart (recharts: console-only, never in the shop bundle). */
import type { ReactNode } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatINR, type RevenueByDay } from '@mp/shared';
import { EmptyState, LoadingRegion, Skeleton } from '../../components/ui';
import { BoxIcon, ReceiptIcon } from './icons';
import { isLoading, type Remote } from './remote';

export function StatCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      {icon && (
        <span
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
          aria-hidden
        >
          {icon}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-600">{label}</p>
        <p className="mt-1 text-2xl font-bold tracking-tight text-gray-900">{value}</p>
        {hint && <p className="mt-1 text-xs text-gray-500">{hint}</p>}
      </div>
    </div>
  );
}

export function StatGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <LoadingRegion
      label="Loading figures…"
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      repeat={count}
    >
      <div className="rounded-xl border border-gray-200 bg-white p-5">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-3 h-7 w-32" />
      </div>
    </LoadingRegion>
  );
}

type SalesFigures = { orders: number; revenue: number; products: number };

/**
 * A dashboard's figures: a skeleton while they load, a line when they cannot be read, else the cards both
 * dashboards open with (paid orders, their revenue, the products listed) and the dashboard's own fourth card
 * (`card`), then the rest (`children`).
 */
export function DashboardFigures<T extends SalesFigures>({
  remote,
  hints,
  card,
  children,
}: {
  remote: Remote<T | null>;
  hints: { orders: string; revenue: string };
  card: (figures: T) => ReactNode;
  children: (figures: T) => ReactNode;
}) {
  const d = remote.data;
  if (isLoading(remote) && !d) return <StatGridSkeleton />;
  if (!d)
    return (
      <EmptyState
        title="Figures are not available right now."
        description="Please reload the page in a moment."
      />
    );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Orders"
          value={d.orders.toLocaleString('en-IN')}
          hint={hints.orders}
          icon={<ReceiptIcon />}
        />
        <StatCard
          label="Revenue"
          value={formatINR(d.revenue)}
          hint={hints.revenue}
          icon={<span className="text-lg font-bold">₹</span>}
        />
        <StatCard
          label="Products"
          value={d.products.toLocaleString('en-IN')}
          hint="Listed in the shop"
          icon={<BoxIcon />}
        />
        {card(d)}
      </div>
      {children(d)}
    </>
  );
}

const shortDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (iso: string) => shortDate.format(new Date(`${iso}T00:00:00Z`));

/** Revenue per day as an area chart, with a visually hidden table for screen readers. */
export function RevenueChart({ data, title = 'Revenue by day' }: { data: RevenueByDay[]; title?: string }) {
  const total = data.reduce((s, d) => s + d.revenue, 0);
  return (
    <figure className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <figcaption className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-gray-900">{title}</span>
        <span className="text-sm text-gray-600">
          {data.length} days · {formatINR(total)}
        </span>
      </figcaption>
      <div className="h-72 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <defs>
              <linearGradient id="revenueFill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#4f46e5" stopOpacity={0.3} />
                <stop offset="100%" stopColor="#4f46e5" stopOpacity={0} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={dayLabel}
              tick={{ fontSize: 12, fill: '#4b5563' }}
              minTickGap={24}
            />
            <YAxis
              tickFormatter={(v: number) => formatINR(v)}
              tick={{ fontSize: 12, fill: '#4b5563' }}
              width={80}
              allowDecimals={false}
            />
            <Tooltip
              formatter={(v) => [formatINR(Number(v)), 'Revenue']}
              labelFormatter={(l) => dayLabel(String(l))}
            />
            <Area
              type="monotone"
              dataKey="revenue"
              stroke="#4f46e5"
              strokeWidth={2}
              fill="url(#revenueFill)"
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {data
            .filter((d) => d.revenue > 0)
            .map((d) => (
              <tr key={d.date}>
                <td>{dayLabel(d.date)}</td>
                <td>{formatINR(d.revenue)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
