import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, landmarks, properties, propertyTypes, savedSearchHits, savedSearches, users } from '@kunci/db/schema';
import { cardColumns, cardCover, cardCoverColumns, inRunningPromotion, isLive, keysHeld } from '../../lib/listing-card.repository.ts';

/** Raw statements answer { rows } on both drivers (PGlite and node-postgres). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedSearchValues = Omit<typeof savedSearches.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'lastDigestAt'>;

/** What matching needs of a listing. */
type ListingFacts = Pick<
  typeof properties.$inferSelect,
  | 'areaId'
  | 'type'
  | 'category'
  | 'name'
  | 'lat'
  | 'lng'
  | 'price'
  | 'bedroom'
  | 'bathroom'
  | 'carpark'
  | 'furnishType'
  | 'petFriendly'
  | 'roomType'
  | 'zeroDepositEligible'
> & {
  /** In a running hot deal or partner campaign now ("Special offers"). */
  specialOffer: boolean;
  /** A home runner holds its keys now ("Instant view"). */
  instantView: boolean;
};

/**
 * The saved searches a listing matches, over the saved_searches row `s` with the listing's values as parameters: the
 * same rules as the results page's search (listings.repository.ts buildSearch), each one skipped when its column is
 * null. The area comes first so the partial index `saved_searches_area` (active searches by area) gives the
 * candidates: the listing's area and the searches of anywhere. Paused searches match nothing, so a listing approved
 * while paused is never sent. "Special offers" and "Instant view" are the listing's state as it is matched (its
 * approval): a promotion or keys that come later do not announce it.
 */
function matchingSearches(p: ListingFacts, columns: SQL) {
  const rest = sql`
    ${p.type} = any(s.types)
    and (s.categories is null or ${p.category} = any(s.categories))
    and (s.name_pattern is null or ${p.name} ilike s.name_pattern)
    and (s.lat is null or (6371 * 2 * asin(sqrt(power(sin(radians(${p.lat}::float8 - s.lat) / 2), 2)
         + cos(radians(s.lat)) * cos(radians(${p.lat}::float8)) * power(sin(radians(${p.lng}::float8 - s.lng) / 2), 2)))) <= s.radius_km)
    and (s.min_price is null or ${p.price} >= s.min_price)
    and (s.max_price is null or ${p.price} <= s.max_price)
    and (s.bedrooms is null or ${p.bedroom}::int >= s.bedrooms)
    and (s.bathrooms is null or ${p.bathroom}::int >= s.bathrooms)
    and (s.parking is null or ${p.carpark} >= s.parking)
    and (s.furnish_types is null or ${p.furnishType} = any(s.furnish_types))
    and (s.pet_friendly is null or ${p.petFriendly} = s.pet_friendly)
    and (s.room_types is null or ${p.roomType}::text = any(s.room_types))
    and (s.zero_deposit is null or ${p.zeroDepositEligible} = s.zero_deposit)
    and (s.special_offer is null or ${p.specialOffer}::boolean)
    and (s.instant_view is null or ${p.instantView}::boolean)`;
  // Two branches rather than "area = x or area is null", so each is one range of the area index.
  return sql`
    select ${columns} from saved_searches s where not s.paused and s.area_id = ${p.areaId} and ${rest}
    union all
    select ${columns} from saved_searches s where not s.paused and s.area_id is null and ${rest}`;
}

function savedSearchQueries(db: Database) {
  const facts = async (propertyId: number): Promise<ListingFacts | undefined> =>
    (
      await db
        .select({
          areaId: properties.areaId,
          type: properties.type,
          category: properties.category,
          name: properties.name,
          lat: properties.lat,
          lng: properties.lng,
          price: properties.price,
          bedroom: properties.bedroom,
          bathroom: properties.bathroom,
          carpark: properties.carpark,
          furnishType: properties.furnishType,
          petFriendly: properties.petFriendly,
          roomType: properties.roomType,
          zeroDepositEligible: properties.zeroDepositEligible,
          specialOffer: sql<boolean>`(${inRunningPromotion()})`,
          instantView: sql<boolean>`(${keysHeld()})`,
        })
        .from(properties)
        .where(eq(properties.id, propertyId))
    )[0];

  /**
   * Saved searches as their owner sees them: how many listings each found, and the names of its area and of its one
   * property type in every language (what its results page's title, and so its automatic name, is made of).
   */
  const listed = () =>
    db
      .select({
        search: savedSearches,
        found: sql<number>`(select count(*)::int from ${savedSearchHits} h where h.saved_search_id = ${savedSearches.id})`,
        area: { en: areas.nameEn, ms: areas.nameMs, zh: areas.nameZh },
        type: { en: propertyTypes.nameEn, ms: propertyTypes.nameMs, zh: propertyTypes.nameZh },
      })
      .from(savedSearches)
      .leftJoin(areas, eq(areas.slug, sql`${savedSearches.query}->>'loc'`))
      // Several types ("condo,studio") name no type, as on the results page they open.
      .leftJoin(propertyTypes, eq(propertyTypes.slug, sql`${savedSearches.query}->>'propertyType'`));

  return {
    list: (userId: string) => listed().where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.id)),

    /** One saved search as `list` gives it. */
    listedById: async (id: number) => (await listed().where(eq(savedSearches.id, id)))[0],

    find: async (id: number) => (await db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0],

    /** The person's saved search of exactly this query (jsonb equality: the order of its keys does not count), if any. */
    sameQuery: async (userId: string, query: SavedSearchRow['query']) =>
      (
        await listed()
          .where(and(eq(savedSearches.userId, userId), sql`${savedSearches.query} = ${JSON.stringify(query)}::jsonb`))
          .limit(1)
      )[0],

    countOf: async (userId: string) => (await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId)))[0]?.n ?? 0,

    insert: async (values: SavedSearchValues) => (await db.insert(savedSearches).values(values).returning())[0]!,

    update: async (id: number, values: Partial<Pick<SavedSearchRow, 'name' | 'frequency' | 'paused'>>, now: Date) =>
      (
        await db
          .update(savedSearches)
          .set({ ...values, updatedAt: now })
          .where(eq(savedSearches.id, id))
          .returning()
      )[0],

    remove: (id: number) => db.delete(savedSearches).where(eq(savedSearches.id, id)),

    areaBySlug: async (slug: string) => (await db.select({ id: areas.id }).from(areas).where(eq(areas.slug, slug)))[0],
    landmark: async (id: number) => (await db.select({ lat: landmarks.lat, lng: landmarks.lng }).from(landmarks).where(eq(landmarks.id, id)))[0],

    /** A listing's review state and liveness, to tell an approval that has not committed yet from one that failed. */
    listingState: async (propertyId: number) =>
      (
        await db
          .select({ reviewStatus: properties.reviewStatus, live: sql<boolean>`(${isLive()})` })
          .from(properties)
          .where(eq(properties.id, propertyId))
      )[0],

    /**
     * Records the listing as found for every saved search it matches, and returns the searches for which it is
     * new (a listing approved again after an edit finds its rows there and is not sent twice).
     */
    recordMatches: async (propertyId: number) => {
      const listing = await facts(propertyId);
      if (!listing) return [];
      return rowsOf<{ saved_search_id: number; frequency: SavedSearchRow['frequency'] }>(
        await db.execute(sql`
          with matched as (
            ${matchingSearches(listing, sql`s.id, s.frequency`)}
          ), inserted as (
            insert into saved_search_hits (saved_search_id, property_id)
            select id, ${propertyId} from matched
            on conflict do nothing
            returning saved_search_id
          )
          select inserted.saved_search_id, matched.frequency from inserted join matched on matched.id = inserted.saved_search_id`),
      );
    },

    /** Just the matching, without recording (the benchmark's measure, and what an "is it a match" check needs). */
    matchingIds: async (propertyId: number) => {
      const listing = await facts(propertyId);
      return listing ? rowsOf<{ id: number }>(await db.execute(matchingSearches(listing, sql`s.id`))).map((row) => row.id) : [];
    },

    /** Saved searches with who owns them, for the notices. */
    withOwners: (ids: number[]) =>
      ids.length
        ? db
            .select({ search: savedSearches, language: users.language })
            .from(savedSearches)
            .innerJoin(users, eq(users.id, savedSearches.userId))
            .where(inArray(savedSearches.id, ids))
        : Promise.resolve([]),

    /** The listing as a card (live only: one taken down since is not announced). */
    cards: (propertyIds: number[]) =>
      propertyIds.length
        ? db
            .select({ ...cardColumns, ...cardCoverColumns, areaNameEn: areas.nameEn, areaNameMs: areas.nameMs, areaNameZh: areas.nameZh })
            .from(properties)
            .innerJoin(areas, eq(areas.id, properties.areaId))
            .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
            .leftJoinLateral(cardCover, sql`true`)
            .where(and(inArray(properties.id, propertyIds), isLive()))
            .orderBy(desc(properties.dateCreated), desc(properties.id))
        : Promise.resolve([]),

    markSent: (savedSearchId: number, propertyIds: number[], now: Date) =>
      propertyIds.length
        ? db
            .update(savedSearchHits)
            .set({ sentAt: now })
            .where(and(eq(savedSearchHits.savedSearchId, savedSearchId), inArray(savedSearchHits.propertyId, propertyIds)))
        : Promise.resolve(),

    /**
     * Takes the daily and weekly searches whose digest is due (a period since the last one, or since saving) by
     * moving their digest time to now: each is taken by one instance, once per period.
     */
    claimDueDigests: async (now: Date, hours: { DAILY: number; WEEKLY: number }, limit: number) =>
      rowsOf<{ id: number }>(
        await db.execute(sql`
          update saved_searches set last_digest_at = ${now.toISOString()}::timestamptz
          where id in (
            select id from saved_searches
            where not paused and frequency <> 'INSTANT'
              and coalesce(last_digest_at, created_at)
                <= ${now.toISOString()}::timestamptz - make_interval(hours => case frequency when 'DAILY' then ${hours.DAILY}::int else ${hours.WEEKLY}::int end)
              and exists (select 1 from saved_search_hits h where h.saved_search_id = saved_searches.id and h.sent_at is null)
            order by id
            limit ${limit}
            for update skip locked
          )
          returning id`),
      ).map((row) => row.id),

    unsentHits: (savedSearchId: number) =>
      db
        .select({ propertyId: savedSearchHits.propertyId })
        .from(savedSearchHits)
        .where(and(eq(savedSearchHits.savedSearchId, savedSearchId), isNull(savedSearchHits.sentAt)))
        .orderBy(asc(savedSearchHits.createdAt)),
  };
}

export type SavedSearchQueries = ReturnType<typeof savedSearchQueries>;
export type ListedSavedSearch = Awaited<ReturnType<SavedSearchQueries['list']>>[number];

/**
 * The queries, and `transaction(work)` handing `work` them bound to one transaction with that transaction's handle,
 * which the notices sent in it need (decision 8, as the deals repository does).
 */
export const createSavedSearchesRepository = (db: Database) => ({
  ...savedSearchQueries(db),
  transaction: <T>(work: (repository: SavedSearchQueries, tx: Database) => Promise<T>) => db.transaction((tx) => work(savedSearchQueries(tx), tx)),
});
export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
