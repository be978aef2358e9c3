/**
 * Images in S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Ceph, ...) through the official SDK, so
 * every instance sees every upload (docs/operations.md, "Several instances"). Used when S3_BUCKET is set.
 * With S3_PUBLIC_URL the API answers links straight into the bucket (or a CDN in front of it); without it, links
 * are /uploads/<key> and any instance streams the object from the bucket.
 * A failure of the service answers 502 UPSTREAM_ERROR; nothing is written locally either way.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { RequestHandler } from 'express';
import { AppError } from '../errors';
import { fileName, safeFolder, type FileMeta, type FileStorage, type StoredFile } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; unset for AWS */
  endpoint?: string;
  /** unset: the SDK's default chain (environment, shared files, instance role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** public base URL of the bucket's objects (a CDN, or the bucket's website); unset: served through /uploads */
  publicUrl?: string;
  /** bucket in the path (MinIO, most self-hosted servers) instead of the host name */
  forcePathStyle?: boolean;
  timeoutMs?: number;
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}(_\d+x\d+(_w\d+)?)?\.(png|jpg|gif|webp|pdf|svg)$/i;

const upstreamError = () =>
  new AppError(
    502,
    'UPSTREAM_ERROR',
    'File upload failed: the storage service did not accept the file. Please try again.',
  );

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    requestHandler: { requestTimeout: timeoutMs, connectionTimeout: Math.min(timeoutMs, 5000) },
    maxAttempts: 2,
    // checksums only where S3 requires them: the SDK's default sends streamed bodies as aws-chunked with a
    // trailing checksum, which many S3-compatible servers store verbatim (corrupting the file) or refuse
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicUrl = options.publicUrl?.replace(/\/$/, '');

  const serve: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = decodeURIComponent(req.path.replace(/^\//, ''));
    if (!KEY.test(key)) return next();
    try {
      const object = await client.send(
        new GetObjectCommand({
          Bucket: options.bucket,
          Key: key,
          IfNoneMatch:
            typeof req.headers['if-none-match'] === 'string' ? req.headers['if-none-match'] : undefined,
        }),
      );
      res.setHeader('Content-Type', object.ContentType ?? 'application/octet-stream');
      if (object.ContentLength !== undefined) res.setHeader('Content-Length', String(object.ContentLength));
      if (object.ETag) res.setHeader('ETag', object.ETag);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      if (req.method === 'HEAD') {
        (object.Body as Readable | undefined)?.destroy();
        res.end();
        return;
      }
      await pipeline(object.Body as Readable, res);
    } catch (err) {
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      if (status === 304) {
        res.status(304).end();
        return;
      }
      if (status === 404 || (err as { name?: string }).name === 'NoSuchKey') return next();
      if (res.headersSent) {
        res.destroy();
        return;
      }
      req.log?.warn({ err }, 'object storage read failed');
      next(new AppError(502, 'UPSTREAM_ERROR', 'The file could not be read from storage. Please try again.'));
    }
  };

  async function put(meta: FileMeta, body: Buffer | Readable, size: number): Promise<StoredFile> {
    const key = `${safeFolder(meta.folder)}/${fileName(meta, randomUUID)}`;
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: meta.mime,
          ContentLength: size,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    } catch {
      throw upstreamError();
    }
    return { url: publicUrl ? `${publicUrl}/${key}` : `/uploads/${key}`, key };
  }

  return {
    kind: 's3',
    serve,
    save: ({ buffer, ...meta }) => put(meta, buffer, buffer.length),
    // a multipart upload already streamed to a temporary file goes to the bucket as a stream too
    saveFile: ({ path, size, ...meta }) => put(meta, createReadStream(path), size),
    async remove(key) {
      if (!KEY.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
