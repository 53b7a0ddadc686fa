import { and, asc, between, count, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@kunci/db/client';
import { areas, landmarks, properties, propertyActions, propertyImages, propertyTypes, propertyVideos, users } from '@kunci/db/schema';
import type { ListingType } from '@kunci/contracts/reference';
import { SEARCH_COUNT_CAP } from '@kunci/contracts/listings';

import { cardColumns, cardCover, cardCoverColumns, inRunningPromotion, isLive, keysHeld } from '../../lib/listing-card.repository.ts';
import { containing } from '../../lib/like.ts';

export { isLive };

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
  /** Only listings in a running hot deal or partner campaign. */
  specialOffer?: boolean | undefined;
  /** Only listings whose keys a home runner holds ("Instant view"). */
  instantView?: boolean | undefined;
  excludeId?: number | undefined;
  /** 'relevance' is newest first with listings of owners who never answer last (see buildSearch). */
  order: 'relevance' | 'newest' | 'price' | '-price' | 'distance' | 'name';
  limit: number;
  offset: number;
}

const KM_PER_DEGREE = 111.32;

/** The values of a search, by placeholder name; absent filters are left out (and so shape the query). */
type SearchValues = Record<string, string | number | boolean | string[] | undefined>;

function searchValues(filter: SearchFilter, areaId: number | undefined): SearchValues {
  const near = filter.near;
  const dLat = near ? (near.radiusKm / KM_PER_DEGREE) * 1.01 : 0;
  const dLng = near ? dLat / Math.cos((near.lat * Math.PI) / 180) : 0;
  const list = (v: readonly string[] | undefined) => (v?.length ? [...v] : undefined);
  return {
    types: [...filter.types],
    areaId,
    categories: list(filter.categories),
    namePattern: filter.name ? containing(filter.name) : undefined,
    name: filter.name,
    lat: near?.lat,
    lng: near?.lng,
    radiusKm: near?.radiusKm,
    latMin: near ? near.lat - dLat : undefined,
    latMax: near ? near.lat + dLat : undefined,
    lngMin: near ? near.lng - dLng : undefined,
    lngMax: near ? near.lng + dLng : undefined,
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    bedrooms: filter.bedrooms,
    bathrooms: filter.bathrooms,
    parking: filter.parking,
    furnishTypes: list(filter.furnishTypes),
    petFriendly: filter.petFriendly,
    roomTypes: list(filter.roomTypes),
    zeroDeposit: filter.zeroDeposit,
    specialOffer: filter.specialOffer || undefined,
    instantView: filter.instantView || undefined,
    excludeId: filter.excludeId,
    limit: filter.limit,
    offset: filter.offset,
  };
}

/** Lists become one value per element ("types.0", "types.1"...), as their placeholders are. */
function withListsSpread(values: SearchValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((v, i) => (out[`${key}.${i}`] = v));
    else out[key] = value;
  }
  return out;
}

function searchShape(values: SearchValues, order: SearchFilter['order']): string {
  return `${order}:${Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (Array.isArray(v) ? `${k}[${v.length}]` : k))
    .join(',')}`;
}

/**
 * The page and capped-count statements of one search shape, built once with placeholders: building the SQL
 * text every call cost as much as running a fast search.
 */
function buildSearch(db: Database, values: SearchValues, orderBy: SearchFilter['order']) {
  const p = (name: string) => sql.placeholder(name);
  const has = (name: string) => values[name] !== undefined;
  const near = has('lat');
  const distance = sql<number>`(6371 * 2 * asin(sqrt(power(sin(radians(${properties.lat} - ${p('lat')}) / 2), 2) + cos(radians(${p('lat')})) * cos(radians(${properties.lat})) * power(sin(radians(${properties.lng} - ${p('lng')}) / 2), 2))))`;
  const here = sql`point(${p('lng')}, ${p('lat')})`;
  // One placeholder per listed value: "in ($1)" is planned as the equality it is, which "= any($1)" is not.
  const anyOf = (column: AnyPgColumn, name: string) =>
    inArray(
      column,
      (values[name] as string[]).map((_, i) => p(`${name}.${i}`)),
    );
  // Filters on the listing's own columns only, so the partial indexes answer them without joins.
  const where = and(
    isLive(),
    anyOf(properties.type, 'types'),
    has('areaId') ? eq(properties.areaId, p('areaId')) : undefined,
    has('categories') ? anyOf(properties.category, 'categories') : undefined,
    has('namePattern') ? sql`${properties.name} ilike ${p('namePattern')}` : undefined,
    // Within a radius: a bounding box on the indexed lat/lng (whose row estimates the planner gets right, unlike
    // a GiST circle's fixed guess, so it walks nearest-first in dense places and takes the box in sparse ones),
    // then the exact distance.
    near
      ? and(
          between(properties.lat, p('latMin'), p('latMax')),
          between(properties.lng, p('lngMin'), p('lngMax')),
          sql`${distance} <= ${p('radiusKm')}`,
        )
      : undefined,
    has('minPrice') ? gte(properties.price, p('minPrice')) : undefined,
    has('maxPrice') ? lte(properties.price, p('maxPrice')) : undefined,
    has('bedrooms') ? gte(properties.bedroom, p('bedrooms')) : undefined,
    has('bathrooms') ? gte(properties.bathroom, p('bathrooms')) : undefined,
    has('parking') ? gte(properties.carpark, p('parking')) : undefined,
    has('furnishTypes') ? anyOf(properties.furnishType, 'furnishTypes') : undefined,
    has('petFriendly') ? eq(properties.petFriendly, p('petFriendly')) : undefined,
    has('roomTypes') ? anyOf(properties.roomType, 'roomTypes') : undefined,
    has('zeroDeposit') ? eq(properties.zeroDepositEligible, p('zeroDeposit')) : undefined,
    has('specialOffer') ? inRunningPromotion() : undefined,
    has('instantView') ? keysHeld() : undefined,
    has('excludeId') ? ne(properties.id, p('excludeId')) : undefined,
  );
  const newest = [desc(properties.dateCreated), desc(properties.id)];
  // Relevance ranks listings of landlords who never answer after all the others: owner_silent is set by the
  // recurring 'listings.silent-owners' job for owners with BUSINESS.alerts.neverAnswersMinRequests or more chat
  // requests in the last BUSINESS.alerts.responseWindowDays days and none answered, and cleared by its next run once
  // they answer. It is a column the relevance indexes hold right before date_created (packages/db schema/properties.ts),
  // so the search still reads an index in order and stops at the page: a score computed per query would sort every
  // match. Within each group the order is newest first (or the name's similarity). The price and newest sorts do not
  // look at it, nor does the distance order around a building (a nearest-first walk of the GiST index takes no
  // leading key).
  const relevance = [asc(properties.ownerSilent), ...newest];
  const order =
    orderBy === 'price'
      ? [asc(properties.price), desc(properties.id)]
      : orderBy === '-price'
        ? [desc(properties.price), desc(properties.id)]
        : orderBy === 'distance' && near
          ? // KNN on the GiST index: nearest first without computing every distance (a tiebreaker would stop it).
            [sql`${properties.geo} <-> ${here}`]
          : orderBy === 'name' && has('name')
            ? [asc(properties.ownerSilent), desc(sql`similarity(${properties.name}, ${p('name')})`), ...newest]
            : orderBy === 'relevance'
              ? relevance
              : newest;
  const page = db
    .select({ ...cardColumns, ...cardCoverColumns, distanceKm: near ? distance : sql<null>`null` })
    .from(properties)
    .innerJoin(areas, eq(areas.id, properties.areaId))
    .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
    .leftJoinLateral(cardCover, sql`true`)
    .where(where)
    .orderBy(...order)
    .limit(p('limit'))
    .offset(p('offset'));
  // Count up to the cap: exact for every real search, bounded work for "everything in Kuala Lumpur". The count
  // walks the page's own order, so it stops after the cap on the index that serves the page (without the order
  // a dense area or circle is gathered whole by a bitmap or sequential scan first).
  const counted = db
    .select({ one: sql`1` })
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('counted');
  const count = db.select({ n: sql<number>`count(*)::int` }).from(counted);
  // An empty name keeps them unnamed statements: the server plans each call with its values.
  return { page: page.prepare(''), count: count.prepare('') };
}

export function createListingsRepository(db: Database) {
  const searchQueries = new Map<string, ReturnType<typeof buildSearch>>();
  // Every keystroke in the search bar asks this: built once.
  const similarity = sql<number>`word_similarity(${sql.placeholder('keywords')}, ${landmarks.name})`;
  const landmarksMatching = db
    .select({ id: landmarks.id, name: landmarks.name, areaSlug: areas.slug })
    .from(landmarks)
    .innerJoin(areas, eq(areas.id, landmarks.areaId))
    .where(or(sql`${landmarks.name} ilike ${sql.placeholder('pattern')}`, sql`${similarity} > 0.35`))
    .orderBy(desc(similarity), asc(landmarks.name))
    .limit(sql.placeholder('limit'))
    .prepare('');
  const landmarkAt = db
    .select({ id: landmarks.id, lat: landmarks.lat, lng: landmarks.lng })
    .from(landmarks)
    .where(eq(landmarks.id, sql.placeholder('id')))
    .prepare('');
  // A listing's page asks these on every view: named, so each connection parses and plans them once (planning the
  // listing's join cost the database more than running it).
  const listingById = db
    .select({
      ...cardColumns,
      property: properties,
      landmarkVerified: landmarks.verified,
      landmarkFacilities: landmarks.facilities,
      landmarkNearby: landmarks.nearby,
      ownerName: users.name,
      live: sql<boolean>`(${isLive()})`,
    })
    .from(properties)
    .innerJoin(areas, eq(areas.id, properties.areaId))
    .innerJoin(users, eq(users.id, properties.ownerId))
    .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
    .where(eq(properties.id, sql.placeholder('id')))
    .prepare('listing_by_id');
  const videosOfListing = db
    .select({
      id: propertyVideos.id,
      url: propertyVideos.url,
      mediaKey: propertyVideos.mediaKey,
      contentType: propertyVideos.contentType,
      type: propertyVideos.type,
    })
    .from(propertyVideos)
    .where(eq(propertyVideos.propertyId, sql.placeholder('id')))
    .orderBy(asc(propertyVideos.id))
    .prepare('listing_videos');
  const imagesOfListing = db
    .select({ id: propertyImages.id, mediaKey: propertyImages.mediaKey, isCover: propertyImages.isCover })
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, sql.placeholder('id')))
    .orderBy(asc(propertyImages.position), asc(propertyImages.id))
    .prepare('listing_images');
  // Areas change only with a deploy: their ids are looked up once.
  let areaIds: Promise<Map<string, number>> | undefined;
  const areaIdsBySlug = () =>
    (areaIds ??= db
      .select({ id: areas.id, slug: areas.slug })
      .from(areas)
      .then(
        (rows) => new Map(rows.map((r) => [r.slug, r.id])),
        (error: unknown) => {
          // Forgotten on failure: the next search tries again.
          areaIds = undefined;
          throw error;
        },
      ));
  return {
    async search(filter: SearchFilter) {
      const areaId = filter.areaSlug ? (await areaIdsBySlug()).get(filter.areaSlug) : undefined;
      if (filter.areaSlug && areaId === undefined) return { rows: [], total: 0, capped: false };
      const values = searchValues(filter, areaId);
      const key = searchShape(values, filter.order);
      let queries = searchQueries.get(key);
      if (!queries) {
        queries = buildSearch(db, values, filter.order);
        // Shapes are few (which filters are set, and the order); the cap only guards against surprises.
        if (searchQueries.size < 1000) searchQueries.set(key, queries);
      }
      // The page and the count are independent: on a server pool they run side by side.
      const params = withListsSpread(values);
      const [rows, [{ n } = { n: 0 }]] = await Promise.all([queries.page.execute(params), queries.count.execute(params)]);
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

    /** Where a building is (a search around it): one statement built once, as the search's own are. */
    findLandmark: async (id: number) => (await landmarkAt.execute({ id }))[0],

    /** Buildings whose name matches typed keywords, typos forgiven (trigram word similarity). */
    matchLandmarks: (keywords: string, limit: number) => landmarksMatching.execute({ keywords, pattern: containing(keywords), limit }),

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

    /** Live rentals counted per area and category, as the results pages count them. */
    rentalsByAreaAndCategory: () =>
      db
        .select({ areaSlug: areas.slug, category: properties.category, listings: sql<number>`count(*)::int` })
        .from(properties)
        .innerJoin(areas, eq(areas.id, properties.areaId))
        .where(and(isLive(), inArray(properties.type, ['HIGHRISE', 'LANDED', 'ROOM'])))
        .groupBy(areas.slug, properties.category)
        .orderBy(asc(areas.slug), asc(properties.category)),

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

    async findById(id: number) {
      const [row] = await listingById.execute({ id });
      return row;
    },

    videosOf: (propertyId: number) => videosOfListing.execute({ id: propertyId }),

    imagesOf: (propertyId: number) => imagesOfListing.execute({ id: propertyId }),
  };
}
export type ListingsRepository = ReturnType<typeof createListingsRepository>;
