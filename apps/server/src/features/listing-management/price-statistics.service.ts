import type { PriceStatistics } from '@kunci/contracts/listing-management';
import type { Comparables } from './price-statistics.repository.ts';
import type { ListingManagementRepository } from './listing-management.repository.ts';

/** Fewer comparables than this in the building: the area's are used instead. */
const FEWEST_IN_BUILDING = 3;

/** The spread of comparable live rents for the price step: same building (else area), kind and bedrooms. */
export function createPriceStatisticsService({ prices }: Pick<ListingManagementRepository, 'prices'>) {
  return {
    async statistics(request: {
      landmarkLabelId?: number | null | undefined;
      areaSlug?: string | undefined;
      type?: string | undefined;
      bedroom?: number | null | undefined;
    }): Promise<PriceStatistics> {
      const kind = { type: request.type, bedroom: request.bedroom };
      let basis: PriceStatistics['basis'] = 'none';
      let comparables: Comparables | undefined;
      let row: Awaited<ReturnType<typeof prices.spread>> = { n: 0, live: 0, min: null, p25: null, median: null, p75: null, max: null };
      if (request.landmarkLabelId) {
        comparables = { ...kind, scope: { landmarkId: request.landmarkLabelId } };
        row = await prices.spread(comparables);
        basis = 'landmark';
      }
      if (row.n < FEWEST_IN_BUILDING && (request.areaSlug || request.landmarkLabelId)) {
        comparables = { ...kind, scope: request.areaSlug ? { areaSlug: request.areaSlug } : { areaOfLandmark: request.landmarkLabelId! } };
        row = await prices.spread(comparables);
        basis = 'area';
      }
      const buckets: PriceStatistics['buckets'] =
        comparables && row.n > 0 && row.min !== null && row.max !== null ? await prices.histogram(comparables, row.min, row.max) : [];
      const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
      return {
        count: row.n,
        min: round(row.min),
        p25: round(row.p25),
        median: round(row.median),
        p75: round(row.p75),
        max: round(row.max),
        buckets,
        basis: row.n ? basis : 'none',
      };
    },
  };
}
export type PriceStatisticsService = ReturnType<typeof createPriceStatisticsService>;
