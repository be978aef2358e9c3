/** Seller layout: 'Business Panel' sidebar (disabled until approval) and the LogOut top bar. */
import { TestPaymentsNotice } from '../../../features/shop-config/test-payments-notice';
import { Outlet } from 'react-router-dom';
import { errorMessage } from '../../../lib/api';
import { useAppSelector } from '../../hooks';
import { useSignOut } from '../../../features/auth/use-sign-out';
import { ConsoleShell, type ConsoleNavItem } from '../../../features/console/console-shell';
import {
  BellIcon,
  BoxIcon,
  DashboardIcon,
  ReceiptIcon,
  StoreIcon,
  TagIcon,
  UploadIcon,
  WalletIcon,
} from '../../../features/console/icons';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';

const NAV: ConsoleNavItem[] = [
  { to: '/seller/dashboard', label: 'Dashboard', icon: DashboardIcon },
  { to: '/seller/products', label: 'Products', icon: BoxIcon },
  { to: '/seller/import', label: 'Import products', icon: UploadIcon },
  { to: '/seller/orders', label: 'Orders', icon: ReceiptIcon },
  { to: '/seller/returns', label: 'Returns', icon: BoxIcon },
  { to: '/seller/earnings', label: 'Earnings', icon: WalletIcon },
  { to: '/seller/tax', label: 'Tax', icon: ReceiptIcon },
  { to: '/seller/notifications', label: 'Notifications', icon: BellIcon },
  { to: '/seller/store', label: 'Store', icon: StoreIcon },
  { to: '/seller/coupons', label: 'Coupons', icon: TagIcon },
];

export const APPROVAL_HINT = 'Access restricted until admin approval';

export function SellerLayout() {
  const seller = useAppSelector((s) => s.auth.seller);
  const { signOut, signingOut } = useSignOut({
    to: '/auth/login',
    replace: true,
    failure: (error) => errorMessage(error, 'Logout failed'),
  });

  return (
    <ConsoleShell
      title="Business Panel"
      items={NAV}
      disabledHint={seller?.isapproved ? null : APPROVAL_HINT}
      onLogout={() => void signOut()}
      loggingOut={signingOut}
      topBarExtra={
        <>
          {seller?.isapproved && <NotificationBell />}
          {seller?.storename && (
            <span className="hidden max-w-[14rem] truncate text-sm font-medium text-gray-700 sm:inline">
              {seller.storename}
            </span>
          )}
        </>
      }
    >
      <TestPaymentsNotice />
      <Outlet />
    </ConsoleShell>
  );
}
