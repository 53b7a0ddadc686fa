import { timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@kunci/contracts/errors';
import { MEDIA_LIMITS, type OwnerListingFull, type StockImages } from '@kunci/contracts/listing-management';
import type { MediaStore } from '@kunci/media/store';
import { AppError, notFound } from '../../lib/app-error.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { CONTENT_TYPES, fileKind, publishImage, stagingKey, uploadSignature, videoContainer, type Uploads } from '../../lib/uploads.ts';
import type { ListingManagementRepository } from './listing-management.repository.ts';
import { currentListing, ownedListing, validation, type Actor } from './owned-listing.ts';

export interface ListingMediaDeps {
  repository: ListingManagementRepository;
  uploads: Uploads;
  store: MediaStore;
  secret: string;
}

/** A listing's photos and videos: signed uploads, checked and published, ordered, a cover chosen, removed. */
export function createListingMediaService({ repository, uploads, store, secret }: ListingMediaDeps) {
  /** The upload the actor asks to register: theirs, for this listing, of this kind, and uploaded. */
  async function uploadFor(tx: ListingManagementRepository, actor: Actor, propertyId: number, mediaId: string, kind: 'image' | 'video') {
    const upload = await tx.uploads.find(mediaId);
    if (!upload || upload.ownerId !== actor.id || upload.propertyId !== propertyId) throw notFound({ mediaId });
    if (upload.kind !== kind) throw validation([{ path: 'body.mediaId', message: kind === 'image' ? 'field.notImage' : 'field.video' }]);
    if (upload.status === 'registered') throw new AppError(ErrorCode.CONFLICT, { mediaId, reason: 'already registered' });
    return uploads.confirm(upload, tx.uploads);
  }

  /** The owner's listing, locked for the rest of the transaction. */
  async function lockedOwn(tx: ListingManagementRepository, actor: Actor, propertyId: number) {
    await tx.lock(propertyId);
    return ownedListing(tx, actor, propertyId);
  }

  /** A new photo or video changes what a moderator approved: the listing goes back to review. */
  async function reviewAgain(tx: ListingManagementRepository, row: { property: { id: number; reviewStatus: string } }) {
    if (row.property.reviewStatus === 'APPROVED') await tx.update(row.property.id, {}, true);
  }

  return {
    /** A signed, expiring URL the browser PUTs one file to (spec: presignedUrl and mediaId). */
    async presign(actor: Actor, propertyId: number, file: string) {
      await ownedListing(repository, actor, propertyId);
      const kind = fileKind(file);
      if (!kind) throw validation([{ path: 'params.file', message: 'field.fileType' }]);
      const { url, ...rest } = await uploads.issue({ ownerId: actor.id, propertyId, ...kind });
      return { presignedUrl: url, ...rest };
    },

    /** The PUT to a signed URL: the signature is the authority (the browser sends no credentials). */
    async receiveUpload(mediaId: string, expires: number, given: string, body: Buffer) {
      const expected = Buffer.from(uploadSignature(secret, mediaId, expires));
      const provided = Buffer.from(given);
      if (expected.length !== provided.length || !timingSafeEqual(expected, provided))
        throw new AppError(ErrorCode.FORBIDDEN, { mediaId, reason: 'bad signature' });
      if (expires * 1000 < Date.now()) throw new AppError(ErrorCode.FORBIDDEN, { mediaId, reason: 'expired' });
      const upload = await repository.uploads.find(mediaId);
      if (!upload || upload.status === 'registered') throw notFound({ mediaId });
      const limit = upload.kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.videoBytes;
      if (body.length > limit) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { mediaId, bytes: body.length });
      if (body.length === 0) throw validation([{ path: 'body', message: 'field.emptyFile' }]);
      await store.put(stagingKey(mediaId), body, 'application/octet-stream');
      await repository.uploads.markUploaded(mediaId, body.length);
    },

    /**
     * Publishes an uploaded photo: sniffed (it must decode as an image), re-encoded upright without metadata into
     * every width, then recorded in one transaction. Until that commit nothing points at the new files.
     */
    async registerImage(actor: Actor, propertyId: number, mediaId: string): Promise<OwnerListingFull> {
      await ownedListing(repository, actor, propertyId);
      const upload = await uploadFor(repository, actor, propertyId, mediaId, 'image');
      const bytes = await uploads.bytes(upload);
      const key = `listings/${propertyId}/${mediaId}`;
      // Decoding is the sniff: anything that is not one of our formats within the pixel limits is refused.
      const stored = await publishImage(store, key, bytes, 'listing');
      const result = await repository.transaction(async (tx) => {
        const row = await lockedOwn(tx, actor, propertyId);
        const again = await uploadFor(tx, actor, propertyId, mediaId, 'image');
        const existing = await tx.media.imagesOf(propertyId);
        if (existing.length >= MEDIA_LIMITS.maxPhotos) throw validation([{ path: 'body.mediaId', message: 'field.tooManyPhotos' }]);
        await tx.media.addImage({ propertyId, mediaKey: key, isCover: existing.length === 0, width: stored.width, height: stored.height });
        await tx.uploads.register(again.id);
        await reviewAgain(tx, row);
        return currentListing(tx, propertyId);
      });
      await store.removePrefix(stagingKey(mediaId)).catch(() => undefined);
      return result;
    },

    /** A verified building's directory photos (anyone may see them: they are of the outside and common areas). */
    async stockImages(landmarkId: number): Promise<StockImages> {
      if (!(await repository.landmark(landmarkId))) throw notFound({ landmarkId });
      const rows = await repository.media.stockImagesOf(landmarkId);
      return { landmarkId, content: rows.map((r) => ({ id: r.id, src: mediaSrc(r.mediaKey), width: r.width, height: r.height })) };
    },

    /** Adds one of the building's directory photos to a listing in that building (once; adding it again is a no-op). */
    async addStockImage(actor: Actor, propertyId: number, stockImageId: number): Promise<OwnerListingFull> {
      return repository.transaction(async (tx) => {
        const row = await lockedOwn(tx, actor, propertyId);
        const stock = await tx.media.stockImage(stockImageId);
        if (!stock || stock.landmarkId !== row.property.landmarkId) throw validation([{ path: 'body.stockImageId', message: 'field.stockImage' }]);
        const existing = await tx.media.imagesOf(propertyId);
        if (!existing.some((image) => image.mediaKey === stock.mediaKey)) {
          if (existing.length >= MEDIA_LIMITS.maxPhotos) throw validation([{ path: 'body.stockImageId', message: 'field.tooManyPhotos' }]);
          await tx.media.addImage({ propertyId, mediaKey: stock.mediaKey, isCover: existing.length === 0, width: stock.width, height: stock.height });
          await reviewAgain(tx, row);
        }
        return currentListing(tx, propertyId);
      });
    },

    async deleteImage(actor: Actor, imageId: number) {
      const image = await repository.media.image(imageId);
      if (!image) throw notFound({ imageId });
      await repository.transaction(async (tx) => {
        await lockedOwn(tx, actor, image.propertyId);
        await tx.media.removeImage(imageId);
        if (image.isCover) {
          const [next] = await tx.media.imagesOf(image.propertyId);
          if (next) await tx.media.setCover(image.propertyId, next.id);
        }
      });
      // Only files this listing owns are removed (demo and shared pictures live elsewhere and serve many listings).
      if (image.mediaKey.startsWith(`listings/${image.propertyId}/`)) await store.removePrefix(image.mediaKey).catch(() => undefined);
    },

    async setCover(actor: Actor, propertyId: number, imageId: number): Promise<OwnerListingFull> {
      return repository.transaction(async (tx) => {
        await lockedOwn(tx, actor, propertyId);
        const images = await tx.media.imagesOf(propertyId);
        if (!images.some((i) => i.id === imageId)) throw notFound({ imageId });
        await tx.media.setCover(propertyId, imageId);
        return currentListing(tx, propertyId);
      });
    },

    async reorder(actor: Actor, propertyId: number, imageIds: number[]): Promise<OwnerListingFull> {
      return repository.transaction(async (tx) => {
        await lockedOwn(tx, actor, propertyId);
        const images = await tx.media.imagesOf(propertyId);
        const known = new Set(images.map((i) => i.id));
        if (imageIds.length !== known.size || new Set(imageIds).size !== imageIds.length || !imageIds.every((id) => known.has(id))) {
          throw validation([{ path: 'body.imageIds', message: 'field.imageOrder' }]);
        }
        for (const [position, id] of imageIds.entries()) await tx.media.setPosition(id, position);
        return currentListing(tx, propertyId);
      });
    },

    async registerVideo(actor: Actor, propertyId: number, url: string): Promise<OwnerListingFull> {
      const [mediaId, extension] = url.split('.') as [string, string];
      await ownedListing(repository, actor, propertyId);
      const upload = await uploadFor(repository, actor, propertyId, mediaId, 'video');
      const bytes = await uploads.bytes(upload);
      const kind = videoContainer(bytes, mediaId, 'body.url');
      const key = `videos/${propertyId}/${mediaId}.${kind === 'mov' ? 'mp4' : kind}`;
      await store.put(key, bytes, CONTENT_TYPES[kind]!);
      const result = await repository.transaction(async (tx) => {
        const row = await lockedOwn(tx, actor, propertyId);
        const again = await uploadFor(tx, actor, propertyId, mediaId, 'video');
        if ((await tx.media.videosOf(propertyId)).length >= MEDIA_LIMITS.maxVideos)
          throw validation([{ path: 'body.url', message: 'field.tooManyVideos' }]);
        await tx.media.addVideo({ propertyId, url: `${mediaId}.${extension.toLowerCase()}`, mediaKey: key, contentType: CONTENT_TYPES[kind]! });
        await tx.uploads.register(again.id);
        await reviewAgain(tx, row);
        return currentListing(tx, propertyId);
      });
      await store.removePrefix(stagingKey(mediaId)).catch(() => undefined);
      return result;
    },

    async deleteVideo(actor: Actor, videoId: number) {
      const video = await repository.media.video(videoId);
      if (!video) throw notFound({ videoId });
      await repository.transaction(async (tx) => {
        await lockedOwn(tx, actor, video.propertyId);
        await tx.media.removeVideo(videoId);
      });
      if (video.mediaKey.startsWith(`videos/${video.propertyId}/`)) await store.removePrefix(video.mediaKey).catch(() => undefined);
    },
  };
}
export type ListingMediaService = ReturnType<typeof createListingMediaService>;
