import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../../lib/toast';
import { useLogoutMutation } from '../../../../features/auth/auth-api';
import { Spinner } from '../../../../components/ui';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** /shop/account/logout logs out (docs/web.md, "Who may open what"). */
export default function AccountLogoutPage() {
  useDocumentTitle('Log out');
  const [logoutCall] = useLogoutMutation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logoutCall().then((r) => {
      if (!r.error) toast.success('logged out successful!');
      navigate('/', { replace: true });
    });
  }, [logoutCall, navigate]);
  return (
    <div className="flex items-center gap-3 p-8 text-gray-600">
      <Spinner label="Logging out" /> Logging out…
    </div>
  );
}
