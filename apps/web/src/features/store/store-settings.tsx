/**
 * The seller's "Store" settings (docs/seo-and-email.md, "Store pages"): the store's name and address, the logo and
 * banner (uploaded through the image pipeline, replaced or removed at once), and a link to the live store page.
 */
import { Link } from 'react-router-dom';
import { STORE_IMAGE_SIZES, type StoreImageKind } from '@mp/shared';
import { storePath } from '@mp/shared/seo';
import { buttonClass, EmptyState, Spinner } from '../../components/ui';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ImageUploader } from '../console/image-uploader';
import {
  storeSettingsApi,
  uploadStoreImage,
  useRemoveStoreImageMutation,
  useSellerStoreQuery,
} from './store-settings-api';

const LABELS: Record<StoreImageKind, string> = { logo: 'Logo', banner: 'Banner' };

function sizeHint(kind: StoreImageKind): string {
  const s = STORE_IMAGE_SIZES[kind];
  return `Recommended ${s.width} × ${s.height} pixels; at least ${s.min.width} × ${s.min.height}.`;
}

type UploadStoreImage = typeof uploadStoreImage;

function StoreImageField({
  kind,
  value,
  upload,
}: {
  kind: StoreImageKind;
  value: string | null;
  upload: UploadStoreImage;
}) {
  const dispatch = useAppDispatch();
  const [remove] = useRemoveStoreImageMutation();
  return (
    <div className="flex flex-col gap-1" data-testid={`store-${kind}`}>
      <ImageUploader
        label={LABELS[kind]}
        value={value ?? ''}
        upload={async (file, signal) => {
          const saved = await upload(kind, file, signal);
          return saved[kind] ?? '';
        }}
        onChange={(url) => {
          if (url) {
            toast.success(`${LABELS[kind]} saved`);
            dispatch(storeSettingsApi.util.invalidateTags(['Store']));
            return;
          }
          void remove(kind)
            .unwrap()
            .then(
              () => toast.success(`${LABELS[kind]} removed`),
              (err: unknown) => toast.error(errorMessage(err, 'Could not remove the picture')),
            );
        }}
      />
      <p className="text-xs text-gray-500">{sizeHint(kind)}</p>
    </div>
  );
}

/** `upload` is injectable for tests (default: the multipart call). */
export function StoreSettings({ upload = uploadStoreImage }: { upload?: UploadStoreImage }) {
  const settings = useSellerStoreQuery();
  if (settings.isLoading) return <Spinner size="lg" label="Loading…" />;
  if (!settings.data) {
    return (
      <EmptyState
        title="The store settings could not be loaded"
        description={errorMessage(settings.error, 'Please try again.')}
      />
    );
  }
  const s = settings.data;
  return (
    <div className="flex flex-col gap-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-semibold text-gray-900">Store name</dt>
        <dd data-testid="store-name">{s.storeName}</dd>
        <dt className="font-semibold text-gray-900">Store page</dt>
        <dd className="break-all text-gray-700">{storePath(s.slug)}</dd>
      </dl>
      <div className="grid gap-6 md:grid-cols-2">
        <StoreImageField kind="logo" value={s.logo} upload={upload} />
        <StoreImageField kind="banner" value={s.banner} upload={upload} />
      </div>
      <div>
        <Link
          to={storePath(s.slug)}
          target="_blank"
          rel="noopener"
          className={buttonClass('outline')}
          data-testid="store-preview"
        >
          Preview store page
        </Link>
      </div>
    </div>
  );
}
