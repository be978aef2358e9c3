import { Link } from 'react-router-dom';
import { toast } from '../../../../lib/toast';
import { useAppSelector } from '../../../hooks';
import { HeartIcon, TrashIcon } from '../../../../components/icons';
import {
  buttonClass,
  EmptyState,
  LoadingRegion,
  Price,
  ProductThumb,
  Skeleton,
} from '../../../../components/ui';
import {
  useGetWishlistQuery,
  useRemoveFromWishlistMutation,
} from '../../../../features/wishlist/wishlist-api';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export default function WishlistPage() {
  useDocumentTitle('My wishlist');
  const user = useAppSelector((s) => s.auth.user)!;
  const { data: items = [], isLoading } = useGetWishlistQuery(user.id, { refetchOnMountOrArgChange: true });
  const [removeItem] = useRemoveFromWishlistMutation();
  const remove = async (productId: string) => {
    const r = await removeItem({ userId: user.id, productId });
    if (!r.error) toast.success('Removed from wishlist');
    else toast.error('Failed to remove from wishlist');
  };
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-bold text-gray-900">My Wishlist ({items.length})</h1>
      {isLoading ? (
        <LoadingRegion label="Loading wishlist" className="grid gap-4 sm:grid-cols-2" repeat={2}>
          <Skeleton className="h-40" />
        </LoadingRegion>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<HeartIcon width={48} height={48} />}
          title="Your wishlist is empty!"
          description="Add items to view them here."
          action={
            <Link to="/shop/listing" className={buttonClass('primary')}>
              Shop now
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((w) => (
            <li
              key={w.productId}
              className="relative flex flex-col overflow-hidden rounded-xl border border-gray-200"
              data-testid="wishlist-item"
            >
              <Link to={`/product/${w.productId}`}>
                <ProductThumb item={w} size={400} height={300} className="aspect-[4/3] w-full" />
              </Link>
              <button
                type="button"
                onClick={() => remove(w.productId)}
                aria-label={`Remove ${w.title} from wishlist`}
                className="absolute right-2 top-2 flex h-9 w-9 items-center justify-center rounded-full bg-white text-red-600 shadow ring-1 ring-gray-200 hover:bg-red-50"
              >
                <TrashIcon width={18} height={18} />
              </button>
              <div className="flex flex-1 flex-col gap-1 p-3">
                <Link
                  to={`/product/${w.productId}`}
                  className="font-semibold text-gray-900 hover:text-brand-700"
                >
                  {w.title}
                </Link>
                <Price price={w.price} salePrice={w.salePrice} discount={w.discount} size="sm" />
                <p className="line-clamp-2 text-sm text-gray-600">{w.description}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
