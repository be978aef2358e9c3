import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../app/hooks';

/** Returns the logged-in shopper, or null after warning with `message` and sending the visitor to login
 * (remembering this page so login can bring them back). */
export function useLoginPrompt() {
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (message = 'Please login to continue.', redirect = true) => {
      if (user) return user;
      toast.warn(message);
      if (redirect) navigate('/auth/login', { state: { from: `${location.pathname}${location.search}` } });
      return null;
    },
    [user, navigate, location.pathname, location.search],
  );
}
