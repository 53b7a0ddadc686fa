import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, landmarks, properties, propertyActions, propertyImages, propertyTypes, users } from '@kunci/db/schema';
import type { ListingType } from '@kunci/contracts/reference';
import { SEARCH_COUNT_CAP } from '@kunci/contracts/listings';

/** Public visibility: the predicate the partial indexes are built on, plus expiry. */
export const isLive = (): SQL =>
  and(eq(properties.status, 'ACTIVE'), eq(properties.active, true), eq(properties.reviewStatus, 'APPROVED'), sql`${properties.expiresAt} > now()`)!;

export interface SearchFilter {
  areaSlug?: string | undefined;
  categories?: readonly string[] | undefined;
  types: readonly ListingType[];
  /** Text on the property name (a building typed in the search bar). */
  name?: string | undefined;
  near?: { lat: number; lng: number; radiusKm: number } | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  bedrooms?: number | undefined;
  bathrooms?: number | undefined;
  parking?: number | undefined;
  furnishTypes?: readonly string[] | undefined;
  petFriendly?: boolean | undefined;
  roomTypes?: readonly string[] | undefined;
  zeroDeposit?: boolean | undefined;
  excludeId?: number | undefined;
  order: 'newest' | 'price' | '-price' | 'distance' | 'name';
  limit: number;
  offset: number;
}

const KM_PER_DEGREE = 111.32;

/** An ILIKE pattern for "contains", with the user's own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Great-circle distance in km from a point, in plain SQL (no extension needed, same on PGlite and servers). */
function distanceKm(lat: number, lng: number): SQL<number> {
  return sql<number>`(6371 * 2 * asin(sqrt(power(sin(radians(${properties.lat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${properties.lat})) * power(sin(radians(${properties.lng} - ${lng}) / 2), 2))))`;
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
  lat: properties.lat,
  lon: properties.lng,
};

export function createListingsRepository(db: Database) {
  // Areas change only with a deploy: their ids are looked up once.
  let areaIds: Promise<Map<string, number>> | undefined;
  const areaIdsBySlug = () =>
    (areaIds ??= db
      .select({ id: areas.id, slug: areas.slug })
      .from(areas)
      .then((rows) => new Map(rows.map((r) => [r.slug, r.id]))));
  return {
    async search(filter: SearchFilter) {
      const near = filter.near;
      const areaId = filter.areaSlug ? (await areaIdsBySlug()).get(filter.areaSlug) : undefined;
      if (filter.areaSlug && areaId === undefined) return { rows: [], total: 0, capped: false };
      const here = near ? sql`point(${near.lng}, ${near.lat})` : undefined;
      // Filters on the listing's own columns only, so the partial indexes answer them without joins.
      const where = and(
        isLive(),
        inArray(properties.type, [...filter.types]),
        areaId !== undefined ? eq(properties.areaId, areaId) : undefined,
        filter.categories?.length ? inArray(properties.category, [...filter.categories]) : undefined,
        filter.name ? sql`${properties.name} ilike ${containing(filter.name)}` : undefined,
        near && here
          ? and(
              sql`${properties.geo} <@ circle(${here}, ${(near.radiusKm / KM_PER_DEGREE) * 1.01})`,
              sql`${distanceKm(near.lat, near.lng)} <= ${near.radiusKm}`,
            )
          : undefined,
        filter.minPrice !== undefined ? gte(properties.price, filter.minPrice) : undefined,
        filter.maxPrice !== undefined ? lte(properties.price, filter.maxPrice) : undefined,
        filter.bedrooms !== undefined ? gte(properties.bedroom, filter.bedrooms) : undefined,
        filter.bathrooms !== undefined ? gte(properties.bathroom, filter.bathrooms) : undefined,
        filter.parking !== undefined ? gte(properties.carpark, filter.parking) : undefined,
        filter.furnishTypes?.length ? inArray(properties.furnishType, [...filter.furnishTypes]) : undefined,
        filter.petFriendly !== undefined ? eq(properties.petFriendly, filter.petFriendly) : undefined,
        filter.roomTypes?.length ? inArray(properties.roomType, [...filter.roomTypes]) : undefined,
        filter.zeroDeposit !== undefined ? eq(properties.zeroDepositEligible, filter.zeroDeposit) : undefined,
        filter.excludeId !== undefined ? ne(properties.id, filter.excludeId) : undefined,
      );
      const newest = [desc(properties.dateCreated), desc(properties.id)];
      const order =
        filter.order === 'price'
          ? [asc(properties.price), desc(properties.id)]
          : filter.order === '-price'
            ? [desc(properties.price), desc(properties.id)]
            : filter.order === 'distance' && here
              ? // KNN on the GiST index: nearest first without computing every distance (a tiebreaker would stop it).
                [sql`${properties.geo} <-> ${here}`]
              : filter.order === 'name' && filter.name
                ? [desc(sql`similarity(${properties.name}, ${filter.name})`), ...newest]
                : newest;
      const rows = await db
        .select({ ...cardColumns, distanceKm: near ? distanceKm(near.lat, near.lng) : sql<null>`null` })
        .from(properties)
        .innerJoin(areas, eq(areas.id, properties.areaId))
        .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset);
      // Count up to the cap: exact for every real search, bounded work for "everything in Kuala Lumpur".
      const counted = db
        .select({ one: sql`1` })
        .from(properties)
        .where(where)
        .limit(SEARCH_COUNT_CAP + 1)
        .as('counted');
      const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(counted);
      return { rows, total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
    },

    /** Any listing, live or not, with its area: what "similar" is measured against. */
    findForSimilar: async (id: number) =>
      (
        await db
          .select({ id: properties.id, type: properties.type, category: properties.category, price: properties.price, areaSlug: areas.slug })
          .from(properties)
          .innerJoin(areas, eq(areas.id, properties.areaId))
          .where(eq(properties.id, id))
      )[0],

    findLandmark: async (id: number) => (await db.select().from(landmarks).where(eq(landmarks.id, id)))[0],

    /** Buildings whose name matches typed keywords, typos forgiven (trigram word similarity). */
    matchLandmarks: (keywords: string, limit: number) =>
      db
        .select({ id: landmarks.id, name: landmarks.name, areaSlug: areas.slug, score: sql<number>`word_similarity(${keywords}, ${landmarks.name})` })
        .from(landmarks)
        .innerJoin(areas, eq(areas.id, landmarks.areaId))
        .where(or(sql`${landmarks.name} ilike ${containing(keywords)}`, sql`word_similarity(${keywords}, ${landmarks.name}) > 0.35`))
        .orderBy(desc(sql`word_similarity(${keywords}, ${landmarks.name})`), asc(landmarks.name))
        .limit(limit),

    /** Records an action; a view counts once per visitor and listing a day. Returns the listing's views. */
    async logAction(entry: { propertyId: number; action: string; visitorId: string | null; userId: string | null; recommendedRef: string | null }) {
      return db.transaction(async (tx) => {
        let counts = entry.action === 'VIEW';
        if (counts && (entry.visitorId || entry.userId)) {
          const who = entry.userId ? eq(propertyActions.userId, entry.userId) : eq(propertyActions.visitorId, entry.visitorId!);
          const [seen] = await tx
            .select({ id: propertyActions.id })
            .from(propertyActions)
            .where(
              and(
                eq(propertyActions.propertyId, entry.propertyId),
                eq(propertyActions.action, 'VIEW'),
                who,
                sql`${propertyActions.createdAt} > now() - interval '1 day'`,
              ),
            )
            .limit(1);
          counts = !seen;
        }
        await tx.insert(propertyActions).values(entry);
        const [row] = counts
          ? await tx
              .update(properties)
              .set({ views: sql`${properties.views} + 1` })
              .where(eq(properties.id, entry.propertyId))
              .returning({ views: properties.views })
          : await tx.select({ views: properties.views }).from(properties).where(eq(properties.id, entry.propertyId));
        return row?.views ?? 0;
      });
    },

    /** Areas with the most live rentals. */
    popularAreas: (limit: number) =>
      db
        .select({ slug: areas.slug, listings: sql<number>`count(*)::int` })
        .from(properties)
        .innerJoin(areas, eq(areas.id, properties.areaId))
        .where(and(isLive(), inArray(properties.type, ['HIGHRISE', 'LANDED', 'ROOM'])))
        .groupBy(areas.slug)
        .orderBy(desc(sql`count(*)`), asc(areas.slug))
        .limit(limit),

    /** The area and category a visitor (or user) looked at most recently and most often. */
    async recentInterest(who: { visitorId: string | null; userId: string | null }) {
      if (!who.visitorId && !who.userId) return undefined;
      const recent = db
        .select({ areaSlug: areas.slug, category: properties.category, propertyId: propertyActions.propertyId })
        .from(propertyActions)
        .innerJoin(properties, eq(properties.id, propertyActions.propertyId))
        .innerJoin(areas, eq(areas.id, properties.areaId))
        .where(
          and(
            eq(propertyActions.action, 'VIEW'),
            who.userId ? eq(propertyActions.userId, who.userId) : eq(propertyActions.visitorId, who.visitorId!),
          ),
        )
        .orderBy(desc(propertyActions.createdAt))
        .limit(50)
        .as('recent');
      const [top] = await db
        .select({ areaSlug: recent.areaSlug, category: recent.category, n: sql<number>`count(*)::int` })
        .from(recent)
        .groupBy(recent.areaSlug, recent.category)
        .orderBy(desc(sql`count(*)`))
        .limit(1);
      const seen = await db.selectDistinct({ id: recent.propertyId }).from(recent);
      return top ? { areaSlug: top.areaSlug, category: top.category, seen: seen.map((s) => s.id) } : undefined;
    },

    /** One part of the sitemap: live listings in id order. */
    async sitemapPart(part: number, size: number) {
      const [total] = await db.select({ n: count() }).from(properties).where(isLive());
      const rows = await db
        .select({ id: properties.id, dateUpdated: properties.dateUpdated })
        .from(properties)
        .where(isLive())
        .orderBy(asc(properties.id))
        .limit(size)
        .offset(part * size);
      return { rows, total: total?.n ?? 0 };
    },

    names: async () => ({
      areas: await db.select().from(areas).orderBy(asc(areas.id)),
      types: await db.select().from(propertyTypes),
    }),

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
