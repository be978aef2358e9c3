import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LOGIN_LINK_SENT, loginInputSchema } from '@mp/shared';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../hooks';
import { Button, Input } from '../../../components/ui';
import { useLoginMutation } from '../../../features/auth/auth-api';
import { loginErrorMessage } from '../../../features/auth/auth-slice';
import { fieldProps, useZodForm } from '../../../lib/form';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function LoginPage() {
  useDocumentTitle('Log in');
  const [login] = useLoginMutation();
  const isLoading = useAppSelector((s) => s.auth.isLoading);
  const [params] = useSearchParams();
  const form = useZodForm(loginInputSchema, { email: '', password: '' });
  const busy = form.formState.isSubmitting;
  const [linkSent, setLinkSent] = useState(false);

  const submit = form.handleSubmit(async (input) => {
    const r = await login(input);
    // a locked account's owner gets a one-time sign-in link instead of a session (docs/security.md)
    if (r.data && 'code' in r.data && r.data.code === LOGIN_LINK_SENT) setLinkSent(true);
    else if (r.data) toast.success(r.data.message || 'Logged in successfully');
    else toast.error(loginErrorMessage(r.error));
    // on success the access guard sends the user to the remembered page or the role's home
  });
  const role = params.get('role');
  return (
    <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold text-gray-900">Sign in to your account</h1>
      <p className="mt-1 text-sm text-gray-600">
        Don&apos;t have an account?{' '}
        <Link
          to={`/auth/register${role ? `?role=${role}` : ''}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          Register
        </Link>
      </p>
      {linkSent && (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 p-4 text-sm text-brand-800">
          We e-mailed you a sign-in link. Open it within 15 minutes to sign in.
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        <Input label="Email" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <Input
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...fieldProps(form, 'password')}
        />
        <Button type="submit" className="w-full" size="lg" loading={busy && isLoading}>
          Sign In
        </Button>
      </form>
      <p className="mt-6 border-t border-gray-100 pt-4 text-center text-sm text-gray-600">
        Want to sell on Haat?{' '}
        <Link to="/auth/register-seller?role=seller" className="font-semibold text-brand-700 hover:underline">
          Register as a seller
        </Link>
      </p>
    </div>
  );
}
