/** The heart on product cards: filled red when in the wishlist, grey outline otherwise; click toggles. */
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';
import { HeartIcon } from '../../components/icons';
import { cn } from '../../components/ui';
import { useAddToWishlistMutation, useGetWishlistQuery, useRemoveFromWishlistMutation } from './wishlist-api';

export function WishlistHeart({
  productId,
  title,
  className,
}: {
  productId: string;
  title: string;
  className?: string;
}) {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const { inList } = useGetWishlistQuery(user?.id ?? '', {
    skip: !user,
    selectFromResult: (r) => ({ inList: r.data?.some((w) => w.productId === productId) ?? false }),
  });
  const [add, adding] = useAddToWishlistMutation();
  const [removeItem, removing] = useRemoveFromWishlistMutation();
  const busy = adding.isLoading || removing.isLoading;

  const toggle = async () => {
    if (!user) {
      toast.warn('Please login to manage wishlist');
      return;
    }
    if (inList) {
      const r = await removeItem({ userId: user.id, productId });
      if (!r.error) toast.success('Removed from wishlist');
      else toast.error('Failed to remove from wishlist');
    } else {
      const r = await add({ userId: user.id, productId });
      if (!r.error) toast.success('Added to wishlist');
      else toast.error('Failed to add to wishlist');
    }
  };

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={inList}
      aria-label={inList ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
      data-testid="wishlist-heart"
      className={cn(
        'flex h-9 w-9 items-center justify-center rounded-full bg-white/95 shadow-sm ring-1 ring-gray-200 transition hover:scale-105 disabled:opacity-60',
        className,
      )}
    >
      <HeartIcon
        filled={inList}
        className={inList ? 'text-red-500' : 'text-gray-400'}
        width={20}
        height={20}
      />
    </button>
  );
}
