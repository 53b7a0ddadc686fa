import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UserIdParams } from '@kunci/contracts/auth';
import { ErrorBody, ErrorCode } from '@kunci/contracts/errors';
import {
  CreatePropertyBody,
  ExtensionLinkBody,
  ExtensionResult,
  IdParams,
  IdempotencyKeyHeaders,
  ImageIdParams,
  ImageParams,
  Landmark,
  LandlordLeadCreated,
  ReviewQueueQuery,
  UploadParams,
  UploadQuery,
  VideoIdParams,
  LandlordLead,
  LandlordLeadInput,
  ListingActionBody,
  ListingActionParams,
  MEDIA_LIMITS,
  MediaUploadInfo,
  OwnerListingFull,
  OwnerListingsPage,
  OwnerListingsQuery,
  PresignParams,
  PriceStatistics,
  PriceStatisticsRequest,
  PropertyUpdate,
  RegisterImageBody,
  StockImages,
  RegisterVideoBody,
  ReorderImagesBody,
  OwnerListing,
} from '@kunci/contracts/listing-management';
import { ListingIdParams, Page } from '@kunci/contracts/listings';
import { AppError } from '../../lib/app-error.ts';
import { requireRole } from '../../lib/staff.ts';
import { requestLanguage } from '../../lib/language.ts';
import { requireSelf, requireSession } from '../../plugins/auth.ts';
import type { ListingManagementService } from './listing-management.service.ts';
import type { Actor } from './owned-listing.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

function actor(request: FastifyRequest): Actor {
  const { user } = requireSession(request);
  return { id: user.id, role: user.role };
}

export const listingManagementRoutes: FastifyPluginAsyncZod<{ service: ListingManagementService }> = async (app, { service }) => {
  app.post(
    '/properties',
    {
      schema: {
        tags: ['listing management'],
        summary: 'Create a listing (a draft, not public until submitted and approved); an Idempotency-Key makes a retry safe',
        headers: IdempotencyKeyHeaders,
        body: CreatePropertyBody,
        response: { 201: OwnerListingFull, ...errors },
      },
    },
    async (request, reply) => {
      const { listing, replayed } = await service.lifecycle.create(actor(request), request.body, request.headers['idempotency-key']);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(listing);
    },
  );

  app.put(
    '/properties/:id',
    {
      schema: {
        tags: ['listing management'],
        summary: "Update one's listing (any fields; a material change to an approved listing sends it back to review)",
        params: ListingIdParams,
        body: PropertyUpdate,
        response: { 200: OwnerListingFull, ...errors },
      },
    },
    async (request) => service.lifecycle.update(actor(request), request.params.id, request.body),
  );

  app.get(
    '/properties/:id/manage',
    {
      schema: {
        tags: ['listing management'],
        summary: 'A listing as its owner edits it (any state), with its photos and videos; moderators may read any',
        params: ListingIdParams,
        response: { 200: OwnerListingFull, ...errors },
      },
    },
    async (request) => service.lifecycle.get(actor(request), request.params.id),
  );

  app.post(
    '/properties/:id/activate',
    {
      schema: {
        tags: ['listing management'],
        summary: 'Publish a draft (it goes to review) or switch a listing back on',
        params: ListingIdParams,
        response: { 200: OwnerListingFull, ...errors },
      },
    },
    async (request) => service.lifecycle.activate(actor(request), request.params.id),
  );

  app.post(
    '/properties/:id/extensions',
    {
      schema: {
        tags: ['listing management'],
        summary: 'Extend a listing by 30 days: by its signed-in owner, or with the one-tap link sent before expiry',
        params: ListingIdParams,
        body: ExtensionLinkBody,
        response: { 200: ExtensionResult, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      // A one-tap link speaks for the listing's owner whoever is signed in on the device that opens it.
      if (body) {
        if (!service.lifecycle.checkExtendLink(request.params.id, body.until, body.token))
          throw new AppError(ErrorCode.FORBIDDEN, { reason: 'bad extension link' });
        const listing = await service.lifecycle.extendByLink(request.params.id, body.until);
        return { id: listing.id, expiresAt: listing.expiresAt };
      }
      const listing = await service.lifecycle.extend(actor(request), request.params.id);
      return { id: listing.id, expiresAt: listing.expiresAt };
    },
  );

  app.post(
    '/properties/:id/:action',
    {
      schema: {
        tags: ['listing management'],
        summary: 'Owner: deactivate, submit. Moderator: approve, reject (with a reason), suspend, unsuspend',
        params: ListingActionParams,
        body: ListingActionBody,
        response: { 200: OwnerListingFull, ...errors },
      },
    },
    async (request) => service.lifecycle.act(actor(request), request.params.id, request.params.action, request.body?.reason),
  );

  app.get(
    '/users/:id/properties',
    {
      schema: {
        tags: ['listing management'],
        summary: "A user's own listings by tab (status), with the count of each tab; pageSize up to 200",
        params: UserIdParams,
        querystring: OwnerListingsQuery,
        response: { 200: OwnerListingsPage, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id, { moderatorMay: true });
      return service.lifecycle.listByOwner(request.params.id, request.query);
    },
  );

  app.get(
    '/moderation/properties',
    {
      schema: {
        tags: ['listing management'],
        summary: 'Moderators: listings waiting for review, oldest first',
        querystring: ReviewQueueQuery,
        response: { 200: Page(OwnerListing), ...errors },
      },
    },
    async (request) => {
      requireRole(request, ['moderator']);
      return service.lifecycle.reviewQueue(request.query.pageNumber, request.query.pageSize);
    },
  );

  app.get(
    '/properties/:id/presignedUrl/:file',
    {
      schema: {
        tags: ['listing management'],
        summary: 'A signed URL (30 minutes) to PUT one photo or video of the listing to; `file` is a file name or its type',
        params: PresignParams,
        response: { 200: MediaUploadInfo, ...errors },
      },
    },
    async (request) => service.media.presign(actor(request), request.params.id, request.params.file),
  );

  app.post(
    '/properties/:id/images',
    {
      schema: {
        tags: ['listing management'],
        summary:
          "Register an uploaded photo (checked, re-encoded without metadata into every width), or add one of the building's stock photos; added last",
        params: ListingIdParams,
        body: RegisterImageBody,
        response: { 200: OwnerListingFull, ...errors },
      },
    },
    async (request) =>
      'mediaId' in request.body
        ? service.media.registerImage(actor(request), request.params.id, request.body.mediaId)
        : service.media.addStockImage(actor(request), request.params.id, request.body.stockImageId),
  );

  app.put(
    '/properties/:id/images',
    {
      schema: {
        tags: ['listing management'],
        summary: 'Reorder the photos (every photo id once, in the new order)',
        params: ListingIdParams,
        body: ReorderImagesBody,
        response: { 200: OwnerListingFull, ...errors },
      },
    },
    async (request) => service.media.reorder(actor(request), request.params.id, request.body.imageIds),
  );

  app.put(
    '/properties/:id/images/:imageId',
    {
      schema: {
        tags: ['listing management'],
        summary: 'Make a photo the cover',
        params: ImageParams,
        response: { 200: OwnerListingFull, ...errors },
      },
    },
    async (request) => service.media.setCover(actor(request), request.params.id, request.params.imageId),
  );

  app.delete(
    '/properties/images/:imageId',
    {
      schema: { tags: ['listing management'], summary: 'Remove a photo', params: ImageIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.media.deleteImage(actor(request), request.params.imageId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/properties/:id/videos',
    {
      schema: {
        tags: ['listing management'],
        summary: 'Register an uploaded video (url is the media id plus extension; type GENERAL; sourceType AWS_S3)',
        params: ListingIdParams,
        body: RegisterVideoBody,
        response: { 200: OwnerListingFull, ...errors },
      },
    },
    async (request) => service.media.registerVideo(actor(request), request.params.id, request.body.url),
  );

  app.delete(
    '/properties/videos/:videoId',
    {
      schema: { tags: ['listing management'], summary: 'Remove a video', params: VideoIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.media.deleteVideo(actor(request), request.params.videoId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/landlord-leads',
    {
      schema: {
        tags: ['listing management'],
        summary: 'A landlord asks to be called back about listing a home (anyone; signed-in users are linked)',
        body: LandlordLeadInput,
        response: { 201: LandlordLeadCreated, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.leads.create(request.body, requestLanguage(request), request.session?.user.id ?? null)),
  );

  app.get(
    '/moderation/landlord-leads',
    {
      schema: { tags: ['listing management'], summary: 'Moderators: the newest landlord leads', response: { 200: z.array(LandlordLead), ...errors } },
    },
    async (request) => {
      requireRole(request, ['moderator']);
      return service.leads.newest(200);
    },
  );

  app.get(
    '/landmarks/:id',
    {
      schema: {
        tags: ['listing management'],
        summary: 'A known building: its address, postcode and place (the post wizard fills them in)',
        params: IdParams,
        response: { 200: Landmark, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.lifecycle.landmark(request.params.id),
  );

  app.get(
    '/stock-images/:id',
    {
      schema: {
        tags: ['listing management'],
        summary: "A verified building's directory photos, which owners of homes in it may add to their listings",
        params: IdParams,
        response: { 200: StockImages, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.media.stockImages(request.params.id),
  );

  app.post(
    '/property-prices/statistics',
    {
      schema: {
        tags: ['listing management'],
        summary: 'The spread of comparable live rents (same building, else the same area) for the price step',
        body: PriceStatisticsRequest,
        response: { 200: PriceStatistics, 422: ErrorBody },
      },
    },
    async (request) => service.prices.statistics(request.body),
  );

  // The browser PUTs the file itself to the signed URL: the raw bytes, whatever their type.
  await app.register(async (plain) => {
    const uploads = plain.withTypeProvider<ZodTypeProvider>();
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MEDIA_LIMITS.videoBytes }, (_request, body, done) => done(null, body));
    uploads.put(
      '/uploads/:mediaId',
      {
        schema: {
          tags: ['listing management'],
          summary: 'Receive one file PUT to a signed URL (the signature is the credential)',
          params: UploadParams,
          querystring: UploadQuery,
          response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 422: ErrorBody },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError(ErrorCode.BAD_REQUEST);
        await service.media.receiveUpload(request.params.mediaId, request.query.expires, request.query.signature, request.body);
        return reply.status(204).send(null);
      },
    );
  });
};
