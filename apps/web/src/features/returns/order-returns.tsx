/** The returns of one order in its details (docs/web.md, "Returns"): each with its steps and actions. */
import { LoadingRegion, Skeleton } from '../../components/ui';
import { ReturnCard } from './return-card';
import { useShopReturnsQuery } from './returns-api';

export function OrderReturns({ orderId }: { orderId: string }) {
  const { data, isLoading, isError } = useShopReturnsQuery(
    { orderId, page: 1, limit: 50 },
    { refetchOnMountOrArgChange: true },
  );
  if (isLoading) {
    return (
      <LoadingRegion label="Loading returns…">
        <Skeleton className="h-24" />
      </LoadingRegion>
    );
  }
  if (isError) return <p className="text-sm text-gray-700">The returns of this order could not be loaded.</p>;
  if (!data || data.data.length === 0) return null;
  return (
    <section aria-labelledby="order-returns" className="flex flex-col gap-2">
      <h3 id="order-returns" className="font-semibold text-gray-900">
        Returns
      </h3>
      {data.data.map((r) => (
        <ReturnCard key={r.id} r={r} />
      ))}
    </section>
  );
}
