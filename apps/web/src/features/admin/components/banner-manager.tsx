/** 'Upload Banner Images': uploader, 'Upload Banner' (disabled until an image is uploaded), the banner list. */
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { BannerDto } from '@mp/shared';
import { Button, EmptyState, LoadingRegion, ProductImage, Skeleton } from '../../../components/ui';
import { useAddBannerMutation, useDeleteBannerMutation } from '../admin-api';
import { formatDate } from '../../../lib/format';
import { ImageIcon } from '../shared/icons';
import { ImageUploader } from '../shared/image-uploader';

export interface BannerManagerProps {
  banners: BannerDto[];
  loading: boolean;
}

/** Writes invalidate the banner list (the shop's carousel too), which is asked again. */
export function BannerManager({ banners, loading }: BannerManagerProps) {
  const [addBanner] = useAddBannerMutation();
  const [deleteBanner] = useDeleteBannerMutation();
  const [image, setImage] = useState('');
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  async function save() {
    if (!image) return;
    setSaving(true);
    try {
      await addBanner(image).unwrap();
      toast.success('Banner uploaded successfully!');
      setImage('');
    } catch {
      toast.error('Upload failed!');
    } finally {
      setSaving(false);
    }
  }

  async function remove(id: string) {
    setDeletingId(id);
    try {
      await deleteBanner(id).unwrap();
      toast.success('Banner deleted successfully!');
    } catch {
      toast.error('Error!');
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <section
        aria-labelledby="banner-upload-heading"
        className="max-w-2xl rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
      >
        <h1 id="banner-upload-heading" className="mb-4 text-2xl font-bold tracking-tight text-gray-900">
          Upload Banner Images
        </h1>
        <ImageUploader
          label="Banner image"
          value={image}
          onChange={setImage}
          onUploadingChange={setUploading}
        />
        <Button
          className="mt-4 w-full sm:w-auto"
          onClick={() => void save()}
          disabled={!image || uploading}
          loading={saving}
        >
          Upload Banner
        </Button>
      </section>

      <section aria-labelledby="banner-list-heading">
        <h2 id="banner-list-heading" className="mb-4 text-lg font-semibold text-gray-900">
          Banners {banners.length > 0 && <span className="text-gray-500">({banners.length})</span>}
        </h2>
        {loading && banners.length === 0 ? (
          <LoadingRegion label="Loading banners…" className="grid gap-4 md:grid-cols-2">
            <Skeleton className="aspect-[3/1] w-full" />
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
                  alt={`Banner ${i + 1}`}
                  width={900}
                  height={300}
                  sizes="(min-width: 768px) 50vw, 100vw"
                  className="aspect-[3/1] w-full"
                />
                <div className="flex items-center justify-between gap-3 p-3">
                  <span className="text-xs text-gray-600">Added {formatDate(b.createdAt)}</span>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => void remove(b._id)}
                    loading={deletingId === b._id}
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
    </div>
  );
}
