/**
 * Seller registration as a step form (docs/web.md, "Step forms"): personal → business → bank and document →
 * review. Each Next checks only that step's fields with the shared sellerRegisterInputSchema; Back keeps every
 * value; the review step submits the one request the server takes. A refusal puts the server's field errors under
 * their fields and opens the first step holding one.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { sellerRegisterInputSchema, type Answer, type SellerRegisterInput } from '@mp/shared';
import { BUSINESS_TYPES } from '@mp/shared/constants';
import { routes } from '@mp/shared/routes';
import { toast } from '../../lib/toast';
import { Button, cn, Input, Select, Textarea } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/api-client';
import { fieldProps, showServerErrors, useFormSteps, useZodForm } from '../../lib/form';
import { useRegisterSellerMutation } from './auth-api';
import { emptySellerForm, SELLER_STEPS, submitBlockedMessage, type SellerForm } from './seller-wizard';

const BUSINESS_OPTIONS = BUSINESS_TYPES.map((b) => ({ value: b, label: b }));
/** the step asking for the document: from it on, nothing moves while the document uploads */
const DOCUMENT_STEP = 2;
/** a field across both columns of the step's grid */
const WIDE = 'sm:col-span-2';
type SellerFormApi = ReturnType<typeof useSellerForm>;

// the business type starts blank (the select's placeholder) although the schema only accepts the listed ones
const useSellerForm = () =>
  useZodForm(sellerRegisterInputSchema, emptySellerForm() as unknown as SellerRegisterInput);

function StepProgress({ index }: { index: number }) {
  return (
    <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Registration steps">
      {SELLER_STEPS.map((s, i) => (
        <li
          key={s.title}
          aria-current={i === index ? 'step' : undefined}
          className="flex flex-col items-center gap-2 text-center"
        >
          <span
            className={cn(
              'flex h-9 w-9 items-center justify-center rounded-full text-sm font-bold',
              i < index
                ? 'bg-green-600 text-white'
                : i === index
                  ? 'bg-brand-600 text-white'
                  : 'bg-gray-200 text-gray-600',
            )}
          >
            {i < index ? '✓' : i + 1}
          </span>
          <span
            className={cn('text-xs font-medium sm:text-sm', i === index ? 'text-gray-900' : 'text-gray-500')}
          >
            {s.title}
          </span>
        </li>
      ))}
    </ol>
  );
}

function PersonalStep({ form }: { form: SellerFormApi }) {
  return (
    <>
      <Input label="Username" required autoComplete="username" {...fieldProps(form, 'username')} />
      <Input label="Email" type="email" required autoComplete="email" {...fieldProps(form, 'email')} />
      <Input label="Phone" type="tel" required autoComplete="tel" {...fieldProps(form, 'phone')} />
      <Input
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        {...fieldProps(form, 'password')}
      />
    </>
  );
}

function BusinessStep({ form }: { form: SellerFormApi }) {
  return (
    <>
      <Input label="Store Name" required {...fieldProps(form, 'storename')} />
      <Input label="GST Number" hint="Optional, 15 characters" {...fieldProps(form, 'gstno')} />
      <Select
        label="Business Type"
        required
        options={BUSINESS_OPTIONS}
        {...fieldProps(form, 'businesstype')}
      />
      <Textarea label="Address" required rows={2} wrapperClassName={WIDE} {...fieldProps(form, 'address')} />
    </>
  );
}

/** The document upload: its progress, then the uploaded URL as the form's `image`. */
function useDocumentUpload(form: SellerFormApi) {
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    form.setValue('image', '');
    setUploading(true);
    setProgress(0);
    const body = new FormData();
    body.append('my_file', file);
    try {
      const { data } = await api.post<Answer<'uploadSellerDocument'>>(
        routes.uploadSellerDocument.path,
        body,
        { onUploadProgress: (p) => setProgress(p.total ? Math.round((p.loaded / p.total) * 100) : 0) },
      );
      form.setValue('image', data.result.url);
      form.clearErrors('image');
      setProgress(100);
    } catch (err) {
      form.setError('image', { type: 'server', message: errorMessage(err, 'Upload failed!') });
      setFileName('');
      if (fileRef.current) fileRef.current.value = '';
    } finally {
      setUploading(false);
    }
  };
  return { uploading, progress, fileName, fileRef, upload };
}

function DocumentStep({ form, doc }: { form: SellerFormApi; doc: ReturnType<typeof useDocumentUpload> }) {
  const image = String(form.watch('image') ?? '');
  return (
    <>
      <Input label="Bank Account" required inputMode="numeric" {...fieldProps(form, 'bankaccount')} />
      <Input label="IFSC Code" required {...fieldProps(form, 'ifsccode')} />
      <div className={WIDE}>
        <Input
          ref={doc.fileRef}
          label="Document (image or PDF)"
          required
          type="file"
          accept="image/*,application/pdf"
          onChange={doc.upload}
          error={form.formState.errors.image?.message}
          className="py-1.5 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700"
          hint="Max 5 MB"
        />
        {(doc.uploading || image) && (
          <div className="mt-2">
            <div
              role="progressbar"
              aria-label="Document upload"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={doc.progress}
              className="h-2 overflow-hidden rounded-full bg-gray-200"
            >
              <div
                className={cn('h-full transition-all', image ? 'bg-green-600' : 'bg-brand-600')}
                style={{ width: `${doc.progress}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-gray-600" aria-live="polite">
              {doc.uploading ? `Uploading ${doc.fileName}… ${doc.progress}%` : `Uploaded ${doc.fileName}`}
            </p>
          </div>
        )}
      </div>
    </>
  );
}

const REVIEW_ROWS: { step: number; label: string; field: keyof SellerForm }[] = [
  { step: 0, label: 'Username', field: 'username' },
  { step: 0, label: 'Email', field: 'email' },
  { step: 0, label: 'Phone', field: 'phone' },
  { step: 1, label: 'Store Name', field: 'storename' },
  { step: 1, label: 'GST Number', field: 'gstno' },
  { step: 1, label: 'Business Type', field: 'businesstype' },
  { step: 1, label: 'Address', field: 'address' },
  { step: 2, label: 'Bank Account', field: 'bankaccount' },
  { step: 2, label: 'IFSC Code', field: 'ifsccode' },
];

/** What will be sent, each part with a way back to change it. */
function ReviewStep({
  form,
  fileName,
  goTo,
}: {
  form: SellerFormApi;
  fileName: string;
  goTo: (step: number) => void;
}) {
  const values = form.getValues() as SellerForm;
  return (
    <div className={cn('flex flex-col gap-4', WIDE)}>
      {SELLER_STEPS.slice(0, 3).map((s, step) => (
        <section key={s.title} aria-label={s.title} className="rounded-lg border border-gray-200 p-4">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-gray-900">{s.title}</h3>
            <Button variant="link" size="sm" onClick={() => goTo(step)}>
              Change
            </Button>
          </div>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
            {REVIEW_ROWS.filter((r) => r.step === step).map((r) => (
              <div key={r.field} className="contents">
                <dt className="text-gray-600">{r.label}</dt>
                <dd className="break-words text-gray-900">{values[r.field] || '—'}</dd>
              </div>
            ))}
            {step === 2 && (
              <div className="contents">
                <dt className="text-gray-600">Document</dt>
                <dd className="break-words text-gray-900">{fileName || 'Uploaded'}</dd>
              </div>
            )}
          </dl>
        </section>
      ))}
    </div>
  );
}

export function SellerRegistrationForm() {
  const [registerSeller] = useRegisterSellerMutation();
  const form = useSellerForm();
  const steps = useFormSteps(form, SELLER_STEPS);
  const doc = useDocumentUpload(form);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(steps.index);
  useEffect(() => {
    // a new step's heading takes the focus, so keyboard and screen reader users start at its top
    if (shown.current !== steps.index) heading.current?.focus();
    shown.current = steps.index;
  }, [steps.index]);

  const send = form.handleSubmit(
    async (input) => {
      const r = await registerSeller(input);
      if (r.data) toast.success(r.data.message || 'Registration Successful!');
      else {
        toast.error(errorMessage(r.error, 'Registration failed'));
        if (showServerErrors(form, r.error)) steps.showFirstInvalid();
      }
      // on success the seller is logged in and the access guard sends them to /seller/pending or the dashboard
    },
    () => steps.showFirstInvalid(),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const image = String(form.getValues('image') ?? '');
    // from the document step on: not while the document uploads, and not without one
    const blocked =
      steps.index >= DOCUMENT_STEP && (doc.uploading || steps.isLast)
        ? submitBlockedMessage({ uploading: doc.uploading, image })
        : null;
    // one toast however often it is asked for while it shows
    if (blocked) toast.error(blocked, { toastId: 'seller-submit-blocked' });
    else if (steps.isLast) void send(e);
    else void steps.next();
  };

  return (
    <>
      <StepProgress index={steps.index} />
      <form onSubmit={submit} noValidate aria-label="Seller registration">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-4 w-full">
            <span className="block text-sm font-medium text-gray-600">
              Step {steps.index + 1} of {steps.count}
            </span>
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 outline-none">
              {steps.step.title}
            </h2>
          </legend>
          {steps.index === 0 && <PersonalStep form={form} />}
          {steps.index === 1 && <BusinessStep form={form} />}
          {steps.index === DOCUMENT_STEP && <DocumentStep form={form} doc={doc} />}
          {steps.isLast && <ReviewStep form={form} fileName={doc.fileName} goTo={steps.goTo} />}
        </fieldset>
        <div className="mt-8 flex justify-between gap-3">
          <Button variant="outline" disabled={steps.index === 0} onClick={steps.back}>
            Back
          </Button>
          {steps.isLast ? (
            // distinct keys: React must not turn the clicked Next button into the submit button mid-click
            <Button key="submit" type="submit" loading={form.formState.isSubmitting}>
              Submit
            </Button>
          ) : (
            <Button key="next" type="submit">
              Next
            </Button>
          )}
        </div>
      </form>
    </>
  );
}
