/** Logging out from a menu or a console: one call, the toast, and the page to land on. */
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useLogoutMutation } from './auth-api';

export function useSignOut({
  to,
  replace = false,
  done = 'logged out successful!',
  failure,
}: {
  /** where the browser goes once logged out */
  to: string;
  replace?: boolean;
  /** the toast once logged out */
  done?: string;
  /** the toast when the server refused (none without it) */
  failure?: (error: unknown) => string;
}) {
  const [logout, { isLoading }] = useLogoutMutation();
  const navigate = useNavigate();
  const signOut = async () => {
    const r = await logout();
    if (!r.error) {
      toast.success(done);
      navigate(to, replace ? { replace } : undefined);
    } else if (failure) toast.error(failure(r.error));
  };
  return { signOut, signingOut: isLoading };
}
