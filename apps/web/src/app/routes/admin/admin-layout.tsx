/** Admin layout: fixed 250px 'Admin Panel' sidebar (slide-in below 992px) and the LogOut top bar. */
import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { useLogoutMutation } from '../../../features/auth/auth-api';
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
  const [logoutCall] = useLogoutMutation();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logout() {
    setLoggingOut(true);
    const result = await logoutCall();
    setLoggingOut(false);
    if (!result.error) {
      toast.success('Logged out successfully!');
      navigate('/auth/login', { replace: true });
    } else {
      toast.error('Logout failed');
    }
  }

  return (
    <ConsoleShell title="Admin Panel" items={NAV} onLogout={() => void logout()} loggingOut={loggingOut}>
      <TestPaymentsNotice />
      <Outlet />
    </ConsoleShell>
  );
}
