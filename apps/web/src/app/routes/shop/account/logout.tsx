import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../../hooks';
import { logoutUser } from '../../../../features/auth/auth-slice';
import { Spinner } from '../../../../components/ui';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** /shop/account/logout logs out (decisions.md). */
export default function AccountLogoutPage() {
  useDocumentTitle('Log out');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(logoutUser()).then((r) => {
      if (logoutUser.fulfilled.match(r)) toast.success('logged out successful!');
      navigate('/', { replace: true });
    });
  }, [dispatch, navigate]);
  return (
    <div className="flex items-center gap-3 p-8 text-gray-600">
      <Spinner label="Logging out" /> Logging out…
    </div>
  );
}
