import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { BUSINESS, isZeroDepositEligible } from '@kunci/contracts/business';
import { FACILITIES, NEARBY_PLACES } from '@kunci/contracts/listings';
import { DAY_MS } from '@kunci/contracts/constants';
import { ErrorCode, type FieldError } from '@kunci/contracts/errors';
import {
  LISTING_TABS,
  MEDIA_LIMITS,
  PropertyFields,
  PropertyInput,
  type ListingTab,
  type OwnerListing,
  type OwnerListingFull,
  type StockImages,
  type OwnerListingsPage,
  type OwnerListingsQuery,
  type PropertyUpdate,
} from '@kunci/contracts/listing-management';
import type { PriceStatistics } from '@kunci/contracts/listing-management';
import { areas, landlordLeads, mediaUploads, properties, propertyImages, propertyVideos, users } from '@kunci/db/schema';
import { normalizePhone } from '../../lib/phone.ts';
import type { MediaStore } from '@kunci/media/store';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isLive } from '../../lib/listing-card.repository.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { CONTENT_TYPES, createUploads, fileKind, publishImage, stagingKey, uploadSignature, videoContainer } from '../../lib/uploads.ts';
import type { Db, ListingManagementRepository } from './listing-management.repository.ts';
import { createUploadsRepository } from '../../lib/uploads.repository.ts';

/** A listing with what its owner's view adds (see `ownerColumns`). */
interface Row {
  property: typeof properties.$inferSelect;
  areaSlug: string;
  landmarkName: string | null;
  landmarkVerified: boolean | null;
  tab: ListingTab;
  photoCount: number;
  videoCount: number;
  coverKey: string | null;
  coverId: number | null;
}

export interface Actor {
  id: string;
  role: 'user' | 'moderator';
}

/** Changing these sends an approved listing back to review: they are what a moderator checked. */
const MATERIAL_FIELDS = ['name', 'description', 'address', 'type', 'category', 'landmarkLabelId', 'latitude', 'longitude'] as const;

const validation = (fields: FieldError[]) => new AppError(ErrorCode.VALIDATION, undefined, fields);

/** The input fields of a stored listing, as the wizard edits them (a stored listing always has its pin). */
function inputOf(p: typeof properties.$inferSelect) {
  const input = PropertyFields.parse({
    type: p.type,
    category: p.category,
    landmarkLabelId: p.landmarkId,
    name: p.name,
    address: p.address,
    postcode: p.postcode,
    unitNumber: p.unitNumber,
    latitude: p.lat,
    longitude: p.lng,
    price: p.price,
    negotiable: p.negotiable,
    carpark: p.carpark,
    furnishType: p.furnishType,
    fullyFurnishable: p.fullyFurnishable,
    bedroom: p.bedroom,
    bathroom: p.bathroom,
    sqft: p.sqft,
    level: p.level,
    storeys: p.storeys,
    bathroomType: p.bathroomType,
    roomType: p.roomType,
    roommate: p.roommate,
    leaseType: p.leaseType,
    saleType: p.saleType,
    petFriendly: p.petFriendly,
    availability: p.availability?.toISOString() ?? null,
    viewingAvailableDate: p.viewingAvailableDate?.toISOString() ?? null,
    description: p.description,
    facilities: p.facilities,
    nearby: p.nearby,
    draftStep: p.draftStep,
  });
  return { ...input, latitude: p.lat, longitude: p.lng };
}

export function toOwnerListing(row: Row): OwnerListing {
  const p = row.property;
  const tab = row.tab;
  const status = tab === 'SUSPENDED' ? 'SUSPENDED' : tab === 'EXPIRED' ? 'EXPIRED' : p.active ? 'ACTIVE' : 'INACTIVE';
  return {
    id: p.id,
    name: p.name,
    type: p.type as OwnerListing['type'],
    category: p.category as OwnerListing['category'],
    price: p.price,
    bedroom: p.bedroom,
    bathroom: p.bathroom,
    sqft: p.sqft,
    furnishType: p.furnishType as OwnerListing['furnishType'],
    zeroDepositEligible: p.zeroDepositEligible,
    dateCreated: p.dateCreated.toISOString(),
    areaSlug: row.areaSlug,
    landmarkName: row.landmarkName,
    lat: p.lat,
    lon: p.lng,
    cover: row.coverKey && row.coverId ? { id: row.coverId, src: mediaSrc(row.coverKey), isCover: true } : null,
    status,
    reviewStatus: p.reviewStatus,
    rejectionReason: p.rejectionReason,
    expiresAt: p.expiresAt.toISOString(),
    views: p.views,
    photoCount: row.photoCount,
    videoCount: row.videoCount,
    descriptionLength: p.description.length,
    draftStep: p.draftStep,
    ownerId: p.ownerId,
    landmarkVerified: row.landmarkVerified ?? false,
  };
}

export interface ListingManagementDeps {
  repository: ListingManagementRepository;
  store: MediaStore;
  secret: string;
  publicUrl: string;
  lifetimeDays?: number;
}

export function createListingManagementService({
  repository,
  store,
  secret,
  publicUrl,
  lifetimeDays = BUSINESS.listing.lifetimeDays,
}: ListingManagementDeps) {
  const { db } = repository;
  const uploads = createUploads({ repository: createUploadsRepository(db), store, secret, publicUrl });

  /** The listing, if the actor may manage it: its owner, or a moderator when `moderatorMay`. */
  async function owned(d: Db, actor: Actor, id: number, moderatorMay = false) {
    const row = (await repository.findOwned(d, id)) as Row | undefined;
    if (!row) throw notFound({ propertyId: id });
    if (row.property.ownerId !== actor.id && !(moderatorMay && actor.role === 'moderator')) {
      throw new AppError(ErrorCode.FORBIDDEN, { propertyId: id, userId: actor.id });
    }
    return row;
  }

  async function full(d: Db, row: Row): Promise<OwnerListingFull> {
    const [images, videos] = await Promise.all([repository.imagesOf(d, row.property.id), repository.videosOf(d, row.property.id)]);
    return {
      ...toOwnerListing(row),
      input: inputOf(row.property),
      images: images.map((i) => ({ id: i.id, src: mediaSrc(i.mediaKey), isCover: i.isCover })),
      videos: videos.map((v) => ({ id: v.id, url: v.url, src: `/media/${v.mediaKey}`, contentType: v.contentType })),
    };
  }

  /**
   * Where a home is filed: a known building's area; else the area of its postcode nearest to the pin (or the
   * area nearest to the pin when the postcode names none of ours precisely). Never a default: a home
   * with neither a building, a pin nor a postcode we can place is refused. Without a pin, the pin starts
   * at the building, else in the middle of the postcode's area.
   */
  async function place(d: Db, input: PropertyInput, postcode: string, landmark: { areaId: number; lat: number; lng: number } | undefined) {
    const pinned = input.latitude !== null && input.longitude !== null ? { lat: input.latitude, lng: input.longitude } : undefined;
    if (landmark) return { areaId: landmark.areaId, ...(pinned ?? { lat: landmark.lat, lng: landmark.lng }) };
    const { ids, exact } = await repository.postcodeAreas(d, postcode);
    if (pinned) {
      const areaId = await repository.nearestArea(d, pinned.lat, pinned.lng, exact ? ids : undefined);
      if (areaId === undefined) throw new AppError(ErrorCode.UNAVAILABLE);
      return { areaId, ...pinned };
    }
    const area = ids.length ? await repository.area(d, ids[0]!) : undefined;
    if (!area) throw validation([{ path: 'body.postcode', message: 'field.postcodeArea' }]);
    return { areaId: area.id, lat: area.lat, lng: area.lng };
  }

  /** Facts that come from elsewhere: a known building's address and place, the area, zero-deposit eligibility. */
  async function derive(d: Db, input: PropertyInput) {
    const fields: FieldError[] = [];
    let { address, postcode } = input;
    // A known building fills its own address and postcode; the pin the owner confirmed places the home.
    const landmark = input.landmarkLabelId !== null ? await repository.landmark(d, input.landmarkLabelId) : undefined;
    if (input.landmarkLabelId !== null && !landmark) fields.push({ path: 'body.landmarkLabelId', message: 'field.landmark' });
    if (landmark) ({ address, postcode } = landmark);
    if (!(await repository.postcodeKnown(d, postcode))) fields.push({ path: 'body.postcode', message: 'field.postcodeUnknown' });
    if (fields.length) throw validation(fields);
    const { areaId, lat, lng } = await place(d, input, postcode, landmark);
    return {
      type: input.type,
      category: input.category,
      landmarkId: input.landmarkLabelId,
      name: input.name,
      address,
      postcode,
      unitNumber: input.unitNumber,
      lat,
      lng,
      areaId,
      price: input.price,
      negotiable: input.negotiable,
      carpark: input.carpark,
      furnishType: input.furnishType,
      fullyFurnishable: input.fullyFurnishable,
      bedroom: input.bedroom,
      bathroom: input.bathroom,
      sqft: input.sqft,
      level: input.level,
      storeys: input.storeys,
      bathroomType: input.bathroomType,
      roomType: input.roomType,
      roommate: input.roommate,
      leaseType: input.leaseType,
      saleType: input.saleType,
      petFriendly: input.petFriendly,
      availability: input.availability ? new Date(input.availability) : null,
      viewingAvailableDate: input.viewingAvailableDate ? new Date(input.viewingAvailableDate) : null,
      description: input.description,
      // Unique, in the catalogue's order, whatever order the form sent.
      facilities: FACILITIES.filter((f) => input.facilities.includes(f)),
      nearby: NEARBY_PLACES.filter((n) => input.nearby.includes(n)),
      draftStep: input.draftStep,
      zeroDepositEligible: isZeroDepositEligible(input.type, input.price),
    };
  }

  function parseInput(value: unknown): PropertyInput {
    const parsed = PropertyInput.safeParse(value);
    if (!parsed.success) throw validation(parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message })));
    return parsed.data;
  }

  /** An approved listing whose reviewed facts changed goes back to the moderators. */
  const backToReview = { reviewStatus: 'PENDING' as const, submittedAt: sql`now()`, rejectionReason: null };

  const signature = (mediaId: string, expires: number) => uploadSignature(secret, mediaId, expires);

  /** The upload the actor asks to register: theirs, for this listing, of this kind, and uploaded. */
  async function uploadFor(d: Db, actor: Actor, propertyId: number, mediaId: string, kind: 'image' | 'video') {
    const upload = await repository.upload(d, mediaId);
    if (!upload || upload.ownerId !== actor.id || upload.propertyId !== propertyId) throw notFound({ mediaId });
    if (upload.kind !== kind) throw validation([{ path: 'body.mediaId', message: kind === 'image' ? 'field.notImage' : 'field.video' }]);
    if (upload.status === 'registered') throw new AppError(ErrorCode.CONFLICT, { mediaId, reason: 'already registered' });
    return uploads.confirm(upload, createUploadsRepository(d));
  }

  return {
    /**
     * Creates a draft. With an idempotency key, the same user sending the same key again within a day gets the
     * listing the first request made (`replayed`), not another; the key with a different request is refused.
     */
    async create(actor: Actor, body: unknown, idempotencyKey?: string): Promise<{ listing: OwnerListingFull; replayed: boolean }> {
      const input = parseInput(body);
      const values = await derive(db, input);
      const claim = idempotencyKey && {
        userId: actor.id,
        scope: 'create-listing',
        key: idempotencyKey,
        requestHash: createHash('sha256').update(JSON.stringify(input)).digest('base64url'),
      };
      const outcome = await db.transaction(async (tx) => {
        if (claim && !(await repository.claimIdempotencyKey(tx, claim))) {
          const first = await repository.idempotencyKey(tx, claim.userId, claim.scope, claim.key);
          if (first?.requestHash !== claim.requestHash || first.propertyId === null)
            throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED, { key: claim.key });
          return { id: first.propertyId, replayed: true };
        }
        const [row] = await tx
          .insert(properties)
          .values({
            ...values,
            ownerId: actor.id,
            status: 'ACTIVE',
            active: false,
            reviewStatus: 'DRAFT',
            expiresAt: new Date(Date.now() + lifetimeDays * DAY_MS),
          })
          .returning({ id: properties.id });
        if (claim) await repository.settleIdempotencyKey(tx, claim.userId, claim.scope, claim.key, row!.id);
        return { id: row!.id, replayed: false };
      });
      return { listing: await full(db, (await repository.findOwned(db, outcome.id)) as Row), replayed: outcome.replayed };
    },

    async update(actor: Actor, id: number, patch: PropertyUpdate): Promise<OwnerListingFull> {
      return db.transaction(async (tx) => {
        await repository.lock(tx, id);
        const row = await owned(tx, actor, id);
        if (row.tab === 'SUSPENDED') throw new AppError(ErrorCode.FORBIDDEN, { propertyId: id, reason: 'suspended' });
        const current = inputOf(row.property);
        const merged = parseInput({ ...current, ...patch });
        const values = await derive(tx, merged);
        const material = MATERIAL_FIELDS.some((f) => f in patch && JSON.stringify(patch[f]) !== JSON.stringify(current[f]));
        await tx
          .update(properties)
          .set({
            ...values,
            draftStep: Math.max(row.property.draftStep, merged.draftStep),
            dateUpdated: new Date(),
            ...(material && row.property.reviewStatus === 'APPROVED' ? backToReview : {}),
          })
          .where(eq(properties.id, id));
        return full(tx, (await repository.findOwned(tx, id)) as Row);
      });
    },

    get: async (actor: Actor, id: number) => full(db, await owned(db, actor, id, true)),

    /** Publish (a draft or rejected listing goes to review) or switch a listing back on. */
    async activate(actor: Actor, id: number): Promise<OwnerListingFull> {
      return db.transaction(async (tx) => {
        await repository.lock(tx, id);
        const row = await owned(tx, actor, id);
        if (row.tab === 'SUSPENDED') throw new AppError(ErrorCode.FORBIDDEN, { propertyId: id, reason: 'suspended' });
        if (row.tab === 'EXPIRED') throw new AppError(ErrorCode.LISTING_EXPIRED, { propertyId: id });
        const review = row.property.reviewStatus === 'DRAFT' || row.property.reviewStatus === 'REJECTED' ? backToReview : {};
        await tx
          .update(properties)
          .set({ active: true, ...review })
          .where(eq(properties.id, id));
        return full(tx, (await repository.findOwned(tx, id)) as Row);
      });
    },

    async act(actor: Actor, id: number, action: string, reason: string | undefined): Promise<OwnerListingFull> {
      const moderatorAction = ['approve', 'reject', 'suspend', 'unsuspend'].includes(action);
      if (moderatorAction && actor.role !== 'moderator') throw new AppError(ErrorCode.FORBIDDEN, { propertyId: id, action });
      if (action === 'submit') return this.activate(actor, id);
      return db.transaction(async (tx) => {
        await repository.lock(tx, id);
        const row = await owned(tx, actor, id, moderatorAction);
        const reviewed = { reviewedAt: new Date(), reviewedBy: actor.id };
        // The owner is emailed the decision by the notices job (claimed there, so once).
        const decided = { ...reviewed, reviewNoticeDue: true };
        const set =
          action === 'deactivate'
            ? { active: false }
            : action === 'approve'
              ? {
                  ...decided,
                  reviewStatus: 'APPROVED' as const,
                  rejectionReason: null,
                  // The listing's life starts when it first goes public.
                  ...(row.property.reviewedAt === null ? { expiresAt: new Date(Date.now() + lifetimeDays * DAY_MS), expiryNoticeAt: null } : {}),
                }
              : action === 'reject'
                ? { ...decided, reviewStatus: 'REJECTED' as const, rejectionReason: reason ?? null, active: false }
                : action === 'suspend'
                  ? { ...reviewed, status: 'SUSPENDED' as const }
                  : { ...reviewed, status: row.property.expiresAt <= new Date() ? ('EXPIRED' as const) : ('ACTIVE' as const) };
        if (action === 'reject' && !reason) throw validation([{ path: 'body.reason', message: 'field.rejectReason' }]);
        if ((action === 'approve' || action === 'reject') && row.property.reviewStatus !== 'PENDING') {
          throw new AppError(ErrorCode.CONFLICT, { propertyId: id, reviewStatus: row.property.reviewStatus });
        }
        await tx.update(properties).set(set).where(eq(properties.id, id));
        return full(tx, (await repository.findOwned(tx, id)) as Row);
      });
    },

    /** Extends the listing's life by the extension period from today or its expiry, whichever is later. */
    async extend(actor: Actor, id: number): Promise<OwnerListingFull> {
      return db.transaction(async (tx) => {
        await repository.lock(tx, id);
        const row = await owned(tx, actor, id);
        if (row.tab === 'SUSPENDED') throw new AppError(ErrorCode.FORBIDDEN, { propertyId: id, reason: 'suspended' });
        const from = Math.max(Date.now(), row.property.expiresAt.getTime());
        await tx
          .update(properties)
          .set({ expiresAt: new Date(from + BUSINESS.listing.extensionDays * DAY_MS), status: 'ACTIVE', expiryNoticeAt: null })
          .where(eq(properties.id, id));
        return full(tx, (await repository.findOwned(tx, id)) as Row);
      });
    },

    /** Records a landlord's call-back request (phone normalized, area known). */
    async createLead(
      input: { name: string; phoneNo: string; areaSlug: string; type: string; note: string },
      language: string,
      userId: string | null,
    ) {
      const phone = normalizePhone(input.phoneNo);
      const [area] = await db.select({ id: areas.id }).from(areas).where(eq(areas.slug, input.areaSlug));
      const fields: FieldError[] = [];
      if (!phone) fields.push({ path: 'body.phoneNo', message: 'field.phone' });
      if (!area) fields.push({ path: 'body.areaSlug', message: 'field.area' });
      if (fields.length) throw validation(fields);
      const [lead] = await db
        .insert(landlordLeads)
        .values({ name: input.name, phoneNumber: phone!, areaId: area!.id, type: input.type, note: input.note, language, userId })
        .returning({ id: landlordLeads.id });
      return { id: lead!.id };
    },

    async leads(limit: number) {
      const rows = await db
        .select({ lead: landlordLeads, areaSlug: areas.slug })
        .from(landlordLeads)
        .innerJoin(areas, eq(areas.id, landlordLeads.areaId))
        .orderBy(sql`${landlordLeads.createdAt} desc`)
        .limit(limit);
      return rows.map(({ lead, areaSlug }) => ({
        id: lead.id,
        name: lead.name,
        phoneNumber: lead.phoneNumber,
        areaSlug,
        type: lead.type,
        note: lead.note,
        language: lead.language,
        createdAt: lead.createdAt.toISOString(),
      }));
    },

    async landmark(id: number) {
      const landmark = await repository.landmark(db, id);
      if (!landmark) throw notFound({ landmarkId: id });
      const { id: landmarkId, name, address, postcode, lat, lng, verified, listingType } = landmark;
      return { id: landmarkId, name, address, postcode, lat, lng, verified, listingType };
    },

    /** The one-tap extension: the signed link stands for the owner, for this listing only. */
    async extendByLink(id: number, until: number): Promise<OwnerListingFull> {
      const [row] = await db.select({ ownerId: properties.ownerId, expiresAt: properties.expiresAt }).from(properties).where(eq(properties.id, id));
      if (!row) throw notFound({ propertyId: id });
      // The link names the expiry it was sent for: once used (or once the listing was extended), it is spent.
      if (row.expiresAt.getTime() !== until) throw new AppError(ErrorCode.CONFLICT, { propertyId: id, reason: 'link already used' });
      return this.extend({ id: row.ownerId, role: 'user' }, id);
    },

    async listByOwner(ownerId: string, query: OwnerListingsQuery): Promise<OwnerListingsPage> {
      const { rows, total, tabs } = await repository.listByOwner(ownerId, query);
      const counts = Object.fromEntries(LISTING_TABS.map((tab) => [tab, 0])) as Record<ListingTab, number>;
      for (const t of tabs) counts[t.tab] = t.n;
      return {
        content: (rows as Row[]).map(toOwnerListing),
        totalElements: total,
        totalPages: Math.ceil(total / query.pageSize),
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
        counts,
      };
    },

    async reviewQueue(pageNumber: number, pageSize: number) {
      const [rows, total] = await Promise.all([repository.reviewQueue(pageSize, pageNumber * pageSize), repository.countPending()]);
      return {
        content: (rows as Row[]).map(toOwnerListing),
        totalElements: total,
        totalPages: Math.ceil(total / pageSize),
        pageNumber,
        pageSize,
      };
    },

    /** A signed, expiring URL the browser PUTs one file to (spec: presignedUrl and mediaId). */
    async presign(actor: Actor, propertyId: number, file: string) {
      await owned(db, actor, propertyId);
      const kind = fileKind(file);
      if (!kind) throw validation([{ path: 'params.file', message: 'field.fileType' }]);
      const { url, ...rest } = await uploads.issue({ ownerId: actor.id, propertyId, ...kind });
      return { presignedUrl: url, ...rest };
    },

    /** The PUT to a signed URL: the signature is the authority (the browser sends no credentials). */
    async receiveUpload(mediaId: string, expires: number, given: string, body: Buffer) {
      const expected = Buffer.from(signature(mediaId, expires));
      const provided = Buffer.from(given);
      if (expected.length !== provided.length || !timingSafeEqual(expected, provided))
        throw new AppError(ErrorCode.FORBIDDEN, { mediaId, reason: 'bad signature' });
      if (expires * 1000 < Date.now()) throw new AppError(ErrorCode.FORBIDDEN, { mediaId, reason: 'expired' });
      const upload = await repository.upload(db, mediaId);
      if (!upload || upload.status === 'registered') throw notFound({ mediaId });
      const limit = upload.kind === 'image' ? MEDIA_LIMITS.imageBytes : MEDIA_LIMITS.videoBytes;
      if (body.length > limit) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { mediaId, bytes: body.length });
      if (body.length === 0) throw validation([{ path: 'body', message: 'field.emptyFile' }]);
      await store.put(stagingKey(mediaId), body, 'application/octet-stream');
      await db.update(mediaUploads).set({ status: 'uploaded', bytes: body.length }).where(eq(mediaUploads.id, mediaId));
    },

    /**
     * Publishes an uploaded photo: sniffed (it must decode as an image), re-encoded upright without metadata into
     * every width, then recorded in one transaction. Until that commit nothing points at the new files.
     */
    async registerImage(actor: Actor, propertyId: number, mediaId: string): Promise<OwnerListingFull> {
      await owned(db, actor, propertyId);
      const upload = await uploadFor(db, actor, propertyId, mediaId, 'image');
      const bytes = await uploads.bytes(upload);
      const key = `listings/${propertyId}/${mediaId}`;
      // Decoding is the sniff: anything that is not one of our formats within the pixel limits is refused.
      const stored = await publishImage(store, key, bytes, 'listing');
      const result = await db.transaction(async (tx) => {
        await repository.lock(tx, propertyId);
        const row = await owned(tx, actor, propertyId);
        const again = await uploadFor(tx, actor, propertyId, mediaId, 'image');
        const existing = await repository.imagesOf(tx, propertyId);
        if (existing.length >= MEDIA_LIMITS.maxPhotos) throw validation([{ path: 'body.mediaId', message: 'field.tooManyPhotos' }]);
        await tx.insert(propertyImages).values({
          propertyId,
          mediaKey: key,
          position: await repository.nextImagePosition(tx, propertyId),
          isCover: existing.length === 0,
          width: stored.width,
          height: stored.height,
        });
        await tx.update(mediaUploads).set({ status: 'registered' }).where(eq(mediaUploads.id, again.id));
        if (row.property.reviewStatus === 'APPROVED') await tx.update(properties).set(backToReview).where(eq(properties.id, propertyId));
        return full(tx, (await repository.findOwned(tx, propertyId)) as Row);
      });
      await store.removePrefix(stagingKey(mediaId)).catch(() => undefined);
      return result;
    },

    /** A verified building's directory photos (anyone may see them: they are of the outside and common areas). */
    async stockImages(landmarkId: number): Promise<StockImages> {
      if (!(await repository.landmark(db, landmarkId))) throw notFound({ landmarkId });
      const rows = await repository.stockImagesOf(db, landmarkId);
      return { landmarkId, content: rows.map((r) => ({ id: r.id, src: mediaSrc(r.mediaKey), width: r.width, height: r.height })) };
    },

    /** Adds one of the building's directory photos to a listing in that building (once; adding it again is a no-op). */
    async addStockImage(actor: Actor, propertyId: number, stockImageId: number): Promise<OwnerListingFull> {
      return db.transaction(async (tx) => {
        await repository.lock(tx, propertyId);
        const row = await owned(tx, actor, propertyId);
        const stock = await repository.stockImage(tx, stockImageId);
        if (!stock || stock.landmarkId !== row.property.landmarkId) throw validation([{ path: 'body.stockImageId', message: 'field.stockImage' }]);
        const existing = await repository.imagesOf(tx, propertyId);
        if (!existing.some((image) => image.mediaKey === stock.mediaKey)) {
          if (existing.length >= MEDIA_LIMITS.maxPhotos) throw validation([{ path: 'body.stockImageId', message: 'field.tooManyPhotos' }]);
          await tx.insert(propertyImages).values({
            propertyId,
            mediaKey: stock.mediaKey,
            position: await repository.nextImagePosition(tx, propertyId),
            isCover: existing.length === 0,
            width: stock.width,
            height: stock.height,
          });
          if (row.property.reviewStatus === 'APPROVED') await tx.update(properties).set(backToReview).where(eq(properties.id, propertyId));
        }
        return full(tx, (await repository.findOwned(tx, propertyId)) as Row);
      });
    },

    async deleteImage(actor: Actor, imageId: number) {
      const [image] = await db.select().from(propertyImages).where(eq(propertyImages.id, imageId));
      if (!image) throw notFound({ imageId });
      await db.transaction(async (tx) => {
        await repository.lock(tx, image.propertyId);
        await owned(tx, actor, image.propertyId);
        await tx.delete(propertyImages).where(eq(propertyImages.id, imageId));
        if (image.isCover) {
          const [next] = await repository.imagesOf(tx, image.propertyId);
          if (next) await tx.update(propertyImages).set({ isCover: true }).where(eq(propertyImages.id, next.id));
        }
      });
      // Only files this listing owns are removed (demo and shared pictures live elsewhere and serve many listings).
      if (image.mediaKey.startsWith(`listings/${image.propertyId}/`)) await store.removePrefix(image.mediaKey).catch(() => undefined);
    },

    async setCover(actor: Actor, propertyId: number, imageId: number): Promise<OwnerListingFull> {
      return db.transaction(async (tx) => {
        await repository.lock(tx, propertyId);
        await owned(tx, actor, propertyId);
        const images = await repository.imagesOf(tx, propertyId);
        if (!images.some((i) => i.id === imageId)) throw notFound({ imageId });
        await tx
          .update(propertyImages)
          .set({ isCover: sql`${propertyImages.id} = ${imageId}` })
          .where(eq(propertyImages.propertyId, propertyId));
        return full(tx, (await repository.findOwned(tx, propertyId)) as Row);
      });
    },

    async reorder(actor: Actor, propertyId: number, imageIds: number[]): Promise<OwnerListingFull> {
      return db.transaction(async (tx) => {
        await repository.lock(tx, propertyId);
        await owned(tx, actor, propertyId);
        const images = await repository.imagesOf(tx, propertyId);
        const known = new Set(images.map((i) => i.id));
        if (imageIds.length !== known.size || new Set(imageIds).size !== imageIds.length || !imageIds.every((id) => known.has(id))) {
          throw validation([{ path: 'body.imageIds', message: 'field.imageOrder' }]);
        }
        for (const [position, id] of imageIds.entries()) {
          await tx.update(propertyImages).set({ position }).where(eq(propertyImages.id, id));
        }
        return full(tx, (await repository.findOwned(tx, propertyId)) as Row);
      });
    },

    async registerVideo(actor: Actor, propertyId: number, url: string): Promise<OwnerListingFull> {
      const [mediaId, extension] = url.split('.') as [string, string];
      await owned(db, actor, propertyId);
      const upload = await uploadFor(db, actor, propertyId, mediaId, 'video');
      const bytes = await uploads.bytes(upload);
      const kind = videoContainer(bytes, mediaId, 'body.url');
      const key = `videos/${propertyId}/${mediaId}.${kind === 'mov' ? 'mp4' : kind}`;
      await store.put(key, bytes, CONTENT_TYPES[kind]!);
      const result = await db.transaction(async (tx) => {
        await repository.lock(tx, propertyId);
        const row = await owned(tx, actor, propertyId);
        const again = await uploadFor(tx, actor, propertyId, mediaId, 'video');
        if ((await repository.videosOf(tx, propertyId)).length >= MEDIA_LIMITS.maxVideos)
          throw validation([{ path: 'body.url', message: 'field.tooManyVideos' }]);
        await tx
          .insert(propertyVideos)
          .values({ propertyId, url: `${mediaId}.${extension.toLowerCase()}`, mediaKey: key, contentType: CONTENT_TYPES[kind]! });
        await tx.update(mediaUploads).set({ status: 'registered' }).where(eq(mediaUploads.id, again.id));
        if (row.property.reviewStatus === 'APPROVED') await tx.update(properties).set(backToReview).where(eq(properties.id, propertyId));
        return full(tx, (await repository.findOwned(tx, propertyId)) as Row);
      });
      await store.removePrefix(stagingKey(mediaId)).catch(() => undefined);
      return result;
    },

    async deleteVideo(actor: Actor, videoId: number) {
      const [video] = await db.select().from(propertyVideos).where(eq(propertyVideos.id, videoId));
      if (!video) throw notFound({ videoId });
      await db.transaction(async (tx) => {
        await repository.lock(tx, video.propertyId);
        await owned(tx, actor, video.propertyId);
        await tx.delete(propertyVideos).where(eq(propertyVideos.id, videoId));
      });
      if (video.mediaKey.startsWith(`videos/${video.propertyId}/`)) await store.removePrefix(video.mediaKey).catch(() => undefined);
    },

    /** The spread of comparable live rents: same building (else area), kind and bedrooms. */
    async priceStatistics(request: {
      landmarkLabelId?: number | null | undefined;
      areaSlug?: string | undefined;
      type?: string | undefined;
      bedroom?: number | null | undefined;
    }): Promise<PriceStatistics> {
      const live = isLive();
      const kind = and(
        request.type ? eq(properties.type, request.type) : inArray(properties.type, ['HIGHRISE', 'LANDED', 'ROOM']),
        request.bedroom !== undefined && request.bedroom !== null ? eq(properties.bedroom, request.bedroom) : undefined,
      );
      const stats = async (where: ReturnType<typeof and>) => {
        const [row] = await db
          .select({
            n: sql<number>`count(*)::int`,
            min: sql<number | null>`min(${properties.price})`,
            p25: sql<number | null>`percentile_cont(0.25) within group (order by ${properties.price})`,
            median: sql<number | null>`percentile_cont(0.5) within group (order by ${properties.price})`,
            p75: sql<number | null>`percentile_cont(0.75) within group (order by ${properties.price})`,
            max: sql<number | null>`max(${properties.price})`,
          })
          .from(properties)
          .where(and(live, kind, where));
        return row!;
      };
      let basis: PriceStatistics['basis'] = 'none';
      let where;
      let row = { n: 0, min: null, p25: null, median: null, p75: null, max: null } as Awaited<ReturnType<typeof stats>>;
      if (request.landmarkLabelId) {
        where = eq(properties.landmarkId, request.landmarkLabelId);
        row = await stats(where);
        basis = 'landmark';
      }
      if (row.n < 3 && (request.areaSlug || request.landmarkLabelId)) {
        const area = request.areaSlug
          ? sql`${properties.areaId} = (select id from areas where slug = ${request.areaSlug})`
          : sql`${properties.areaId} = (select area_id from landmarks where id = ${request.landmarkLabelId})`;
        where = area;
        row = await stats(where);
        basis = 'area';
      }
      const buckets: PriceStatistics['buckets'] = [];
      if (row.n > 0 && row.min !== null && row.max !== null) {
        const step = Math.max(50, Math.ceil((row.max - row.min) / 8 / 50) * 50);
        const counted = await db
          .select({ bucket: sql<number>`floor((${properties.price} - ${row.min}) / ${step})::int`, n: sql<number>`count(*)::int` })
          .from(properties)
          .where(and(live, kind, where))
          .groupBy(sql`1`)
          .orderBy(sql`1`);
        for (const b of counted) buckets.push({ from: row.min + b.bucket * step, to: row.min + (b.bucket + 1) * step, count: b.n });
      }
      const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
      return {
        count: row.n,
        min: round(row.min),
        p25: round(row.p25),
        median: round(row.median),
        p75: round(row.p75),
        max: round(row.max),
        buckets,
        basis: row.n ? basis : 'none',
      };
    },

    /** Jobs (one instance at a time): expire listings, warn owners ahead, remove uploads never registered. */
    async expireListings(): Promise<number> {
      const expired = await db
        .update(properties)
        .set({ status: 'EXPIRED' })
        .where(and(eq(properties.status, 'ACTIVE'), lte(properties.expiresAt, new Date())))
        .returning({ id: properties.id });
      return expired.length;
    },

    /**
     * Claims the listings expiring within `days` whose owner has not been told yet (once per expiry date). The
     * claim is one UPDATE ... SKIP LOCKED, so two instances running the job never warn twice.
     */
    async claimListingsToWarn(days: number) {
      const claimed = await db
        .update(properties)
        .set({ expiryNoticeAt: new Date() })
        .where(
          inArray(
            properties.id,
            db
              .select({ id: properties.id })
              .from(properties)
              .where(
                and(
                  eq(properties.status, 'ACTIVE'),
                  eq(properties.reviewStatus, 'APPROVED'),
                  eq(properties.active, true),
                  sql`${properties.expiresAt} > now()`,
                  sql`${properties.expiresAt} <= now() + make_interval(days => ${days})`,
                  sql`${properties.expiryNoticeAt} is null`,
                ),
              )
              .limit(200)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning({ id: properties.id, name: properties.name, expiresAt: properties.expiresAt, ownerId: properties.ownerId });
      if (!claimed.length) return [];
      const owners = await db
        .select({ id: users.id, phone: users.phoneNumber, email: users.email, language: users.language })
        .from(users)
        .where(inArray(users.id, [...new Set(claimed.map((c) => c.ownerId))]));
      const byId = new Map(owners.map((o) => [o.id, o]));
      return claimed.map((c) => ({ ...c, owner: byId.get(c.ownerId)! }));
    },

    /** A link that extends one listing with one tap (signed; it works only for that listing's owner session-free). */
    /** Review decisions to tell owners of, each claimed once. */
    claimReviewNotices: () => repository.claimReviewNotices(),

    extendLink(id: number, expiresAt: Date): string {
      const token = createHmac('sha256', secret).update(`extend:${id}:${expiresAt.getTime()}`).digest('base64url');
      return `${publicUrl}/dashboard/listings/extend/${id}?until=${expiresAt.getTime()}&token=${token}`;
    },
    checkExtendLink(id: number, until: number, token: string): boolean {
      const expected = Buffer.from(createHmac('sha256', secret).update(`extend:${id}:${until}`).digest('base64url'));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /** Idempotency keys are answered for a day; older ones are forgotten. */
    removeExpiredIdempotencyKeys: () => repository.removeExpiredIdempotencyKeys(),

    async cleanupUploads(graceMs: number): Promise<number> {
      const stale = await repository.staleUploads(new Date(Date.now() - graceMs), 200);
      for (const upload of stale) {
        await store.removePrefix(stagingKey(upload.id)).catch(() => undefined);
        if (upload.propertyId) await store.removePrefix(`listings/${upload.propertyId}/${upload.id}`).catch(() => undefined);
        // A chat photo or video published for a message that was never stored.
        if (upload.conversationId) await store.removePrefix(`chat/${upload.conversationId}/${upload.id}`).catch(() => undefined);
        await db.delete(mediaUploads).where(and(eq(mediaUploads.id, upload.id), inArray(mediaUploads.status, ['pending', 'uploaded'])));
      }
      return stale.length;
    },
  };
}
export type ListingManagementService = ReturnType<typeof createListingManagementService>;
