import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLoginLinkMutation } from '../../../features/auth/auth-api';
import { errorCode } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * Uses up an e-mailed one-time sign-in link (docs/security.md). The token comes in the address's fragment, which
 * the browser never sends to a server; once signed in, the access guard sends the user to the role's home.
 */
export default function LoginLinkPage() {
  useDocumentTitle('Signing in');
  const [consume] = useLoginLinkMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // a link works once: never send it twice
    started.current = true;
    const token = window.location.hash.slice(1);
    window.history.replaceState(null, '', window.location.pathname);
    void consume({ token }).then((r) => {
      if (!r.error) return;
      setFailed(
        errorCode(r.error) === 'LOGIN_LINK_INVALID' || !token
          ? 'This sign-in link is not valid any more. Log in again to get a new one.'
          : 'We could not sign you in just now. Please try the link again.',
      );
    });
  }, [consume]);

  return (
    <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold text-gray-900">Signing you in</h1>
      {failed ? (
        <p role="alert" className="mt-4 text-sm text-gray-700">
          {failed}{' '}
          <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>
        </p>
      ) : (
        <p className="mt-4 text-sm text-gray-600">One moment…</p>
      )}
    </div>
  );
}
