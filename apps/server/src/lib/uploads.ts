import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import { IMAGE_EXTENSIONS, MEDIA_LIMITS, VIDEO_EXTENSIONS } from '@kunci/contracts/listing-management';
import { ErrorCode } from '@kunci/contracts/errors';
import { IMAGE_LIMITS, ImageRejectedError, storeImageVariants, type ImagePurpose, type StoredImage } from '@kunci/media/images';
import type { MediaStore } from '@kunci/media/store';
import { checkVideo, type VideoContainer } from '@kunci/media/video-container';
import { QueueFullError } from '@kunci/media/work-queue';
import { AppError } from './app-error.ts';
import type { UploadRow, UploadsRepository } from './uploads.repository.ts';

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The container of an uploaded video, checked through its structure (a video track, sizes matching the file), or a
 * 422 naming what we play: a file that merely starts like a video is not taken.
 */
export function videoContainer(bytes: Buffer, mediaId: string, path = 'body.mediaId'): VideoContainer {
  const checked = checkVideo(bytes);
  if (checked.ok) return checked.container;
  throw new AppError(ErrorCode.VALIDATION, { mediaId, reason: checked.reason }, [{ path, message: 'field.video' }], 'field.video');
}

/**
 * Publishes a picture in every width (header checked against the purpose's limits, decoded once, re-encoded without
 * metadata). What is not a usable picture is a 422 saying why; when too many pictures are being processed, a 503 to
 * retry shortly. Whatever was half-written under `key` is removed.
 */
export async function publishImage(
  store: MediaStore,
  key: string,
  bytes: Buffer,
  purpose: ImagePurpose,
  path = 'body.mediaId',
): Promise<StoredImage> {
  try {
    return await storeImageVariants(store, key, bytes, purpose);
  } catch (error) {
    await store.removePrefix(key).catch(() => undefined);
    if (error instanceof QueueFullError) throw new AppError(ErrorCode.UNAVAILABLE, { key, reason: 'image work queue full', retryAfterMs: 5_000 });
    if (error instanceof ImageRejectedError && error.reason === 'dimensions') {
      const limits = IMAGE_LIMITS[purpose];
      throw new AppError(
        ErrorCode.INVALID_IMAGE,
        { key, detail: error.message, limits },
        [{ path, message: 'field.imagePixels' }],
        'field.imagePixels',
      );
    }
    // Anything sharp cannot read as one of our formats (or fails to decode) is refused.
    throw new AppError(ErrorCode.INVALID_IMAGE, { key, detail: error instanceof Error ? error.message : String(error) });
  }
}

/** "photo.JPG", "jpg", "image" or "video" → the kind and stored extension, or null for anything else. */
export function fileKind(file: string): { kind: 'image' | 'video'; extension: string } | null {
  const extension = (file.includes('.') ? file.split('.').pop()! : file).toLowerCase();
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension) || extension === 'image')
    return { kind: 'image', extension: extension === 'image' ? 'jpg' : extension };
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension) || extension === 'video')
    return { kind: 'video', extension: extension === 'video' ? 'mp4' : extension };
  return null;
}

export const stagingKey = (mediaId: string) => `staging/${mediaId}`;
export const uploadSignature = (secret: string, mediaId: string, expires: number) =>
  createHmac('sha256', secret).update(`upload:${mediaId}:${expires}`).digest('base64url');

/**
 * Signed, expiring upload URLs: the object store's own presigned PUT when it has one, else ours
 * (`PUT /api/uploads/{mediaId}`, HMAC-checked). Every file lands under `staging/` until it is registered.
 */
export function createUploads(options: { repository: UploadsRepository; store: MediaStore; secret: string; publicUrl: string }) {
  const { repository, store, secret, publicUrl } = options;
  return {
    async issue(values: { ownerId: string; kind: 'image' | 'video'; extension: string; propertyId?: number; conversationId?: number }) {
      const expiresAt = new Date(Date.now() + MEDIA_LIMITS.uploadUrlMinutes * 60_000);
      const upload = await repository.insert({ ...values, expiresAt });
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const url = store.presignPut
        ? await store.presignPut(stagingKey(upload.id), MEDIA_LIMITS.uploadUrlMinutes * 60)
        : `${publicUrl}/api/uploads/${upload.id}?expires=${expires}&signature=${uploadSignature(secret, upload.id, expires)}`;
      return {
        url,
        mediaId: upload.id,
        contentType: CONTENT_TYPES[values.extension] ?? 'application/octet-stream',
        maxBytes: values.kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.videoBytes,
      };
    },

    /**
     * Makes sure a file arrived for the upload: a direct PUT to an object store is learnt of here, from the stored
     * object (its size checked against the limit). Records it through `uploads`, the caller's repository bound to its
     * transaction, when given.
     */
    async confirm<U extends UploadRow>(upload: U, uploads: UploadsRepository = repository): Promise<U> {
      if (upload.status !== 'pending') return upload;
      const bytes = await store.size(stagingKey(upload.id));
      if (bytes === null || bytes === 0) throw new AppError(ErrorCode.CONFLICT, { mediaId: upload.id, reason: 'not uploaded yet' });
      if (bytes > (upload.kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.videoBytes)) {
        await store.removePrefix(stagingKey(upload.id)).catch(() => undefined);
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { mediaId: upload.id, bytes });
      }
      await uploads.markUploaded(upload.id, bytes);
      return { ...upload, status: 'uploaded', bytes };
    },

    /** The bytes a confirmed upload staged. */
    async bytes(upload: UploadRow): Promise<Buffer> {
      const file = await store.get(stagingKey(upload.id));
      if (!file) throw new AppError(ErrorCode.CONFLICT, { mediaId: upload.id, reason: 'nothing uploaded' });
      return readAll(file.body);
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;
