/** "My returns" in the shopper's account (docs/web.md, "Returns"): every return, newest first, a page at a time. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, LoadFailed, LoadingRegion, Skeleton } from '../../components/ui';
import { Pager } from '../tax/pager';
import { ReturnCard } from './return-card';
import { useShopReturnsQuery } from './returns-api';

const PAGE = 10;

export function MyReturns() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, refetch } = useShopReturnsQuery(
    { page, limit: PAGE },
    { refetchOnMountOrArgChange: true },
  );
  if (isLoading) {
    return (
      <LoadingRegion label="Loading returns…" className="flex flex-col gap-3" repeat={2}>
        <Skeleton className="h-32" />
      </LoadingRegion>
    );
  }
  if (error || !data) {
    return (
      <LoadFailed title="Your returns could not be loaded" error={error} onRetry={() => void refetch()} />
    );
  }
  if (data.data.length === 0) {
    return (
      <EmptyState
        title="No returns"
        description="To return something delivered, open the order in My Orders and choose Return on the item."
        action={<Link to="/shop/account/orders">My Orders</Link>}
      />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {data.data.map((r) => (
        <ReturnCard key={r.id} r={r} showOrder />
      ))}
      <Pager page={page} pages={data.pagination.pages} setPage={setPage} />
    </div>
  );
}
