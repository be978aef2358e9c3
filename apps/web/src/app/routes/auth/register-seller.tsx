import { Link } from 'react-router-dom';
import { SellerRegistrationForm } from '../../../features/auth/seller-registration-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function RegisterSellerPage() {
  useDocumentTitle('Become a seller');
  return (
    <div className="w-full max-w-2xl rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-1 text-2xl font-bold text-gray-900">Haat Seller Registration</h1>
      <p className="mb-6 text-sm text-gray-600">
        Fields marked <span className="text-red-600">*</span> are required. Already registered?{' '}
        <Link to="/auth/login?role=seller" className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
      <SellerRegistrationForm />
    </div>
  );
}
