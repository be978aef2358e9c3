/** The heart on product cards: filled red when in the wishlist, grey outline otherwise; click toggles. */
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HeartIcon } from '../../components/icons';
import { cn } from '../../components/ui';
import { addToWishlist, removeFromWishlist } from './wishlist-slice';

export function WishlistHeart({
  productId,
  title,
  className,
}: {
  productId: string;
  title: string;
  className?: string;
}) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const inList = useAppSelector((s) => s.wishlist.items.some((w) => w.productId === productId));
  const busy = useAppSelector((s) => s.wishlist.pending.includes(productId));

  const toggle = async () => {
    if (!user) {
      toast.warn('Please login to manage wishlist');
      return;
    }
    if (inList) {
      const r = await dispatch(removeFromWishlist({ userId: user.id, productId }));
      if (removeFromWishlist.fulfilled.match(r)) toast.success('Removed from wishlist');
      else toast.error('Failed to remove from wishlist');
    } else {
      const r = await dispatch(addToWishlist({ userId: user.id, productId }));
      if (addToWishlist.fulfilled.match(r)) toast.success('Added to wishlist');
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
