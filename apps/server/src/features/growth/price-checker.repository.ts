import { and, desc, eq, gte, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, landmarks, properties } from '@kunci/db/schema';
import { isLive } from '../../lib/listing-card.repository.ts';
import { createRentSpreadRepository } from '../../lib/rent-spread.repository.ts';
import { containing } from '../../lib/like.ts';

/** Whole homes let by the month: what a building's rent is checked against (rooms and sales are other markets). */
const HOME_RENTALS = ['HIGHRISE', 'LANDED'];

/** Which rentals are compared: in a building or its area, of a bedroom count, optionally a furnishing, since a date. */
export interface PriceComparables {
  scope: { landmarkId: number } | { areaId: number };
  bedroom: number;
  furnishType?: string | undefined;
  since: Date;
}

/**
 * Live and past rentals: approved once, posted within the window; suspended listings (taken down, possibly false)
 * are left out.
 */
function where({ scope, bedroom, furnishType, since }: PriceComparables): SQL | undefined {
  return and(
    inArray(properties.type, HOME_RENTALS),
    eq(properties.reviewStatus, 'APPROVED'),
    ne(properties.status, 'SUSPENDED'),
    gte(properties.dateCreated, since),
    eq(properties.bedroom, bedroom),
    furnishType ? eq(properties.furnishType, furnishType) : undefined,
    'landmarkId' in scope ? eq(properties.landmarkId, scope.landmarkId) : eq(properties.areaId, scope.areaId),
  );
}

export function createPriceCheckerRepository(db: Database) {
  const rents = createRentSpreadRepository(db);
  return {
    /** Buildings by name (trigram index), those with the most comparable rentals first. */
    buildings: (keywords: string, since: Date, limit: number) =>
      db
        .select({
          id: landmarks.id,
          name: landmarks.name,
          areaSlug: areas.slug,
          areaNameEn: areas.nameEn,
          areaNameMs: areas.nameMs,
          areaNameZh: areas.nameZh,
          listings: sql<number>`(select count(*)::int from ${properties} where ${properties.landmarkId} = ${landmarks.id}
            and ${inArray(properties.type, HOME_RENTALS)} and ${properties.reviewStatus} = 'APPROVED'
            and ${properties.status} <> 'SUSPENDED' and ${gte(properties.dateCreated, since)})`.as('listings'),
        })
        .from(landmarks)
        .innerJoin(areas, eq(areas.id, landmarks.areaId))
        .where(ilike(landmarks.name, containing(keywords)))
        .orderBy(desc(sql`listings`), landmarks.name)
        .limit(limit),

    building: async (id: number) =>
      (
        await db
          .select({
            id: landmarks.id,
            name: landmarks.name,
            areaId: landmarks.areaId,
            areaSlug: areas.slug,
            areaNameEn: areas.nameEn,
            areaNameMs: areas.nameMs,
            areaNameZh: areas.nameZh,
          })
          .from(landmarks)
          .innerJoin(areas, eq(areas.id, landmarks.areaId))
          .where(eq(landmarks.id, id))
      )[0],

    /** A listing's rent and kind, for what moving in costs; live ones only answer. */
    liveListing: async (id: number) =>
      (
        await db
          .select({ id: properties.id, type: properties.type, price: properties.price, zeroDepositEligible: properties.zeroDepositEligible })
          .from(properties)
          .where(and(eq(properties.id, id), isLive()))
      )[0],

    /** The spread of the comparables' rents, and how many of them are on the market now. */
    spread: (comparables: PriceComparables) => rents.spread(where(comparables)),

    /** The comparables' histogram from `min` to `max`, lowest bucket first. */
    histogram: (comparables: PriceComparables, min: number, max: number) => rents.histogram(where(comparables), min, max),
  };
}
export type PriceCheckerRepository = ReturnType<typeof createPriceCheckerRepository>;
