import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A page in place of the one asked for: the status, what happened, and the way home. */
function StatusPage({ status, title, children }: { status: number; title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main id="main" className="flex min-h-[70vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden>
        {status}
      </p>
      {children}
      <Link to="/" className={buttonClass('primary', 'lg')}>
        Go to Homepage
      </Link>
    </main>
  );
}

export function UnauthPage() {
  return (
    <StatusPage status={403} title="Access denied">
      <h1 className="text-2xl font-bold text-gray-900">Access Denied</h1>
      <p className="max-w-md text-gray-600">You don&apos;t have permission to view this page.</p>
    </StatusPage>
  );
}

export function NotFound() {
  return (
    <StatusPage status={404} title="Page not found">
      <h1 className="text-2xl font-bold text-gray-900">Oops! We couldn&apos;t find that page.</h1>
    </StatusPage>
  );
}
