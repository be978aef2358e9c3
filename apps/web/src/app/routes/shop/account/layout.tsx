import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../../hooks';
import {
  BoxIcon,
  HeartIcon,
  LogoutIcon,
  MapPinIcon,
  StoreIcon,
  UserIcon,
} from '../../../../components/icons';
import { cn } from '../../../../components/ui';
import { useSignOut } from '../../../../features/auth/use-sign-out';
import { PageFallback } from '../../../page-fallback';

const LINKS = [
  { to: '/shop/account/profile', label: 'Profile Information', icon: UserIcon },
  { to: '/shop/account/address', label: 'Manage Addresses', icon: MapPinIcon },
  { to: '/shop/account/orders', label: 'My Orders', icon: BoxIcon },
  { to: '/shop/account/returns', label: 'My Returns', icon: BoxIcon },
  { to: '/shop/account/wishlist', label: 'Wishlist', icon: HeartIcon },
  { to: '/auth/login', label: 'Become a Seller', icon: StoreIcon },
];

export default function AccountLayout() {
  const user = useAppSelector((s) => s.auth.user);
  const { signOut: logout } = useSignOut({ to: '/' });
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On phones the menu is one scrolling row: keep the current page's entry in view (centred when it can be).
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - nav.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  const item = 'flex items-center gap-3 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium';
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 lg:grid-cols-[250px_1fr]">
      <aside className="min-w-0 self-start rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
        <div className="mb-2 hidden items-center gap-3 border-b border-gray-100 px-2 pb-3 lg:flex">
          <span
            aria-hidden
            className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 font-bold uppercase text-brand-700"
          >
            {user?.username.charAt(0)}
          </span>
          <div className="min-w-0">
            <p className="text-xs text-gray-500">Hello,</p>
            <p className="truncate font-semibold text-gray-900">{user?.username}</p>
          </div>
        </div>
        <nav ref={navRef} aria-label="Account" className="relative flex gap-1 overflow-x-auto lg:flex-col">
          {LINKS.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={label}
              to={to}
              className={({ isActive }) =>
                cn(item, isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-50')
              }
            >
              <Icon width={18} height={18} /> {label}
            </NavLink>
          ))}
          <button type="button" onClick={logout} className={cn(item, 'text-gray-700 hover:bg-gray-50')}>
            <LogoutIcon width={18} height={18} /> Logout
          </button>
        </nav>
      </aside>
      <section className="min-w-0">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
