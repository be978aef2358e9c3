/**
 * 'Upload Banner Images': the banner image (and an optional phone image), its message as text shown over the
 * image (title, subtitle, button), the recommended sizes, 'Upload Banner' (disabled until an image is uploaded),
 * and the banner list, each with a preview of its message and a confirmed Delete.
 */
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { BANNER_IMAGE_SIZES, bannerInputSchema, type BannerDto } from '@mp/shared';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Input,
  LoadingRegion,
  ProductImage,
  Skeleton,
} from '../../../components/ui';
import { errorMessage } from '../../../lib/api';
import { fieldProps, showServerErrors, useZodForm } from '../../../lib/form';
import { useAddBannerMutation, useDeleteBannerMutation } from '../admin-api';
import { formatDate } from '../../../lib/format';
import { ImageIcon } from '../../console/icons';
import { ImageUploader } from '../../console/image-uploader';

export interface BannerManagerProps {
  banners: BannerDto[];
  loading: boolean;
}

const EMPTY = { image: '', mobileImage: '', title: '', subtitle: '', ctaLabel: '', ctaLink: '' };
const size = (s: { width: number; height: number }) => `${s.width} × ${s.height} px`;

/** Writes invalidate the banner list (the shop's carousel too), which is asked again. */
export function BannerManager({ banners, loading }: BannerManagerProps) {
  const [addBanner] = useAddBannerMutation();
  const [deleteBanner] = useDeleteBannerMutation();
  const form = useZodForm(bannerInputSchema, EMPTY);
  const [uploading, setUploading] = useState(0);
  const [confirming, setConfirming] = useState<{ banner: BannerDto; n: number } | null>(null);
  const image = String(form.watch('image') ?? '');
  const setImage = (field: 'image' | 'mobileImage') => (url: string) =>
    form.setValue(field, url, { shouldValidate: form.formState.isSubmitted });
  const onUploading = (busy: boolean) => setUploading((n) => n + (busy ? 1 : -1));

  const save = form.handleSubmit(async (banner) => {
    try {
      await addBanner(banner).unwrap();
      toast.success('Banner uploaded successfully!');
      form.reset(EMPTY);
    } catch (err) {
      showServerErrors(form, err);
      toast.error(errorMessage(err, 'Upload failed!'));
    }
  });

  async function remove(id: string) {
    try {
      await deleteBanner(id).unwrap();
      toast.success('Banner deleted successfully!');
    } catch {
      toast.error('Error!');
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <form
        onSubmit={save}
        noValidate
        aria-labelledby="banner-upload-heading"
        className="max-w-2xl rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
      >
        <h1 id="banner-upload-heading" className="mb-4 text-2xl font-bold tracking-tight text-gray-900">
          Upload Banner Images
        </h1>
        <p className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-gray-700" data-testid="banner-sizes">
          Recommended size: <strong>{size(BANNER_IMAGE_SIZES.desktop)}</strong> for the banner image and{' '}
          <strong>{size(BANNER_IMAGE_SIZES.mobile)}</strong> for the phone image. Keep the subject in the
          middle and put the message in the text fields below, not in the picture: the picture is cropped to
          fit each screen, the text never is.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <ImageUploader
            label="Banner image"
            value={image}
            onChange={setImage('image')}
            onUploadingChange={onUploading}
            error={form.formState.errors.image?.message}
          />
          <ImageUploader
            label="Phone image (optional)"
            value={String(form.watch('mobileImage') ?? '')}
            onChange={setImage('mobileImage')}
            onUploadingChange={onUploading}
            error={form.formState.errors.mobileImage?.message}
          />
        </div>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <Input label="Title" maxLength={80} placeholder="Big Festive Sale" {...fieldProps(form, 'title')} />
          <Input
            label="Subtitle"
            maxLength={160}
            placeholder="Up to 60% off on top brands"
            {...fieldProps(form, 'subtitle')}
          />
          <Input
            label="Button label"
            maxLength={30}
            placeholder="Shop now"
            {...fieldProps(form, 'ctaLabel')}
          />
          <Input
            label="Button link"
            maxLength={300}
            placeholder="/shop/listing?category=electronics"
            hint="A page of this shop, starting with /"
            {...fieldProps(form, 'ctaLink')}
          />
        </div>
        <Button
          type="submit"
          className="mt-4 w-full sm:w-auto"
          disabled={!image || uploading > 0}
          loading={form.formState.isSubmitting}
        >
          Upload Banner
        </Button>
      </form>

      <section aria-labelledby="banner-list-heading">
        <h2 id="banner-list-heading" className="mb-4 text-lg font-semibold text-gray-900">
          Banners {banners.length > 0 && <span className="text-gray-500">({banners.length})</span>}
        </h2>
        {loading && banners.length === 0 ? (
          <LoadingRegion label="Loading banners…" className="grid gap-4 md:grid-cols-2" repeat={2}>
            <Skeleton className="aspect-[3/1] w-full" />
          </LoadingRegion>
        ) : banners.length === 0 ? (
          <EmptyState
            icon={<ImageIcon className="h-10 w-10" />}
            title="No banners yet."
            description="Uploaded banners rotate on the home page."
          />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Banners">
            {banners.map((b, i) => (
              <li
                key={b._id}
                className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
              >
                <ProductImage
                  src={b.image}
                  alt={b.title || `Banner ${i + 1}`}
                  width={900}
                  height={300}
                  sizes="(min-width: 768px) 50vw, 100vw"
                  className="aspect-[3/1] w-full"
                />
                <div className="flex items-center justify-between gap-3 p-3">
                  <div className="min-w-0 text-xs text-gray-600">
                    {b.title && <p className="truncate text-sm font-semibold text-gray-900">{b.title}</p>}
                    {b.ctaLabel && (
                      <p className="truncate">
                        {b.ctaLabel} → {b.ctaLink}
                      </p>
                    )}
                    <p>
                      Added {formatDate(b.createdAt)}
                      {b.mobileImage && ' · has a phone image'}
                    </p>
                  </div>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => setConfirming({ banner: b, n: i + 1 })}
                    aria-label={`Delete banner ${i + 1}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete banner?"
        confirmLabel="Delete"
        onConfirm={() => confirming && remove(confirming.banner._id)}
      >
        <p>
          {confirming?.banner.title ? <strong>{confirming.banner.title}</strong> : `Banner ${confirming?.n}`}{' '}
          will be removed from the home page carousel. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
