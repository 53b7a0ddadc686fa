import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, landmarks, properties, propertyImages, users } from '@kunci/db/schema';
import type { ListingType } from '@kunci/contracts/reference';

/** Public visibility: the predicate the partial indexes are built on, plus expiry. */
export const isLive = (): SQL =>
  and(eq(properties.status, 'ACTIVE'), eq(properties.active, true), eq(properties.reviewStatus, 'APPROVED'), sql`${properties.expiresAt} > now()`)!;

export interface SearchFilter {
  areaSlug?: string | undefined;
  category?: string | undefined;
  types: readonly ListingType[];
  sort: '-dateCreated' | 'price' | '-price';
  limit: number;
  offset: number;
}

const cardColumns = {
  id: properties.id,
  name: properties.name,
  type: properties.type,
  category: properties.category,
  price: properties.price,
  bedroom: properties.bedroom,
  bathroom: properties.bathroom,
  sqft: properties.sqft,
  furnishType: properties.furnishType,
  zeroDepositEligible: properties.zeroDepositEligible,
  dateCreated: properties.dateCreated,
  areaSlug: areas.slug,
  landmarkName: landmarks.name,
};

export function createListingsRepository(db: Database) {
  return {
    async search(filter: SearchFilter) {
      const where = and(
        isLive(),
        inArray(properties.type, [...filter.types]),
        filter.areaSlug ? eq(areas.slug, filter.areaSlug) : undefined,
        filter.category ? eq(properties.category, filter.category) : undefined,
      );
      const order =
        filter.sort === 'price'
          ? [asc(properties.price), desc(properties.id)]
          : filter.sort === '-price'
            ? [desc(properties.price), desc(properties.id)]
            : [desc(properties.dateCreated), desc(properties.id)];
      // One round trip: the page and the total (a window count over the same filter).
      const rows = await db
        .select({ ...cardColumns, total: sql<number>`(count(*) over ())::int` })
        .from(properties)
        .innerJoin(areas, eq(areas.id, properties.areaId))
        .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset);
      // A page past the end has no rows to carry the total: count it alone.
      const total =
        rows[0]?.total ??
        (filter.offset > 0
          ? ((await db.select({ n: count() }).from(properties).innerJoin(areas, eq(areas.id, properties.areaId)).where(where))[0]?.n ?? 0)
          : 0);
      return { rows, total };
    },

    async coversFor(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: propertyImages.id, propertyId: propertyImages.propertyId, mediaKey: propertyImages.mediaKey })
        .from(propertyImages)
        .where(and(inArray(propertyImages.propertyId, ids), eq(propertyImages.isCover, true)));
    },

    async findById(id: number) {
      const [row] = await db
        .select({
          ...cardColumns,
          property: properties,
          landmarkVerified: landmarks.verified,
          ownerName: users.name,
          live: sql<boolean>`(${isLive()})`,
        })
        .from(properties)
        .innerJoin(areas, eq(areas.id, properties.areaId))
        .innerJoin(users, eq(users.id, properties.ownerId))
        .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
        .where(eq(properties.id, id));
      return row;
    },

    imagesOf(propertyId: number) {
      return db
        .select({ id: propertyImages.id, mediaKey: propertyImages.mediaKey, isCover: propertyImages.isCover })
        .from(propertyImages)
        .where(eq(propertyImages.propertyId, propertyId))
        .orderBy(asc(propertyImages.position), asc(propertyImages.id));
    },
  };
}
export type ListingsRepository = ReturnType<typeof createListingsRepository>;
