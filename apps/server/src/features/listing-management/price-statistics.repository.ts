import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { properties } from '@kunci/db/schema';
import { isLive } from '../../lib/listing-card.repository.ts';
import { createRentSpreadRepository } from '../../lib/rent-spread.repository.ts';

/** Which live listings are compared: of a kind (a type, else every rental type) and bedrooms, in a building or area. */
export interface Comparables {
  type?: string | undefined;
  bedroom?: number | null | undefined;
  scope: { landmarkId: number } | { areaSlug: string } | { areaOfLandmark: number };
}

function where({ type, bedroom, scope }: Comparables): SQL | undefined {
  return and(
    isLive(),
    type ? eq(properties.type, type) : inArray(properties.type, ['HIGHRISE', 'LANDED', 'ROOM']),
    bedroom !== undefined && bedroom !== null ? eq(properties.bedroom, bedroom) : undefined,
    'landmarkId' in scope
      ? eq(properties.landmarkId, scope.landmarkId)
      : 'areaSlug' in scope
        ? sql`${properties.areaId} = (select id from areas where slug = ${scope.areaSlug})`
        : sql`${properties.areaId} = (select area_id from landmarks where id = ${scope.areaOfLandmark})`,
  );
}

/** The spread of comparable live rents. */
export function createPriceStatisticsRepository(db: Database) {
  const rents = createRentSpreadRepository(db);
  return {
    spread: (comparables: Comparables) => rents.spread(where(comparables)),

    /** The comparables' histogram from `min` to `max`, lowest bucket first. */
    histogram: (comparables: Comparables, min: number, max: number) => rents.histogram(where(comparables), min, max),
  };
}
export type PriceStatisticsRepository = ReturnType<typeof createPriceStatisticsRepository>;
