/** Who is signed in, read from the session slice. */
import { useAppSelector } from '../../app/hooks';

/** The signed-in shopper's id (role `user`), or null: the cart, wishlist and checkout belong to shoppers only. */
export function useShopperId(): string | null {
  return useAppSelector((s) =>
    s.auth.isAuthenticated && s.auth.user?.role === 'user' ? s.auth.user.id : null,
  );
}
