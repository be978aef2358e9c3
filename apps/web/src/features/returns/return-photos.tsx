/**
 * A return's photos (docs/web.md, "Returns"): the shopper picks up to RETURN_MAX_PHOTOS images, each uploaded
 * through the image pipeline as it is picked (POST /api/shop/returns/photos) and shown with a way to remove it;
 * the request then names them by URL. The consoles and the shopper's steps show them as thumbnails.
 */
import { useId, useState } from 'react';
import { RETURN_MAX_PHOTOS, type Answer } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { api } from '../../lib/api-client';
import { toApiError } from '../../lib/api';

async function uploadReturnPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('my_file', file);
  const { data } = await api.post<Answer<'uploadReturnPhoto'>>(routes.uploadReturnPhoto.path, body, {
    timeout: 60_000,
  });
  const url = data.result?.url;
  if (!data.success || !url) throw new Error('Upload failed');
  return url;
}

/** Why a photo was refused, from the answer's error code. */
function refusal(err: unknown): string {
  const e = toApiError(err);
  if (e.code === 'UNSUPPORTED_FILE')
    return 'That file is not a photo: choose a PNG, JPEG, GIF or WebP image.';
  if (e.code === 'IMAGE_TOO_LARGE' || e.status === 413)
    return 'That photo is too large: choose a smaller one.';
  if (e.status === 429) return 'Too many photos uploaded for now. Please try again later.';
  return 'The photo could not be uploaded. Please try again.';
}

export function ReturnPhotosField({
  photos,
  onChange,
  onBusy,
}: {
  photos: string[];
  onChange: (photos: string[]) => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState<{ uploading?: string; error?: string }>({});
  const room = RETURN_MAX_PHOTOS - photos.length;

  async function pick(files: File[]) {
    const chosen = files.slice(0, room);
    const added: string[] = [];
    onBusy(true);
    try {
      for (const [i, file] of chosen.entries()) {
        setStatus({ uploading: `Uploading photo ${i + 1} of ${chosen.length}…` });
        added.push(await uploadReturnPhoto(file));
      }
      setStatus(files.length > room ? { error: `At most ${RETURN_MAX_PHOTOS} photos.` } : {});
    } catch (err) {
      setStatus({ error: refusal(err) });
    } finally {
      onChange([...photos, ...added]);
      onBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        Photos (optional, up to {RETURN_MAX_PHOTOS})
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        disabled={room <= 0 || Boolean(status.uploading)}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void pick(files);
        }}
        className="text-sm"
      />
      <p
        aria-live="polite"
        className={status.error ? 'text-xs font-medium text-red-600' : 'text-xs text-gray-600'}
      >
        {status.uploading ?? status.error ?? ''}
      </p>
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos to send">
          {photos.map((url, i) => (
            <li key={url} className="relative">
              <img src={url} alt={`Photo ${i + 1}`} className="h-16 w-16 rounded object-cover" />
              <button
                type="button"
                onClick={() => onChange(photos.filter((p) => p !== url))}
                className="mt-1 block min-h-11 text-xs text-brand-700 underline"
              >
                Remove photo {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The photos of a return, as thumbnails opening the full image. */
export function ReturnPhotoList({ photos }: { photos: string[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="The shopper's photos" data-testid="return-photos">
      {photos.map((url, i) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer">
            <img src={url} alt={`Photo ${i + 1} of the return`} className="h-14 w-14 rounded object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
