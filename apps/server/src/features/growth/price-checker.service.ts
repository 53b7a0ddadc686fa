import { BUSINESS, isZeroDepositEligible, moveInCost } from '@kunci/contracts/business';
import type { PriceCheck, PriceCheckerBuilding, PriceCheckRequest, ReviewExpenses } from '@kunci/contracts/growth';
import type { ListingType } from '@kunci/contracts/reference';
import type { Language } from '@kunci/i18n/locales';
import { notFound } from '../../lib/app-error.ts';
import type { PriceCheckerRepository, PriceComparables } from './price-checker.repository.ts';

const rules = BUSINESS.growth.priceChecker;
const SUGGESTIONS = 8;

/** The start of the look-back window: comparables posted since then count. */
function windowStart(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - rules.lookbackMonths);
  return since;
}

function areaName(row: { areaNameEn: string; areaNameMs: string; areaNameZh: string }, lang: Language): string {
  return lang === 'ms' ? row.areaNameMs : lang === 'zh' ? row.areaNameZh : row.areaNameEn;
}

const ringgit = (value: number | null) => (value === null ? null : Math.round(Number(value)));
const money = (value: number) => Math.round(value * 100) / 100;

/**
 * The price checker: a recommended rent range for a building, bedrooms and furnishing from comparable rentals, live
 * and past. The range is the middle half of their rents (25th to 75th percentile); with too few in the building the
 * checker drops the furnishing, then looks at the whole area, and says so.
 */
export function createPriceCheckerService(repository: PriceCheckerRepository, clock: () => Date = () => new Date()) {
  return {
    async buildings(keywords: string, lang: Language): Promise<{ content: PriceCheckerBuilding[] }> {
      const rows = await repository.buildings(keywords, windowStart(clock()), SUGGESTIONS);
      return { content: rows.map((r) => ({ id: r.id, name: r.name, areaSlug: r.areaSlug, areaName: areaName(r, lang), listings: r.listings })) };
    },

    async check(request: PriceCheckRequest, lang: Language): Promise<PriceCheck> {
      const building = await repository.building(request.landmarkLabelId);
      if (!building) throw notFound({ landmarkLabelId: request.landmarkLabelId });
      const since = windowStart(clock());
      const furnishType = request.furnishType ?? undefined;
      const attempts: [PriceCheck['basis'], PriceComparables][] = [
        ['building', { scope: { landmarkId: building.id }, bedroom: request.bedroom, furnishType, since }],
        ...(furnishType
          ? [
              ['building-any-furnishing', { scope: { landmarkId: building.id }, bedroom: request.bedroom, since }] as [
                PriceCheck['basis'],
                PriceComparables,
              ],
            ]
          : []),
        ['area', { scope: { areaId: building.areaId }, bedroom: request.bedroom, furnishType, since }],
      ];
      let basis: PriceCheck['basis'] = 'none';
      let comparables = attempts[0]![1];
      let row = { n: 0, live: 0, min: null, p25: null, median: null, p75: null, max: null } as Awaited<ReturnType<typeof repository.spread>>;
      for (const [name, candidate] of attempts) {
        const found = await repository.spread(candidate);
        if (found.n > row.n) [row, comparables, basis] = [found, candidate, name];
        if (found.n >= rules.fewestComparables) break;
      }
      const min = ringgit(row.min);
      const max = ringgit(row.max);
      const buckets: PriceCheck['buckets'] = row.n > 0 && min !== null && max !== null ? await repository.histogram(comparables, min, max) : [];
      return {
        building: { id: building.id, name: building.name, areaSlug: building.areaSlug, areaName: areaName(building, lang) },
        bedroom: request.bedroom,
        furnishType: request.furnishType ?? null,
        basis,
        count: row.n,
        live: row.live,
        past: row.n - row.live,
        low: ringgit(row.p25),
        median: ringgit(row.median),
        high: ringgit(row.p75),
        min,
        max,
        buckets,
        since: since.toISOString().slice(0, 10),
      };
    },

    /** What moving into a live listing costs the tenant, with zero deposit and with the usual deposits. */
    async reviewExpenses(propertyId: number): Promise<ReviewExpenses> {
      const listing = await repository.liveListing(propertyId);
      if (!listing) throw notFound({ propertyId });
      const rent = listing.price;
      const eligible = listing.zeroDepositEligible && isZeroDepositEligible(listing.type as ListingType, rent);
      const deposits = BUSINESS.growth.conventionalDeposit;
      const securityDeposit = money(rent * deposits.securityMonths);
      const utilityDeposit = money(rent * deposits.utilityMonths);
      const conventional = { firstMonth: rent, securityDeposit, utilityDeposit, total: money(rent + securityDeposit + utilityDeposit) };
      const cost = moveInCost(rent);
      const zeroDeposit = eligible
        ? {
            firstMonth: cost.rent,
            signingFee: cost.signingFee,
            sst: cost.sst,
            total: cost.total,
            shortTenancySurcharge: money(rent * BUSINESS.zeroDeposit.shortTenancySurcharge.rateOfMonthlyRent),
          }
        : null;
      return {
        propertyId: listing.id,
        rent,
        zeroDepositEligible: eligible,
        zeroDeposit,
        conventional,
        saving: zeroDeposit ? money(Math.max(0, conventional.total - zeroDeposit.total)) : 0,
      };
    },
  };
}
export type PriceCheckerService = ReturnType<typeof createPriceCheckerService>;
