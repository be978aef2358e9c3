import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { registerInputSchema } from '@mp/shared';
import { Button, Input } from '../../../components/ui';
import { useRegisterMutation } from '../../../features/auth/auth-api';
import { errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

const empty = { username: '', email: '', password: '' };

export default function RegisterPage() {
  useDocumentTitle('Create an account');
  const [register] = useRegisterMutation();
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = registerInputSchema.safeParse(values);
    if (!parsed.success) {
      const fe: Record<string, string> = {};
      for (const i of parsed.error.issues) fe[String(i.path[0])] ??= i.message;
      setErrors(fe);
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await register(parsed.data);
    setBusy(false);
    if (r.data) {
      toast.success(r.data.message || 'Registration Successful!');
      setValues(empty);
      navigate('/auth/login');
    } else toast.error(errorMessage(r.error, 'Registration failed'));
  };

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
        <Input
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={values.username}
          onChange={set('username')}
          error={errors.username}
        />
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Input
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint="At least 8 characters, not a common password"
        />
        <Button type="submit" className="w-full" size="lg" loading={busy}>
          Sign Up
        </Button>
      </form>
    </div>
  );
}
