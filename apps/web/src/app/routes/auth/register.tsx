import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { registerInputSchema } from '@mp/shared';
import { Button, Input } from '../../../components/ui';
import { useRegisterMutation } from '../../../features/auth/auth-api';
import { errorMessage } from '../../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../../lib/form';
import { useDocumentTitle } from '../../../lib/use-document-title';

const empty = { username: '', email: '', password: '' };

export default function RegisterPage() {
  useDocumentTitle('Create an account');
  const [register, { isLoading: busy }] = useRegisterMutation();
  const navigate = useNavigate();
  const form = useZodForm(registerInputSchema, empty);

  const submit = form.handleSubmit(async (input) => {
    const r = await register(input);
    if (r.data) {
      toast.success(r.data.message || 'Registration Successful!');
      form.reset(empty);
      navigate('/auth/login');
    } else {
      showServerErrors(form, r.error);
      toast.error(errorMessage(r.error, 'Registration failed'));
    }
  });

  return (
    <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold text-gray-900">Create New Account</h1>
      <p className="mt-1 text-sm text-gray-600">
        Already have an account?{' '}
        <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        <Input label="Username" autoComplete="username" required {...fieldProps(form, 'username')} />
        <Input label="Email" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'password')}
          hint="At least 8 characters, not a common password"
        />
        <Button type="submit" className="w-full" size="lg" loading={busy}>
          Sign Up
        </Button>
      </form>
    </div>
  );
}
