/** Admin layout: fixed 250px 'Admin Panel' sidebar (slide-in below 992px) and the LogOut top bar. */
import { Outlet } from 'react-router-dom';
import { useSignOut } from '../../../features/auth/use-sign-out';
import { ConsoleShell, type ConsoleNavItem } from '../../../features/console/console-shell';
import { TestPaymentsNotice } from '../../../features/shop-config/test-payments-notice';
import {
  BoxIcon,
  DashboardIcon,
  ImageIcon,
  ReceiptIcon,
  TagIcon,
  UsersIcon,
  WalletIcon,
} from '../../../features/console/icons';

const NAV: ConsoleNavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: DashboardIcon },
  { to: '/admin/products', label: 'Products', icon: BoxIcon },
  { to: '/admin/orders', label: 'Orders', icon: ReceiptIcon },
  { to: '/admin/returns', label: 'Returns', icon: BoxIcon },
  { to: '/admin/seller-listing', label: "Seller's", icon: UsersIcon },
  { to: '/admin/banner', label: 'Banner', icon: ImageIcon },
  { to: '/admin/brands', label: 'Brands', icon: BoxIcon },
  { to: '/admin/categories', label: 'Categories', icon: BoxIcon },
  { to: '/admin/payouts', label: 'Payouts', icon: WalletIcon },
  { to: '/admin/tax', label: 'Tax', icon: ReceiptIcon },
  { to: '/admin/delivery', label: 'Delivery', icon: BoxIcon },
  { to: '/admin/coupons', label: 'Coupons', icon: TagIcon },
];

export function AdminLayout() {
  const { signOut, signingOut } = useSignOut({
    to: '/auth/login',
    replace: true,
    done: 'Logged out successfully!',
    failure: () => 'Logout failed',
  });

  return (
    <ConsoleShell title="Admin Panel" items={NAV} onLogout={() => void signOut()} loggingOut={signingOut}>
      <TestPaymentsNotice />
      <Outlet />
    </ConsoleShell>
  );
}
