/** Who may open what (docs/web.md) as one pure function: where (if anywhere) a visitor must go instead. */
import type { Role, SellerDto } from '@mp/shared';

export interface AccessState {
  isAuthenticated: boolean;
  role: Role | null;
  seller: Pick<SellerDto, 'isapproved'> | null;
}

export interface Redirect {
  to: string;
  /** remember where the visitor came from so login can send them back */
  rememberFrom?: boolean;
}

const PUBLIC_SHOP = [
  /^\/$/,
  /^\/shop\/listing(\/.*)?$/,
  /^\/shop\/store\/[^/]+\/?$/,
  /^\/shop\/cart\/?$/,
  /^\/product\/[^/]+\/?$/,
];

/**
 * Pages an anonymous visitor may see whoever they turn out to be: for a visitor with no stored session they render
 * before the start-up session check answers (a signed-in visitor waits, since the check may send them elsewhere).
 */
export function isPublicShopPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PUBLIC_SHOP.some((re) => re.test(path));
}

export const roleHome = (role: Role | null): string =>
  role === 'admin' ? '/admin/dashboard' : role === 'seller' ? '/seller/dashboard' : '/';

export function resolveAccess(pathname: string, s: AccessState): Redirect | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/unauth-page') return null;
  const isAuthPage = path.startsWith('/auth');
  const isAdmin = path === '/admin' || path.startsWith('/admin/');
  const isSeller = path === '/seller' || path.startsWith('/seller/');

  if (!s.isAuthenticated) {
    if (isAuthPage) return null;
    if (isAdmin || isSeller) return { to: '/auth/login' };
    if (isPublicShopPath(path)) return null;
    // checkout, payment pages and the account area need a login; unknown paths fall through to not-found
    if (path.startsWith('/shop/')) return { to: '/auth/login', rememberFrom: true };
    return null;
  }

  if (isAuthPage) return { to: roleHome(s.role) };
  if (path === '/' && s.role !== 'user') return { to: roleHome(s.role) };
  if (isAdmin && s.role !== 'admin') return { to: '/unauth-page' };
  if (isSeller && s.role !== 'seller') return { to: '/unauth-page' };
  if (isSeller && s.role === 'seller' && !s.seller?.isapproved && path !== '/seller/pending') {
    return { to: '/seller/pending' };
  }
  if (s.role === 'admin' && (path.startsWith('/shop') || path.startsWith('/product')))
    return { to: '/admin/dashboard' };
  return null;
}
