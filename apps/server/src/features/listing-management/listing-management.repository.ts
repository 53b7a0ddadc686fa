import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, cities, idempotencyKeys, landmarks, postcodes, properties, propertyImages, propertyVideos, users } from '@kunci/db/schema';
import { AREAS } from '@kunci/db/reference/areas';
import { IDEMPOTENCY_KEY_HOURS, type ListingTab, type OwnerListingsQuery } from '@kunci/contracts/listing-management';
import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
import { transactional } from '../../lib/transactional.ts';
import { createUploadsRepository } from '../../lib/uploads.repository.ts';
import { createLandlordLeadsRepository } from './landlord-leads.repository.ts';
import { createListingMediaRepository } from './listing-media.repository.ts';
import { createPriceStatisticsRepository } from './price-statistics.repository.ts';

/** A listing's stored fields, as the service sets them. */
export type ListingValues = Partial<typeof properties.$inferInsert>;

/** The one tab of "My listings" a listing shows under (the first that applies, in this order). */
export const tabOf = sql<ListingTab>`case
  when ${properties.status} = 'SUSPENDED' then 'SUSPENDED'
  when ${properties.reviewStatus} = 'DRAFT' then 'DRAFT'
  when ${properties.reviewStatus} = 'REJECTED' then 'REJECTED'
  when ${properties.status} = 'EXPIRED' or ${properties.expiresAt} <= now() then 'EXPIRED'
  when ${properties.reviewStatus} = 'PENDING' then 'PENDING'
  when not ${properties.active} then 'INACTIVE'
  else 'ACTIVE' end`;

const photoCount = sql<number>`(select count(*)::int from ${propertyImages} where ${propertyImages.propertyId} = ${properties.id})`;
const videoCount = sql<number>`(select count(*)::int from ${propertyVideos} where ${propertyVideos.propertyId} = ${properties.id})`;
const coverKey = sql<
  string | null
>`(select ${propertyImages.mediaKey} from ${propertyImages} where ${propertyImages.propertyId} = ${properties.id} order by ${propertyImages.isCover} desc, ${propertyImages.position}, ${propertyImages.id} limit 1)`;
const coverId = sql<
  number | null
>`(select ${propertyImages.id} from ${propertyImages} where ${propertyImages.propertyId} = ${properties.id} order by ${propertyImages.isCover} desc, ${propertyImages.position}, ${propertyImages.id} limit 1)`;

export const ownerColumns = {
  property: properties,
  areaSlug: areas.slug,
  landmarkName: landmarks.name,
  landmarkVerified: landmarks.verified,
  tab: tabOf,
  photoCount,
  videoCount,
  coverKey,
  coverId,
};

const SORTS: Record<OwnerListingsQuery['sort'], SQL[]> = {
  '-dateCreated': [desc(properties.dateCreated), desc(properties.id)],
  dateCreated: [asc(properties.dateCreated), asc(properties.id)],
  '-expiresAt': [desc(properties.expiresAt), desc(properties.id)],
  expiresAt: [asc(properties.expiresAt), asc(properties.id)],
  price: [asc(properties.price), desc(properties.id)],
  '-price': [desc(properties.price), desc(properties.id)],
};

/**
 * The feature's repository: listings as their owners and moderators handle them, with their media, uploads, landlord
 * leads and price statistics; `transaction(work)` hands `work` all of it bound to one transaction.
 */
export const createListingManagementRepository = (db: Database) =>
  transactional(db, (d) => ({
    ...listingQueries(d),
    media: createListingMediaRepository(d),
    uploads: createUploadsRepository(d),
    leads: createLandlordLeadsRepository(d),
    prices: createPriceStatisticsRepository(d),
    audit: createAuditLogRepository(d),
  }));
export type ListingManagementRepository = ReturnType<typeof createListingManagementRepository>;

/** A listing with what its owner's view adds (`ownerColumns`). */
export type OwnerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof listingQueries>['findOwned']>>>;

/** An approved listing whose reviewed facts changed goes back to the moderators. */
const backToReview = { reviewStatus: 'PENDING' as const, submittedAt: sql`now()`, rejectionReason: null };

const idempotencyKeyOf = (userId: string, scope: string, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

/** The owners of claimed listings (to tell them), by id. */
async function withOwners<T extends { ownerId: string }>(db: Database, claimed: T[]) {
  if (!claimed.length) return [];
  const owners = await db
    .select({ id: users.id, phone: users.phoneNumber, email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.id, [...new Set(claimed.map((c) => c.ownerId))]));
  return claimed.flatMap((listing) => {
    const owner = owners.find((o) => o.id === listing.ownerId);
    return owner ? [{ ...listing, owner }] : [];
  });
}

function listingQueries(db: Database) {
  const withOwnerColumns = () =>
    db
      .select(ownerColumns)
      .from(properties)
      .innerJoin(areas, eq(areas.id, properties.areaId))
      .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId));

  return {
    findOwned: async (id: number) => (await withOwnerColumns().where(eq(properties.id, id)))[0],

    /** Locks the listing row for the rest of the transaction (concurrent edits of one listing queue up). */
    lock: async (id: number) =>
      (await db.select({ id: properties.id, ownerId: properties.ownerId }).from(properties).where(eq(properties.id, id)).for('update'))[0],

    /** A new draft; its id. */
    insert: async (values: typeof properties.$inferInsert) => (await db.insert(properties).values(values).returning({ id: properties.id }))[0]!.id,

    /** Sets a listing's fields; `toReview` sends it back to the moderators as well. */
    update: async (id: number, values: ListingValues, toReview = false) => {
      await db
        .update(properties)
        .set({ ...values, ...(toReview ? backToReview : {}) })
        .where(eq(properties.id, id));
    },

    /** Who owns a listing and when it expires (the one-tap extension checks its link against it). */
    expiry: async (id: number) =>
      (await db.select({ ownerId: properties.ownerId, expiresAt: properties.expiresAt }).from(properties).where(eq(properties.id, id)))[0],

    async listByOwner(ownerId: string, query: OwnerListingsQuery) {
      const filters: (SQL | undefined)[] = [eq(properties.ownerId, ownerId)];
      if (query.status) filters.push(sql`${tabOf} = ${query.status}`);
      // The spec omits `active` for SUSPENDED: a suspended listing is listed whatever its switch.
      if (query.active !== undefined && query.status !== 'SUSPENDED') filters.push(eq(properties.active, query.active));
      const where = and(...filters);
      const [rows, [{ total } = { total: 0 }], tabs] = await Promise.all([
        withOwnerColumns()
          .where(where)
          .orderBy(...SORTS[query.sort])
          .limit(query.pageSize)
          .offset(query.pageNumber * query.pageSize),
        db.select({ total: count() }).from(properties).where(where),
        db.select({ tab: tabOf, n: count() }).from(properties).where(eq(properties.ownerId, ownerId)).groupBy(tabOf),
      ]);
      return { rows, total, tabs };
    },

    reviewQueue: (limit: number, offset: number) =>
      withOwnerColumns()
        .where(eq(properties.reviewStatus, 'PENDING'))
        .orderBy(asc(properties.submittedAt), asc(properties.id))
        .limit(limit)
        .offset(offset),

    countPending: async () => (await db.select({ n: count() }).from(properties).where(eq(properties.reviewStatus, 'PENDING')))[0]?.n ?? 0,

    /** Approvals and rejections not yet told to their owners, claimed (one instance gets each), with the owner. */
    async claimReviewNotices() {
      const claimed = await db
        .update(properties)
        .set({ reviewNoticeDue: false })
        .where(
          and(
            eq(properties.reviewNoticeDue, true),
            inArray(
              properties.id,
              db
                .select({ id: properties.id })
                .from(properties)
                .where(eq(properties.reviewNoticeDue, true))
                .limit(100)
                .for('update', { skipLocked: true }),
            ),
          ),
        )
        .returning({
          id: properties.id,
          name: properties.name,
          ownerId: properties.ownerId,
          reviewStatus: properties.reviewStatus,
          rejectionReason: properties.rejectionReason,
        });
      return withOwners(db, claimed);
    },

    /** Marks live listings past their date EXPIRED; how many. */
    expire: async () =>
      (
        await db
          .update(properties)
          .set({ status: 'EXPIRED' })
          .where(and(eq(properties.status, 'ACTIVE'), lte(properties.expiresAt, new Date())))
          .returning({ id: properties.id })
      ).length,

    /**
     * Claims the listings expiring within `days` whose owner has not been told yet (once per expiry date), with the
     * owner. The claim is one UPDATE ... SKIP LOCKED, so two instances running the job never warn twice.
     */
    async claimExpiring(days: number) {
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
      return withOwners(db, claimed);
    },

    postcodeKnown: async (postcode: string) =>
      (await db.select({ postcode: postcodes.postcode }).from(postcodes).where(eq(postcodes.postcode, postcode)).limit(1)).length > 0,

    landmark: async (id: number) => (await db.select().from(landmarks).where(eq(landmarks.id, id)))[0],

    /** The service area nearest to a point (areas are the 21 Klang Valley areas of the spec), among `within` when given. */
    nearestArea: async (lat: number, lng: number, within?: readonly number[]) =>
      (
        await db
          .select({ id: areas.id })
          .from(areas)
          .where(within?.length ? inArray(areas.id, [...within]) : undefined)
          .orderBy(sql`power(${areas.lat} - ${lat}, 2) + power((${areas.lng} - ${lng}) * cos(radians(${lat})), 2)`, asc(areas.id))
          .limit(1)
      )[0]?.id,

    area: async (id: number) => (await db.select().from(areas).where(eq(areas.id, id)))[0],

    /**
     * The areas a postcode belongs to. `exact`: the areas reference lists it for those areas. Otherwise the
     * postcode directory's town, when an area bears its name (47301 is Petaling Jaya): coarse, since one town
     * (Kuala Lumpur) holds several areas.
     */
    async postcodeAreas(postcode: string): Promise<{ ids: number[]; exact: boolean }> {
      const listed = AREAS.filter((a) => (a.postcodes as readonly string[]).includes(postcode)).map((a) => a.id);
      if (listed.length) return { ids: listed, exact: true };
      const towns = await db
        .selectDistinct({ id: areas.id })
        .from(postcodes)
        .innerJoin(cities, eq(cities.id, postcodes.cityId))
        .innerJoin(areas, sql`lower(${areas.nameEn}) = lower(${cities.name})`)
        .where(eq(postcodes.postcode, postcode))
        .orderBy(asc(areas.id));
      return { ids: towns.map((t) => t.id), exact: false };
    },

    /**
     * Claims an idempotency key for this request: true when it is the first use (or the earlier one is over a day
     * old and is replaced). A concurrent claim of the same key waits here until that transaction ends, then sees it.
     */
    claimIdempotencyKey: async (claim: { userId: string; scope: string; key: string; requestHash: string }) =>
      (
        await db
          .insert(idempotencyKeys)
          .values(claim)
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.scope, idempotencyKeys.key],
            set: { requestHash: claim.requestHash, propertyId: null, createdAt: sql`now()` },
            setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
          })
          .returning({ key: idempotencyKeys.key })
      ).length === 1,

    idempotencyKey: async (userId: string, scope: string, key: string) =>
      (
        await db
          .select()
          .from(idempotencyKeys)
          .where(idempotencyKeyOf(userId, scope, key))
      )[0],

    settleIdempotencyKey: async (userId: string, scope: string, key: string, propertyId: number) => {
      await db
        .update(idempotencyKeys)
        .set({ propertyId })
        .where(idempotencyKeyOf(userId, scope, key));
    },

    /** Keys past their day (the jobs remove them). */
    removeExpiredIdempotencyKeys: async () =>
      (
        await db
          .delete(idempotencyKeys)
          .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`)
          .returning({ key: idempotencyKeys.key })
      ).length,
  };
}
