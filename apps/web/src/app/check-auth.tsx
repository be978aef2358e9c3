import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from './hooks';
import { resolveAccess } from '../components/guard/access';

/** Wraps every layout: sends the visitor where section 6 says, remembering the origin for login. */
export function CheckAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const role = useAppSelector((s) => s.auth.user?.role ?? null);
  const seller = useAppSelector((s) => s.auth.seller);
  const redirect = resolveAccess(location.pathname, { isAuthenticated, role, seller });
  if (!redirect) return <>{children}</>;
  const from = redirect.rememberFrom ? { from: `${location.pathname}${location.search}` } : undefined;
  // after login the auth pages send the user back to `from` when it is set
  const fromState = (location.state as { from?: string } | null)?.from;
  if (location.pathname.startsWith('/auth') && fromState) return <Navigate to={fromState} replace />;
  return <Navigate to={redirect.to} replace state={from} />;
}
