/**
 * The console image uploader: idle → uploading (spinner) → uploaded (preview); Remove clears it.
 * Disabled (edit mode) it only shows the current image. The upload call is injectable for tests and banners.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { LIMITS } from '@mp/shared';
import { Button, ProductImage, Spinner, cn } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { uploadProductImage } from './catalog-api';
import { UploadIcon } from './icons';

export type UploadState = 'idle' | 'uploading' | 'uploaded';

export interface ImageUploaderProps {
  label?: string;
  /** the uploaded image URL ('' when none) */
  value: string;
  onChange: (url: string) => void;
  /** reports whether an upload is running (forms block submit meanwhile) */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
  error?: string | null;
  upload?: (file: File, signal?: AbortSignal) => Promise<string>;
  accept?: string;
}

export function ImageUploader({
  label = 'Upload Image',
  value,
  onChange,
  onUploadingChange,
  disabled = false,
  error,
  upload = uploadProductImage,
  accept = 'image/png,image/jpeg,image/gif,image/webp',
}: ImageUploaderProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>(value ? 'uploaded' : 'idle');
  const [fileName, setFileName] = useState('');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (state !== 'uploading') setState(value ? 'uploaded' : 'idle');
  }, [value, state]);
  useEffect(() => () => abortRef.current?.abort(), []);

  async function start(file: File | undefined) {
    if (!file || disabled) return;
    setUploadError(null);
    if (file.size > LIMITS.uploadMaxBytes) {
      setUploadError('The image must be 5 MB or smaller.');
      return;
    }
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setFileName(file.name);
    setState('uploading');
    onUploadingChange?.(true);
    try {
      const url = await upload(file, controller.signal);
      if (controller.signal.aborted) return;
      onChange(url);
      setState('uploaded');
    } catch (err) {
      if (controller.signal.aborted) return;
      setState('idle');
      setUploadError(errorMessage(err, 'Upload failed. Try another image.'));
    } finally {
      if (!controller.signal.aborted) onUploadingChange?.(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function remove() {
    abortRef.current?.abort();
    onUploadingChange?.(false);
    setFileName('');
    setUploadError(null);
    setState('idle');
    onChange('');
    inputRef.current?.focus();
  }

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    void start(e.dataTransfer.files[0]);
  }

  const message = uploadError ?? error;
  return (
    <div className="flex flex-col gap-2" data-upload-state={state}>
      <span className="text-sm font-medium text-gray-700" id={`${id}-label`}>
        {label}
      </span>
      {state === 'uploaded' && value ? (
        <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
          <ProductImage
            src={value}
            alt="Uploaded image preview"
            width={80}
            height={80}
            priority
            className="h-20 w-20 rounded-md"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-gray-900">{fileName || 'Current image'}</p>
            <p className="text-xs text-gray-500">
              {disabled ? 'Image cannot be changed while editing' : 'Uploaded'}
            </p>
          </div>
          {!disabled && (
            <Button variant="outline" size="sm" onClick={remove}>
              Remove
            </Button>
          )}
        </div>
      ) : (
        <label
          htmlFor={`${id}-file`}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex min-h-32 flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
            disabled ? 'cursor-not-allowed border-gray-200 bg-gray-100 text-gray-400' : 'cursor-pointer',
            !disabled &&
              (dragging ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-white hover:bg-gray-50'),
            message && 'border-red-400',
          )}
        >
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={accept}
            disabled={disabled || state === 'uploading'}
            aria-labelledby={`${id}-label`}
            aria-describedby={message ? `${id}-error` : undefined}
            className="sr-only"
            onChange={(e) => void start(e.target.files?.[0])}
          />
          {state === 'uploading' ? (
            <>
              <Spinner size="lg" className="text-brand-600" label="Uploading image" />
              <span className="text-sm text-gray-600">Uploading {fileName}…</span>
            </>
          ) : (
            <>
              <UploadIcon className="h-8 w-8 text-gray-400" />
              <span className="text-sm text-gray-700">
                <span className="font-semibold text-brand-700">Click to upload</span> or drag and drop
              </span>
              <span className="text-xs text-gray-500">PNG, JPEG, GIF or WebP, up to 5 MB</span>
            </>
          )}
        </label>
      )}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}
