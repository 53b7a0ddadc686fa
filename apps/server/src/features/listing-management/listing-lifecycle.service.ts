import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { BUSINESS, isZeroDepositEligible } from '@kunci/contracts/business';
import { DAY_MS } from '@kunci/contracts/constants';
import { ErrorCode, type FieldError } from '@kunci/contracts/errors';
import {
  LISTING_TABS,
  PropertyInput,
  type ListingTab,
  type OwnerListingFull,
  type OwnerListingsPage,
  type OwnerListingsQuery,
  type PropertyUpdate,
} from '@kunci/contracts/listing-management';
import { FACILITIES, NEARBY_PLACES } from '@kunci/contracts/listings';
import { holdsRole } from '@kunci/contracts/staff';
import { AppError, notFound } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/page.ts';
import type { ListingManagementRepository } from './listing-management.repository.ts';
import { currentListing, fullListing, inputOf, ownedListing, toOwnerListing, validation, type Actor } from './owned-listing.ts';

/** Changing these sends an approved listing back to review: they are what a moderator checked. */
const MATERIAL_FIELDS = ['name', 'description', 'address', 'type', 'category', 'landmarkLabelId', 'latitude', 'longitude'] as const;

function parseInput(value: unknown): PropertyInput {
  const parsed = PropertyInput.safeParse(value);
  if (!parsed.success) throw validation(parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message })));
  return parsed.data;
}

export interface ListingLifecycleDeps {
  repository: ListingManagementRepository;
  secret: string;
  publicUrl: string;
  lifetimeDays: number;
  /** Told as a listing is being approved, before the approval commits (saved-search alerts queue their matching). */
  onApproving?: ((propertyId: number) => Promise<void>) | undefined;
  /** After a listing's approval has committed. */
  onApproved?: ((propertyId: number) => Promise<void>) | undefined;
}

/** A listing's life: drafted, edited, submitted, reviewed, switched off and on, extended; the owner's lists. */
export function createListingLifecycleService({ repository, secret, publicUrl, lifetimeDays, onApproving, onApproved }: ListingLifecycleDeps) {
  /**
   * Where a home is filed: a known building's area; else the area of its postcode nearest to the pin (or the
   * area nearest to the pin when the postcode names none of ours precisely). Never a default: a home
   * with neither a building, a pin nor a postcode we can place is refused. Without a pin, the pin starts
   * at the building, else in the middle of the postcode's area.
   */
  async function place(
    tx: ListingManagementRepository,
    input: PropertyInput,
    postcode: string,
    landmark: { areaId: number; lat: number; lng: number } | undefined,
  ) {
    const pinned = input.latitude !== null && input.longitude !== null ? { lat: input.latitude, lng: input.longitude } : undefined;
    if (landmark) return { areaId: landmark.areaId, ...(pinned ?? { lat: landmark.lat, lng: landmark.lng }) };
    const { ids, exact } = await tx.postcodeAreas(postcode);
    if (pinned) {
      const areaId = await tx.nearestArea(pinned.lat, pinned.lng, exact ? ids : undefined);
      if (areaId === undefined) throw new AppError(ErrorCode.UNAVAILABLE);
      return { areaId, ...pinned };
    }
    const area = ids.length ? await tx.area(ids[0]!) : undefined;
    if (!area) throw validation([{ path: 'body.postcode', message: 'field.postcodeArea' }]);
    return { areaId: area.id, lat: area.lat, lng: area.lng };
  }

  /** Facts that come from elsewhere: a known building's address and place, the area, zero-deposit eligibility. */
  async function derive(tx: ListingManagementRepository, input: PropertyInput) {
    const fields: FieldError[] = [];
    let { address, postcode } = input;
    // A known building fills its own address and postcode; the pin the owner confirmed places the home.
    const landmark = input.landmarkLabelId !== null ? await tx.landmark(input.landmarkLabelId) : undefined;
    if (input.landmarkLabelId !== null && !landmark) fields.push({ path: 'body.landmarkLabelId', message: 'field.landmark' });
    if (landmark) ({ address, postcode } = landmark);
    if (!(await tx.postcodeKnown(postcode))) fields.push({ path: 'body.postcode', message: 'field.postcodeUnknown' });
    if (fields.length) throw validation(fields);
    const { areaId, lat, lng } = await place(tx, input, postcode, landmark);
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

  /** The owner's listing, locked for the rest of the transaction; a suspended one may not be changed. */
  async function lockedOwn(tx: ListingManagementRepository, actor: Actor, id: number) {
    await tx.lock(id);
    const row = await ownedListing(tx, actor, id);
    if (row.tab === 'SUSPENDED') throw new AppError(ErrorCode.FORBIDDEN, { propertyId: id, reason: 'suspended' });
    return row;
  }

  const extensionToken = (id: number, until: number) => createHmac('sha256', secret).update(`extend:${id}:${until}`).digest('base64url');

  const service = {
    /**
     * Creates a draft. With an idempotency key, the same user sending the same key again within a day gets the
     * listing the first request made (`replayed`), not another; the key with a different request is refused.
     */
    async create(actor: Actor, body: unknown, idempotencyKey?: string): Promise<{ listing: OwnerListingFull; replayed: boolean }> {
      const input = parseInput(body);
      const values = await derive(repository, input);
      const claim = idempotencyKey && {
        userId: actor.id,
        scope: 'create-listing',
        key: idempotencyKey,
        requestHash: createHash('sha256').update(JSON.stringify(input)).digest('base64url'),
      };
      const outcome = await repository.transaction(async (tx) => {
        if (claim && !(await tx.claimIdempotencyKey(claim))) {
          const first = await tx.idempotencyKey(claim.userId, claim.scope, claim.key);
          if (first?.requestHash !== claim.requestHash || first.propertyId === null)
            throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED, { key: claim.key });
          return { id: first.propertyId, replayed: true };
        }
        const id = await tx.insert({
          ...values,
          ownerId: actor.id,
          status: 'ACTIVE',
          active: false,
          reviewStatus: 'DRAFT',
          expiresAt: new Date(Date.now() + lifetimeDays * DAY_MS),
        });
        if (claim) await tx.settleIdempotencyKey(claim.userId, claim.scope, claim.key, id);
        return { id, replayed: false };
      });
      return { listing: await currentListing(repository, outcome.id), replayed: outcome.replayed };
    },

    async update(actor: Actor, id: number, patch: PropertyUpdate): Promise<OwnerListingFull> {
      return repository.transaction(async (tx) => {
        const row = await lockedOwn(tx, actor, id);
        const current = inputOf(row.property);
        const merged = parseInput({ ...current, ...patch });
        const values = await derive(tx, merged);
        const material = MATERIAL_FIELDS.some((f) => f in patch && JSON.stringify(patch[f]) !== JSON.stringify(current[f]));
        await tx.update(
          id,
          { ...values, draftStep: Math.max(row.property.draftStep, merged.draftStep), dateUpdated: new Date() },
          material && row.property.reviewStatus === 'APPROVED',
        );
        return currentListing(tx, id);
      });
    },

    get: async (actor: Actor, id: number) => fullListing(repository, await ownedListing(repository, actor, id, true)),

    /** Publish (a draft or rejected listing goes to review) or switch a listing back on. */
    async activate(actor: Actor, id: number): Promise<OwnerListingFull> {
      return repository.transaction(async (tx) => {
        const row = await lockedOwn(tx, actor, id);
        if (row.tab === 'EXPIRED') throw new AppError(ErrorCode.LISTING_EXPIRED, { propertyId: id });
        await tx.update(id, { active: true }, row.property.reviewStatus === 'DRAFT' || row.property.reviewStatus === 'REJECTED');
        return currentListing(tx, id);
      });
    },

    async act(actor: Actor, id: number, action: string, reason: string | undefined): Promise<OwnerListingFull> {
      const moderatorAction = ['approve', 'reject', 'suspend', 'unsuspend'].includes(action);
      if (moderatorAction && !holdsRole(actor.role, ['moderator'])) throw new AppError(ErrorCode.FORBIDDEN, { propertyId: id, action });
      if (action === 'submit') return service.activate(actor, id);
      if (action === 'approve') await onApproving?.(id);
      const listing = await repository.transaction(async (tx) => {
        await tx.lock(id);
        const row = await ownedListing(tx, actor, id, moderatorAction);
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
        await tx.update(id, set);
        // A moderator's decision is a staff action: the audit log keeps who, what, when, before and after.
        if (moderatorAction) {
          const was = { status: row.property.status, reviewStatus: row.property.reviewStatus };
          const now = {
            status: 'status' in set ? set.status : was.status,
            reviewStatus: 'reviewStatus' in set ? set.reviewStatus : was.reviewStatus,
          };
          await tx.audit.record({
            actor,
            action: `listing.${action}`,
            targetType: 'listing',
            targetId: id,
            reason: reason ?? null,
            before: was,
            after: now,
          });
        }
        return currentListing(tx, id);
      });
      if (action === 'approve') await onApproved?.(id);
      return listing;
    },

    /** Extends the listing's life by the extension period from today or its expiry, whichever is later. */
    async extend(actor: Actor, id: number): Promise<OwnerListingFull> {
      return repository.transaction(async (tx) => {
        const row = await lockedOwn(tx, actor, id);
        const from = Math.max(Date.now(), row.property.expiresAt.getTime());
        await tx.update(id, { expiresAt: new Date(from + BUSINESS.listing.extensionDays * DAY_MS), status: 'ACTIVE', expiryNoticeAt: null });
        return currentListing(tx, id);
      });
    },

    /** A link that extends one listing with one tap (signed; it works only for that listing's owner session-free). */
    extendLink: (id: number, expiresAt: Date): string =>
      `${publicUrl}/dashboard/listings/extend/${id}?until=${expiresAt.getTime()}&token=${extensionToken(id, expiresAt.getTime())}`,

    checkExtendLink(id: number, until: number, token: string): boolean {
      const expected = Buffer.from(extensionToken(id, until));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /** The one-tap extension: the signed link stands for the owner, for this listing only. */
    async extendByLink(id: number, until: number): Promise<OwnerListingFull> {
      const row = await repository.expiry(id);
      if (!row) throw notFound({ propertyId: id });
      // The link names the expiry it was sent for: once used (or once the listing was extended), it is spent.
      if (row.expiresAt.getTime() !== until) throw new AppError(ErrorCode.CONFLICT, { propertyId: id, reason: 'link already used' });
      return service.extend({ id: row.ownerId, role: 'user' }, id);
    },

    async listByOwner(ownerId: string, query: OwnerListingsQuery): Promise<OwnerListingsPage> {
      const { rows, total, tabs } = await repository.listByOwner(ownerId, query);
      const counts = Object.fromEntries(LISTING_TABS.map((tab) => [tab, 0])) as Record<ListingTab, number>;
      for (const t of tabs) counts[t.tab] = t.n;
      return { ...pageOf(rows.map(toOwnerListing), total, query.pageNumber, query.pageSize), counts };
    },

    async reviewQueue(pageNumber: number, pageSize: number) {
      const [rows, total] = await Promise.all([repository.reviewQueue(pageSize, pageNumber * pageSize), repository.countPending()]);
      return pageOf(rows.map(toOwnerListing), total, pageNumber, pageSize);
    },

    /** A known building, as the post wizard fills in its address, postcode and place. */
    async landmark(id: number) {
      const landmark = await repository.landmark(id);
      if (!landmark) throw notFound({ landmarkId: id });
      const { id: landmarkId, name, address, postcode, lat, lng, verified, listingType } = landmark;
      return { id: landmarkId, name, address, postcode, lat, lng, verified, listingType };
    },
  };
  return service;
}
export type ListingLifecycleService = ReturnType<typeof createListingLifecycleService>;
