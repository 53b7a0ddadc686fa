import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { properties } from '@kunci/db/schema';
import { isLive } from './listing-card.repository.ts';

/**
 * The spread of the rents of the listings `where` picks (how many, how many are on the market now, and the quartiles),
 * and their histogram: one query shape for every feature that compares a rent with its comparables (the landlord's
 * price statistics, the public price checker).
 */
export function createRentSpreadRepository(db: Database) {
  return {
    spread: async (where: SQL | undefined) =>
      (
        await db
          .select({
            n: sql<number>`count(*)::int`,
            live: sql<number>`count(*) filter (where ${isLive()})::int`,
            min: sql<number | null>`min(${properties.price})`,
            p25: sql<number | null>`percentile_cont(0.25) within group (order by ${properties.price})`,
            median: sql<number | null>`percentile_cont(0.5) within group (order by ${properties.price})`,
            p75: sql<number | null>`percentile_cont(0.75) within group (order by ${properties.price})`,
            max: sql<number | null>`max(${properties.price})`,
          })
          .from(properties)
          .where(where)
      )[0]!,

    /**
     * Their histogram from `min` to `max` (the spread's): about eight buckets, each a whole number of RM50 wide (RM50 at
     * the least), lowest first; a bucket no rent falls in is left out.
     */
    histogram: async (where: SQL | undefined, min: number, max: number) => {
      const step = Math.max(50, Math.ceil((max - min) / 8 / 50) * 50);
      const buckets = await db
        .select({ bucket: sql<number>`floor((${properties.price} - ${min}) / ${step})::int`, n: sql<number>`count(*)::int` })
        .from(properties)
        .where(where)
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return buckets.map((b) => ({ from: min + b.bucket * step, to: min + (b.bucket + 1) * step, count: b.n }));
    },
  };
}
