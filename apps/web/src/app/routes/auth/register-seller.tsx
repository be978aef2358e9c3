import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { BUSINESS_TYPES } from '@mp/shared/constants';
import { sellerRegisterInputSchema, type Answer } from '@mp/shared';
import { Button, cn, Input, Select, Textarea } from '../../../components/ui';
import { useRegisterSellerMutation } from '../../../features/auth/auth-api';
import {
  emptySellerForm,
  SELLER_STEPS,
  submitBlockedMessage,
  validateStep,
  type FieldErrors,
  type SellerForm,
} from '../../../features/auth/seller-wizard';
import { errorMessage } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

const BUSINESS_OPTIONS = BUSINESS_TYPES.map((b) => ({ value: b, label: b }));

function Stepper({ step }: { step: number }) {
  return (
    <ol className="mb-8 grid grid-cols-3 gap-2" aria-label="Registration steps">
      {SELLER_STEPS.map((s, i) => (
        <li
          key={s.title}
          aria-current={i === step ? 'step' : undefined}
          className="flex flex-col items-center gap-2 text-center"
        >
          <span
            className={cn(
              'flex h-9 w-9 items-center justify-center rounded-full text-sm font-bold',
              i < step
                ? 'bg-green-600 text-white'
                : i === step
                  ? 'bg-brand-600 text-white'
                  : 'bg-gray-200 text-gray-600',
            )}
          >
            {i < step ? '✓' : i + 1}
          </span>
          <span
            className={cn('text-xs font-medium sm:text-sm', i === step ? 'text-gray-900' : 'text-gray-500')}
          >
            {s.title}
          </span>
        </li>
      ))}
    </ol>
  );
}

export default function RegisterSellerPage() {
  useDocumentTitle('Become a seller');
  const [registerSeller] = useRegisterSellerMutation();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<SellerForm>(emptySellerForm());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const set = (k: keyof SellerForm) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const next = () => {
    const errs = validateStep(values, step);
    setErrors(errs);
    if (Object.keys(errs).length === 0) setStep((s) => Math.min(s + 1, SELLER_STEPS.length - 1));
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setValues((v) => ({ ...v, image: '' }));
    setUploading(true);
    setProgress(0);
    const body = new FormData();
    body.append('my_file', file);
    try {
      const { data } = await api.post<Answer<'uploadSellerDocument'>>(
        '/api/auth/seller/upload-document',
        body,
        {
          onUploadProgress: (p) => setProgress(p.total ? Math.round((p.loaded / p.total) * 100) : 0),
        },
      );
      setValues((v) => ({ ...v, image: data.result.url }));
      setErrors((er) => ({ ...er, image: undefined }));
      setProgress(100);
    } catch (err) {
      setErrors((er) => ({ ...er, image: errorMessage(err, 'Upload failed!') }));
      setFileName('');
      if (fileRef.current) fileRef.current.value = '';
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step < SELLER_STEPS.length - 1) {
      next();
      return;
    }
    const blocked = submitBlockedMessage({ uploading, image: values.image });
    if (blocked) {
      // one toast however often it is asked for while it shows
      toast.error(blocked, { toastId: 'seller-submit-blocked' });
      return;
    }
    const parsed = sellerRegisterInputSchema.safeParse(values);
    if (!parsed.success) {
      // send the user to the first step with an error
      for (let i = 0; i < SELLER_STEPS.length; i++) {
        const errs = validateStep(values, i);
        if (Object.keys(errs).length) {
          setErrors(errs);
          setStep(i);
          return;
        }
      }
      return;
    }
    setBusy(true);
    const r = await registerSeller(parsed.data);
    setBusy(false);
    if (r.data) toast.success(r.data.message || 'Registration Successful!');
    else toast.error(errorMessage(r.error, 'Registration failed'));
    // on success the seller is logged in and the access guard sends them to /seller/pending or the dashboard
  };

  return (
    <div className="w-full max-w-2xl rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-1 text-2xl font-bold text-gray-900">Haat Seller Registration</h1>
      <p className="mb-6 text-sm text-gray-600">
        Fields marked <span className="text-red-600">*</span> are required. Already registered?{' '}
        <Link to="/auth/login?role=seller" className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
      <Stepper step={step} />
      <form onSubmit={submit} noValidate>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-4 text-lg font-semibold text-gray-900">
            Step {step + 1}: {SELLER_STEPS[step]!.title}
          </legend>
          {step === 0 && (
            <>
              <Input
                label="Username"
                required
                autoComplete="username"
                value={values.username}
                onChange={set('username')}
                error={errors.username}
              />
              <Input
                label="Email"
                type="email"
                required
                autoComplete="email"
                value={values.email}
                onChange={set('email')}
                error={errors.email}
              />
              <Input
                label="Phone"
                type="tel"
                required
                autoComplete="tel"
                value={values.phone}
                onChange={set('phone')}
                error={errors.phone}
              />
              <Input
                label="Password"
                type="password"
                required
                autoComplete="new-password"
                value={values.password}
                onChange={set('password')}
                error={errors.password}
              />
            </>
          )}
          {step === 1 && (
            <>
              <Input
                label="Store Name"
                required
                value={values.storename}
                onChange={set('storename')}
                error={errors.storename}
              />
              <Input
                label="GST Number"
                value={values.gstno}
                onChange={set('gstno')}
                error={errors.gstno}
                hint="Optional, 15 characters"
              />
              <Select
                label="Business Type"
                required
                options={BUSINESS_OPTIONS}
                value={values.businesstype}
                onChange={set('businesstype')}
                error={errors.businesstype}
              />
              <Textarea
                label="Address"
                required
                value={values.address}
                onChange={set('address')}
                error={errors.address}
                wrapperClassName="sm:col-span-2"
                rows={2}
              />
            </>
          )}
          {step === 2 && (
            <>
              <Input
                label="Bank Account"
                required
                inputMode="numeric"
                value={values.bankaccount}
                onChange={set('bankaccount')}
                error={errors.bankaccount}
              />
              <Input
                label="IFSC Code"
                required
                value={values.ifsccode}
                onChange={set('ifsccode')}
                error={errors.ifsccode}
              />
              <div className="sm:col-span-2">
                <Input
                  ref={fileRef}
                  label="Document (image or PDF)"
                  required
                  type="file"
                  accept="image/*,application/pdf"
                  onChange={upload}
                  error={errors.image}
                  className="py-1.5 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700"
                  hint="Max 5 MB"
                />
                {(uploading || values.image) && (
                  <div className="mt-2">
                    <div
                      role="progressbar"
                      aria-label="Document upload"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={progress}
                      className="h-2 overflow-hidden rounded-full bg-gray-200"
                    >
                      <div
                        className={cn(
                          'h-full transition-all',
                          values.image ? 'bg-green-600' : 'bg-brand-600',
                        )}
                        style={{ width: `${progress}%` }}
                      />
                    </div>
                    <p className="mt-1 text-xs text-gray-600" aria-live="polite">
                      {uploading ? `Uploading ${fileName}… ${progress}%` : `Uploaded ${fileName}`}
                    </p>
                  </div>
                )}
              </div>
            </>
          )}
        </fieldset>
        <div className="mt-8 flex justify-between gap-3">
          <Button
            variant="outline"
            disabled={step === 0}
            onClick={() => {
              setErrors({});
              setStep((s) => Math.max(0, s - 1));
            }}
          >
            Back
          </Button>
          {step < SELLER_STEPS.length - 1 ? (
            // distinct keys: React must not turn the clicked Next button into the submit button mid-click
            <Button key="next" onClick={next}>
              Next
            </Button>
          ) : (
            <Button key="submit" type="submit" loading={busy}>
              Submit
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
