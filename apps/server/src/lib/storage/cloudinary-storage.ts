/**
 * Images on Cloudinary through the official SDK (v2 uploader, upload_stream). Used when CLOUDINARY_URL is set.
 * CLOUDINARY_API_BASE (or `upload_prefix` in the URL's query) points the SDK at another API host, e.g. a local
 * fake in tests. `timeout` (ms) in the URL's query bounds each upload; the default is 20 s.
 * Any failure of the service answers 502 UPSTREAM_ERROR; nothing is written locally either way.
 */
import http from 'node:http';
import https from 'node:https';
import cloudinary from 'cloudinary';
import { AppError } from '../errors';
import { createReadStream } from 'node:fs';
import type { FileStorage, StoredFile } from './storage';

export interface CloudinaryOptions {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** API host, default https://api.cloudinary.com */
  uploadPrefix: string;
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/** cloudinary://key:secret@cloud_name?upload_prefix=...&timeout=... */
export function parseCloudinaryUrl(url: string, apiBase?: string): CloudinaryOptions {
  const u = new URL(url);
  if (u.protocol !== 'cloudinary:' || !u.username || !u.password || !u.hostname) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://key:secret@cloud');
  }
  const timeout = Number(u.searchParams.get('timeout'));
  return {
    cloudName: decodeURIComponent(u.hostname),
    apiKey: decodeURIComponent(u.username),
    apiSecret: decodeURIComponent(u.password),
    uploadPrefix: (apiBase ?? u.searchParams.get('upload_prefix') ?? 'https://api.cloudinary.com').replace(
      /\/$/,
      '',
    ),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  };
}

interface UploadResult {
  secure_url?: string;
  url?: string;
  public_id?: string;
}
interface UploadError {
  message?: string;
  http_code?: number;
  name?: string;
}

function upstreamError(err: UploadError | undefined): AppError {
  const timedOut = err?.name === 'TimeoutError' || err?.http_code === 499;
  return new AppError(
    502,
    'UPSTREAM_ERROR',
    timedOut
      ? 'Image upload failed: the image service did not answer in time. Please try again.'
      : `Image upload failed: the image service answered with an error${
          err?.http_code ? ` (${err.http_code})` : ''
        }. Please try again.`,
  );
}

export function createCloudinaryStorage(options: CloudinaryOptions): FileStorage {
  // The SDK picks http or https once, at load time; an agent of the right kind makes a per-call
  // http:// upload_prefix (a local fake) work as well.
  const agent = options.uploadPrefix.startsWith('http:')
    ? new http.Agent({ keepAlive: false })
    : new https.Agent({ keepAlive: true });

  // the account, host, time-out and agent of every call
  const callOptions = {
    cloud_name: options.cloudName,
    api_key: options.apiKey,
    api_secret: options.apiSecret,
    upload_prefix: options.uploadPrefix,
    timeout: options.timeoutMs,
    agent,
    resource_type: 'image',
  };

  function upload(
    { folder, name }: { folder: string; name?: string },
    write: (stream: NodeJS.WritableStream) => void,
  ): Promise<StoredFile> {
    return new Promise((resolve, reject) => {
      try {
        const stream = cloudinary.v2.uploader.upload_stream(
          {
            ...callOptions,
            folder: folder.replace(/[^a-z0-9-]/gi, ''),
            // a name of ours (docs/images.md: the image's size is part of it); unset: Cloudinary picks one
            ...(name ? { public_id: name.replace(/[^a-z0-9_-]/gi, '') } : {}),
            // the SDK otherwise also creates a promise nobody awaits, which would reject unhandled
            disable_promises: true,
          } as Record<string, unknown>,
          (error?: UploadError, result?: UploadResult) => {
            const url = result?.secure_url ?? result?.url;
            if (error || !url) return reject(upstreamError(error));
            resolve({ url, key: result?.public_id ?? url });
          },
        );
        stream.on('error', (err: UploadError) => reject(upstreamError(err)));
        write(stream);
      } catch (err) {
        reject(upstreamError(err as UploadError));
      }
    });
  }

  return {
    kind: 'cloudinary',
    save({ buffer, folder, name }) {
      return upload({ folder, name }, (stream) => stream.end(buffer));
    },
    // streamed from the temporary file: the upload is never whole in memory
    saveFile({ path, folder, name }) {
      return upload({ folder, name }, (stream) => {
        const source = createReadStream(path);
        source.on('error', (err) => stream.emit('error', err));
        source.pipe(stream);
      });
    },
    async remove(key) {
      await cloudinary.v2.uploader.destroy(key, callOptions as Record<string, unknown>);
    },
  };
}
