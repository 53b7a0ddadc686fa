import { and, asc, count, desc, eq, inArray, lt, max, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import {
  areas,
  cities,
  idempotencyKeys,
  landmarks,
  mediaUploads,
  postcodes,
  properties,
  propertyImages,
  propertyVideos,
  stockImages,
  users,
} from '@kunci/db/schema';
import { AREAS } from '@kunci/db/reference/areas';
import { IDEMPOTENCY_KEY_HOURS, type ListingTab, type OwnerListingsQuery } from '@kunci/contracts/listing-management';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;

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

export function createListingManagementRepository(db: Database) {
  const withOwnerColumns = (d: Db) =>
    d
      .select(ownerColumns)
      .from(properties)
      .innerJoin(areas, eq(areas.id, properties.areaId))
      .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId));

  return {
    db,
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    findOwned: async (d: Db, id: number) => (await withOwnerColumns(d).where(eq(properties.id, id)))[0],

    /** Locks the listing row for the rest of the transaction (concurrent edits of one listing queue up). */
    lock: async (tx: Tx, id: number) =>
      (await tx.select({ id: properties.id, ownerId: properties.ownerId }).from(properties).where(eq(properties.id, id)).for('update'))[0],

    async listByOwner(ownerId: string, query: OwnerListingsQuery) {
      const filters: (SQL | undefined)[] = [eq(properties.ownerId, ownerId)];
      if (query.status) filters.push(sql`${tabOf} = ${query.status}`);
      // The spec omits `active` for SUSPENDED: a suspended listing is listed whatever its switch.
      if (query.active !== undefined && query.status !== 'SUSPENDED') filters.push(eq(properties.active, query.active));
      const where = and(...filters);
      const [rows, [{ total } = { total: 0 }], tabs] = await Promise.all([
        withOwnerColumns(db)
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
      withOwnerColumns(db)
        .where(eq(properties.reviewStatus, 'PENDING'))
        .orderBy(asc(properties.submittedAt), asc(properties.id))
        .limit(limit)
        .offset(offset),

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
      if (!claimed.length) return [];
      const owners = await db
        .select({ id: users.id, phone: users.phoneNumber, email: users.email, language: users.language })
        .from(users)
        .where(inArray(users.id, [...new Set(claimed.map((c) => c.ownerId))]));
      return claimed.flatMap((listing) => {
        const owner = owners.find((o) => o.id === listing.ownerId);
        return owner ? [{ ...listing, owner }] : [];
      });
    },

    countPending: async () => (await db.select({ n: count() }).from(properties).where(eq(properties.reviewStatus, 'PENDING')))[0]?.n ?? 0,

    postcodeKnown: async (d: Db, postcode: string) =>
      (await d.select({ postcode: postcodes.postcode }).from(postcodes).where(eq(postcodes.postcode, postcode)).limit(1)).length > 0,

    landmark: async (d: Db, id: number) => (await d.select().from(landmarks).where(eq(landmarks.id, id)))[0],

    /** The service area nearest to a point (areas are the 21 Klang Valley areas of the spec), among `within` when given. */
    nearestArea: async (d: Db, lat: number, lng: number, within?: readonly number[]) =>
      (
        await d
          .select({ id: areas.id })
          .from(areas)
          .where(within?.length ? inArray(areas.id, [...within]) : undefined)
          .orderBy(sql`power(${areas.lat} - ${lat}, 2) + power((${areas.lng} - ${lng}) * cos(radians(${lat})), 2)`, asc(areas.id))
          .limit(1)
      )[0]?.id,

    area: async (d: Db, id: number) => (await d.select().from(areas).where(eq(areas.id, id)))[0],

    /**
     * The areas a postcode belongs to. `exact`: the areas reference lists it for those areas. Otherwise the
     * postcode directory's town, when an area bears its name (47301 is Petaling Jaya): coarse, since one town
     * (Kuala Lumpur) holds several areas.
     */
    async postcodeAreas(d: Db, postcode: string): Promise<{ ids: number[]; exact: boolean }> {
      const listed = AREAS.filter((a) => (a.postcodes as readonly string[]).includes(postcode)).map((a) => a.id);
      if (listed.length) return { ids: listed, exact: true };
      const towns = await d
        .selectDistinct({ id: areas.id })
        .from(postcodes)
        .innerJoin(cities, eq(cities.id, postcodes.cityId))
        .innerJoin(areas, sql`lower(${areas.nameEn}) = lower(${cities.name})`)
        .where(eq(postcodes.postcode, postcode))
        .orderBy(asc(areas.id));
      return { ids: towns.map((t) => t.id), exact: false };
    },

    stockImagesOf: (d: Db, landmarkId: number) =>
      d.select().from(stockImages).where(eq(stockImages.landmarkId, landmarkId)).orderBy(asc(stockImages.position), asc(stockImages.id)),

    stockImage: async (d: Db, id: number) => (await d.select().from(stockImages).where(eq(stockImages.id, id)))[0],

    imagesOf: (d: Db, propertyId: number) =>
      d.select().from(propertyImages).where(eq(propertyImages.propertyId, propertyId)).orderBy(asc(propertyImages.position), asc(propertyImages.id)),

    videosOf: (d: Db, propertyId: number) =>
      d.select().from(propertyVideos).where(eq(propertyVideos.propertyId, propertyId)).orderBy(asc(propertyVideos.id)),

    nextImagePosition: async (tx: Tx, propertyId: number) =>
      ((
        await tx
          .select({ top: max(propertyImages.position) })
          .from(propertyImages)
          .where(eq(propertyImages.propertyId, propertyId))
      )[0]?.top ?? -1) + 1,

    upload: async (d: Db, id: string) => (await d.select().from(mediaUploads).where(eq(mediaUploads.id, id)))[0],

    /**
     * Claims an idempotency key for this request: true when it is the first use (or the earlier one is over a day
     * old and is replaced). A concurrent claim of the same key waits here until that transaction ends, then sees it.
     */
    claimIdempotencyKey: async (tx: Tx, claim: { userId: string; scope: string; key: string; requestHash: string }) =>
      (
        await tx
          .insert(idempotencyKeys)
          .values(claim)
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.scope, idempotencyKeys.key],
            set: { requestHash: claim.requestHash, propertyId: null, createdAt: sql`now()` },
            setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
          })
          .returning({ key: idempotencyKeys.key })
      ).length === 1,

    idempotencyKey: async (d: Db, userId: string, scope: string, key: string) =>
      (
        await d
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      )[0],

    settleIdempotencyKey: (tx: Tx, userId: string, scope: string, key: string, propertyId: number) =>
      tx
        .update(idempotencyKeys)
        .set({ propertyId })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))),

    /** Keys past their day (the jobs remove them). */
    removeExpiredIdempotencyKeys: async () =>
      (
        await db
          .delete(idempotencyKeys)
          .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`)
          .returning({ key: idempotencyKeys.key })
      ).length,

    /** Uploads never registered whose signed URL has long expired: the cleanup job removes them. */
    staleUploads: (olderThan: Date, limit: number) =>
      db
        .select()
        .from(mediaUploads)
        .where(and(inArray(mediaUploads.status, ['pending', 'uploaded']), lt(mediaUploads.expiresAt, olderThan)))
        .limit(limit),
  };
}
export type ListingManagementRepository = ReturnType<typeof createListingManagementRepository>;
