import { toast } from '../../../../lib/toast';
import { GENDERS } from '@mp/shared/constants';
import { profileUpdateInputSchema } from '@mp/shared';
import { useAppSelector } from '../../../hooks';
import { Button, Input, Select } from '../../../../components/ui';
import { useUpdateProfileMutation } from '../../../../features/auth/auth-api';
import { fieldProps, showServerErrors, useZodForm } from '../../../../lib/form';
import { useDocumentTitle } from '../../../../lib/use-document-title';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: g.charAt(0).toUpperCase() + g.slice(1) }));

export default function ProfilePage() {
  useDocumentTitle('My profile');
  const user = useAppSelector((s) => s.auth.user)!;
  const [updateProfile] = useUpdateProfileMutation();
  const form = useZodForm(profileUpdateInputSchema, {
    phone: user.phone ?? '',
    gender: user.gender ?? '',
    dob: user.dob ?? '',
  });
  const busy = form.formState.isSubmitting;
  const phone = String(form.watch('phone') ?? '');

  const submit = form.handleSubmit(async (input) => {
    // the answer updates the session's user (auth slice); a 401 clears the session like any call (lib/api.ts)
    const r = await updateProfile({ id: user.id, input });
    if (!r.error) toast.success('Profile updated successfully!');
    else {
      showServerErrors(form, r.error);
      toast.error('Profile update failed!');
    }
  });

  return (
    <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h1 className="mb-6 text-xl font-bold text-gray-900">Edit Profile</h1>
      <form onSubmit={submit} noValidate className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <Input label="Full Name" value={user.fullName ?? user.username} readOnly />
        <Input label="Email" type="email" value={user.email} readOnly />
        <Input label="Phone" type="tel" required {...fieldProps(form, 'phone')} autoComplete="tel" />
        <Select label="Gender" options={GENDER_OPTIONS} {...fieldProps(form, 'gender')} />
        <Input
          label="Date of Birth"
          type="date"
          {...fieldProps(form, 'dob')}
          max={new Date().toISOString().slice(0, 10)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={busy} disabled={phone.trim() === ''}>
            Save Changes
          </Button>
        </div>
      </form>
    </div>
  );
}
