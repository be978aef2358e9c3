/** Shop header: brand, keyword search, Become a Seller, Cart with its line count, Login or the account menu. */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../hooks';
import { useSignOut } from '../../../features/auth/use-sign-out';
import { useShopperId } from '../../../features/auth/use-session';
import { useGetCartQuery } from '../../../features/cart/cart-api';
import { SearchBox } from '../../../features/shop/search-box';
import { errorMessage } from '../../../lib/api';
import { BrandLogo } from '../../../components/brand-logo';
import { CartIcon, LogoutIcon, MenuIcon, StoreIcon, UserIcon } from '../../../components/icons';
import { Button, buttonClass, cn, Drawer } from '../../../components/ui';

function AccountMenu({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { signOut: logout } = useSignOut({ to: '/', failure: (e) => errorMessage(e, 'Logout failed') });
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const signOut = async () => {
    setOpen(false);
    await logout();
  };
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${username}`}
        onClick={() => setOpen((o) => !o)}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-accent-500 text-base font-bold uppercase text-gray-950"
      >
        {username.charAt(0)}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 z-40 mt-2 w-56 overflow-hidden rounded-lg border border-gray-200 bg-white py-1 text-sm text-gray-800 shadow-lg"
        >
          <p className="truncate border-b border-gray-100 px-4 py-2 text-gray-500">Logged in as {username}</p>
          <Link
            role="menuitem"
            to="/shop/account/profile"
            onClick={() => setOpen(false)}
            className="flex items-center gap-2 px-4 py-2 hover:bg-gray-50"
          >
            <UserIcon width={16} height={16} /> Profile
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={signOut}
            className="flex w-full items-center gap-2 px-4 py-2 text-left hover:bg-gray-50"
          >
            <LogoutIcon width={16} height={16} /> Logout
          </button>
        </div>
      )}
    </div>
  );
}

function CartLink({ className }: { className?: string }) {
  const userId = useShopperId();
  // the header badge: the number of distinct cart lines
  const count = useGetCartQuery(userId ?? '', { skip: !userId }).data?.items.length ?? 0;
  return (
    <Link
      to="/shop/cart"
      className={cn('relative inline-flex items-center gap-2 rounded-md px-2 py-2 font-medium', className)}
    >
      <span className="relative">
        <CartIcon width={24} height={24} />
        {count > 0 && (
          <span
            aria-hidden
            data-testid="cart-badge"
            className="absolute -right-2 -top-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-gray-950"
          >
            {count}
          </span>
        )}
      </span>
      <span>Cart</span>
      <span className="sr-only">
        , {count} {count === 1 ? 'item' : 'items'}
      </span>
    </Link>
  );
}

export function ShopHeader() {
  const { user, isAuthenticated } = useAppSelector((s) => s.auth);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const { signOut: logout } = useSignOut({ to: '/' });
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const loggedIn = isAuthenticated && user;
  const signOut = async () => {
    setMenuOpen(false);
    await logout();
  };

  return (
    <header className="sticky top-0 z-30 bg-brand-700 text-white shadow">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-white/10 lg:hidden"
          aria-label="Open menu"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon width={24} height={24} />
        </button>
        <BrandLogo className="text-white" />
        <SearchBox className="mx-4 hidden max-w-xl flex-1 lg:block" />
        <nav aria-label="Main" className="ml-auto flex items-center gap-2">
          <Link
            to="/auth/login"
            className="hidden items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 lg:inline-flex"
          >
            <StoreIcon /> Become a Seller
          </Link>
          <CartLink className="hover:bg-white/10" />
          {loggedIn ? (
            <AccountMenu username={user.username} />
          ) : (
            <Link to="/auth/login" className={buttonClass('accent', 'md', 'ml-1')}>
              Login
            </Link>
          )}
        </nav>
      </div>
      <div className="px-4 pb-3 lg:hidden">
        <SearchBox />
      </div>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title="Menu" side="left">
        <nav aria-label="Mobile" className="flex flex-col gap-1 text-gray-800">
          {loggedIn && <p className="mb-2 text-sm text-gray-500">Logged in as {user.username}</p>}
          {[
            ['/', 'Home'],
            ['/shop/listing', 'All products'],
            ['/shop/cart', 'Cart'],
            ...(loggedIn
              ? [
                  ['/shop/account/profile', 'Profile'],
                  ['/shop/account/orders', 'My Orders'],
                  ['/shop/account/wishlist', 'Wishlist'],
                ]
              : []),
            ['/auth/login', 'Become a Seller'],
          ].map(([to, label]) => (
            <NavLink
              key={label}
              to={to!}
              end
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 font-medium hover:bg-gray-100',
                  isActive && 'bg-brand-50 text-brand-700',
                )
              }
            >
              {label}
            </NavLink>
          ))}
          {loggedIn ? (
            <Button variant="outline" className="mt-4" onClick={signOut}>
              Logout
            </Button>
          ) : (
            <Link to="/auth/login" className={buttonClass('primary', 'md', 'mt-4')}>
              Login
            </Link>
          )}
        </nav>
      </Drawer>
    </header>
  );
}
