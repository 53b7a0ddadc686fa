import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { properties } from '@kunci/db/schema';
import { isLive } from '../../lib/listing-card.repository.ts';

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
  return {
    spread: async (comparables: Comparables) =>
      (
        await db
          .select({
            n: sql<number>`count(*)::int`,
            min: sql<number | null>`min(${properties.price})`,
            p25: sql<number | null>`percentile_cont(0.25) within group (order by ${properties.price})`,
            median: sql<number | null>`percentile_cont(0.5) within group (order by ${properties.price})`,
            p75: sql<number | null>`percentile_cont(0.75) within group (order by ${properties.price})`,
            max: sql<number | null>`max(${properties.price})`,
          })
          .from(properties)
          .where(where(comparables))
      )[0]!,

    /** How many comparables fall in each `step`-wide bucket from `min` (bucket 0 first). */
    buckets: (comparables: Comparables, min: number, step: number) =>
      db
        .select({ bucket: sql<number>`floor((${properties.price} - ${min}) / ${step})::int`, n: sql<number>`count(*)::int` })
        .from(properties)
        .where(where(comparables))
        .groupBy(sql`1`)
        .orderBy(sql`1`),
  };
}
export type PriceStatisticsRepository = ReturnType<typeof createPriceStatisticsRepository>;
