/** Seller "Returns": the queue with its deadlines and decisions (docs/web.md, "Returns"); `?order=` narrows to one order. */
import { useSearchParams } from 'react-router-dom';
import { ConsolePage } from '../../../features/console/console-page';
import { SellerReturnsQueue } from '../../../features/returns/seller-returns';

export default function SellerReturnsPage() {
  const [params] = useSearchParams();
  return (
    <ConsolePage title="Returns – Seller" heading="Returns">
      <SellerReturnsQueue orderId={params.get('order') ?? undefined} />
    </ConsolePage>
  );
}
