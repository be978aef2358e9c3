/**
 * A product's pictures in the console product form (docs/images.md, "Several images per product"): upload several
 * files at once (each with its progress and its own error), move a picture up or down with buttons (keyboard
 * reachable, not drag only), replace one with a new upload, remove one. The first picture is the product's main one.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '@mp/shared/constants';
import { Badge, Button, ProductImage, cn } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { uploadProductImage, type UploadImage } from './catalog-api';
import { DropZone } from './drop-zone';
import { UploadIcon } from './icons';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const MAX = LIMITS.productImagesMax;

interface Pending {
  key: number;
  name: string;
  /** 0–100 */
  progress: number;
  error?: string;
  /** replacing the picture at this URL, else adding one */
  replaces?: string;
}

export interface ImageListEditorProps {
  label?: string;
  /** the picture URLs in order */
  value: string[];
  onChange: (urls: string[]) => void;
  /** reports whether an upload is running (the form blocks submit meanwhile) */
  onUploadingChange?: (uploading: boolean) => void;
  error?: string | null;
  upload?: UploadImage;
}

let nextKey = 0;

export function ImageListEditor({
  label = 'Product Images',
  value,
  onChange,
  onUploadingChange,
  error,
  upload = uploadProductImage,
}: ImageListEditorProps) {
  const id = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const latest = useRef(value);
  latest.current = value;
  const controllers = useRef(new Set<AbortController>());
  const running = pending.some((p) => p.error === undefined);

  useEffect(() => onUploadingChange?.(running), [running, onUploadingChange]);
  useEffect(() => {
    const all = controllers.current;
    return () => all.forEach((c) => c.abort());
  }, []);

  const patch = (key: number, change: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  /** uploads one file; answers its URL, or undefined when it failed (the row then shows why) */
  async function send(file: File, replaces?: string): Promise<string | undefined> {
    const key = ++nextKey;
    setPending((list) => [...list, { key, name: file.name, progress: 0, replaces }]);
    if (file.size > LIMITS.uploadMaxBytes) {
      patch(key, { error: `${file.name}: the image must be 5 MB or smaller.` });
      return undefined;
    }
    const controller = new AbortController();
    controllers.current.add(controller);
    try {
      const url = await upload(file, controller.signal, (fraction) =>
        patch(key, { progress: Math.round(fraction * 100) }),
      );
      setPending((list) => list.filter((p) => p.key !== key));
      return url;
    } catch (err) {
      if (!controller.signal.aborted) {
        patch(key, { error: `${file.name}: ${errorMessage(err, 'Upload failed. Try another image.')}` });
      }
      return undefined;
    } finally {
      controllers.current.delete(controller);
    }
  }

  async function add(files: File[]) {
    setNotice(null);
    const room = MAX - latest.current.length - pending.filter((p) => !p.error && !p.replaces).length;
    const taken = files.slice(0, Math.max(0, room));
    if (taken.length < files.length) {
      setNotice(
        `A product has at most ${MAX} images: ${files.length - taken.length} file${files.length - taken.length === 1 ? ' was' : 's were'} not added.`,
      );
    }
    // one after another, in the order chosen (the server processes one image at a time anyway)
    for (const file of taken) {
      const url = await send(file);
      if (url && !latest.current.includes(url)) onChange([...latest.current, url]);
    }
  }

  async function replace(old: string, file: File | undefined) {
    if (!file) return;
    const url = await send(file, old);
    if (url) onChange(latest.current.map((u) => (u === old ? url : u)));
  }

  function move(index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    [next[index], next[to]] = [next[to]!, next[index]!];
    onChange(next);
    setAnnounce(`Image moved to position ${to + 1} of ${next.length}`);
    // keep the keyboard where it was: on the same button of the moved picture (or its other one at an end)
    requestAnimationFrame(() => {
      const row = listRef.current?.children[to];
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${delta}"]:not(:disabled)`);
      (wanted ?? row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    });
  }

  function remove(index: number) {
    onChange(value.filter((_, i) => i !== index));
    setAnnounce(`Image ${index + 1} removed`);
  }

  const full = value.length >= MAX;
  const message = error;
  return (
    <div className="flex flex-col gap-2" data-testid="image-list-editor">
      <span className="text-sm font-medium text-gray-700" id={`${id}-label`}>
        {label}{' '}
        <span className="font-normal text-gray-500">
          ({value.length} of {MAX}; the first is the main image)
        </span>
      </span>
      {value.length > 0 && (
        <ol ref={listRef} className="flex flex-col gap-2" aria-labelledby={`${id}-label`}>
          {value.map((url, i) => {
            const replacing = pending.find((p) => p.replaces === url && !p.error);
            return (
              <li
                key={url}
                data-image-url={url}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 bg-white p-2"
              >
                <ProductImage
                  src={url}
                  alt={`Image ${i + 1} of ${value.length}`}
                  width={64}
                  height={64}
                  className="h-16 w-16 rounded-md"
                />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-gray-900">Image {i + 1}</p>
                  {i === 0 && <Badge tone="green">Main image</Badge>}
                  {replacing && <p className="text-xs text-gray-600">Replacing… {replacing.progress}%</p>}
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    data-move="-1"
                    disabled={i === 0}
                    aria-label={`Move image ${i + 1} up`}
                    onClick={() => move(i, -1)}
                  >
                    ↑ Up
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    data-move="1"
                    disabled={i === value.length - 1}
                    aria-label={`Move image ${i + 1} down`}
                    onClick={() => move(i, 1)}
                  >
                    ↓ Down
                  </Button>
                  <label
                    className={cn(
                      'inline-flex h-8 cursor-pointer items-center rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-900 hover:bg-gray-50',
                      'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
                    )}
                  >
                    Replace
                    <input
                      type="file"
                      accept={ACCEPT}
                      className="sr-only"
                      aria-label={`Replace image ${i + 1}`}
                      disabled={Boolean(replacing)}
                      onChange={(e) => {
                        void replace(url, e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                  </label>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove image ${i + 1}`}
                    onClick={() => remove(i)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {!full && (
        <DropZone htmlFor={`${id}-file`} onFiles={(files) => void add(files)} invalid={!!message} size="sm">
          <input
            id={`${id}-file`}
            type="file"
            multiple
            accept={ACCEPT}
            aria-label="Upload Images"
            aria-describedby={message ? `${id}-error` : undefined}
            className="sr-only"
            onChange={(e) => {
              void add([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <UploadIcon className="h-7 w-7 text-gray-400" />
          <span className="text-sm text-gray-700">
            <span className="font-semibold text-brand-700">Click to upload</span> or drag and drop (several at
            once)
          </span>
          <span className="text-xs text-gray-500">PNG, JPEG, GIF or WebP, up to 5 MB each</span>
        </DropZone>
      )}
      {pending.filter((p) => !p.replaces || p.error).length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Uploads">
          {pending
            .filter((p) => !p.replaces || p.error)
            .map((p) =>
              p.error ? (
                <li
                  key={p.key}
                  role="alert"
                  className="flex items-center gap-2 text-xs font-medium text-red-600"
                >
                  <span className="min-w-0 flex-1">{p.error}</span>
                  <button
                    type="button"
                    className="text-gray-600 underline"
                    onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}
                  >
                    Dismiss
                  </button>
                </li>
              ) : (
                <li key={p.key} className="flex items-center gap-2 text-xs text-gray-700">
                  <span className="w-40 truncate">{p.name}</span>
                  <progress
                    max={100}
                    value={p.progress}
                    aria-label={`Uploading ${p.name}`}
                    className="h-2 flex-1"
                  />
                  <span className="w-10 text-right">{p.progress}%</span>
                </li>
              ),
            )}
        </ul>
      )}
      {notice && (
        <p role="status" className="text-xs font-medium text-amber-700">
          {notice}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {message}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
