import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

export function UnauthPage() {
  useDocumentTitle('Access denied');
  return (
    <main id="main" className="flex min-h-[70vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden>
        403
      </p>
      <h1 className="text-2xl font-bold text-gray-900">Access Denied</h1>
      <p className="max-w-md text-gray-600">You don&apos;t have permission to view this page.</p>
      <Link to="/" className={buttonClass('primary', 'lg')}>
        Go to Homepage
      </Link>
    </main>
  );
}

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <main id="main" className="flex min-h-[70vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold text-gray-900">Oops! We couldn&apos;t find that page.</h1>
      <Link to="/" className={buttonClass('primary', 'lg')}>
        Go to Homepage
      </Link>
    </main>
  );
}
