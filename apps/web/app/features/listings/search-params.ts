import type { SearchQueryInput } from '@kunci/contracts/listings';
import { FURNISH_TYPES, LISTING_SORTS } from '@kunci/contracts/listings';

/** The filters a results URL may carry (beyond the area and type in its path, and page). */
export interface ResultFilters {
  q?: string | undefined;
  category?: 'LOCATION' | 'PROPERTY' | undefined;
  lm?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  bedrooms?: number | undefined;
  furnishType?: (typeof FURNISH_TYPES)[number] | undefined;
  petFriendly?: true | undefined;
  zeroDeposit?: true | undefined;
  specialOffer?: true | undefined;
  /** Keys held by a home runner: viewings without the landlord. */
  instantView?: true | undefined;
  sort?: (typeof LISTING_SORTS)[number] | undefined;
}

const whole = (value: string | null, max: number) => {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
};

/**
 * Reads the filters from a results URL. Anything malformed is dropped rather than failing the page: a
 * shared or hand-edited link still shows results.
 */
export function readFilters(params: URLSearchParams): ResultFilters {
  const furnish = params.get('furnishType');
  const sort = params.get('sort');
  const category = params.get('category');
  let minPrice = whole(params.get('minPrice'), 100_000_000);
  let maxPrice = whole(params.get('maxPrice'), 100_000_000);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const lm = whole(params.get('lm'), 2_147_483_647);
  return {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    category: category === 'PROPERTY' || category === 'LOCATION' ? category : undefined,
    lm: lm && lm > 0 ? lm : undefined,
    minPrice,
    maxPrice,
    bedrooms: whole(params.get('bedrooms'), 10),
    furnishType: (FURNISH_TYPES as readonly string[]).includes(furnish ?? '') ? (furnish as ResultFilters['furnishType']) : undefined,
    petFriendly: params.get('petFriendly') === 'true' ? true : undefined,
    zeroDeposit: params.get('zeroDeposit') === 'true' ? true : undefined,
    specialOffer: params.get('specialOffer') === 'true' ? true : undefined,
    instantView: params.get('instantView') === 'true' ? true : undefined,
    sort: (LISTING_SORTS as readonly string[]).includes(sort ?? '') && (sort !== 'distance' || lm) ? (sort as ResultFilters['sort']) : undefined,
  };
}

/** The filters as API search parameters. */
export function toSearchInput(filters: ResultFilters): SearchQueryInput {
  return {
    q: filters.q,
    category: filters.category,
    lm: filters.lm,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    bedrooms: filters.bedrooms,
    furnishType: filters.furnishType,
    petFriendly: filters.petFriendly,
    zeroDeposit: filters.zeroDeposit,
    specialOffer: filters.specialOffer,
    instantView: filters.instantView,
    sort: filters.sort,
  };
}

/** The filters as URL query values (page added by the caller). */
export function filterQuery(filters: ResultFilters): Record<string, string | number | undefined> {
  return {
    q: filters.q,
    category: filters.q || filters.lm ? filters.category : undefined,
    lm: filters.lm,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    bedrooms: filters.bedrooms,
    furnishType: filters.furnishType,
    petFriendly: filters.petFriendly ? 'true' : undefined,
    zeroDeposit: filters.zeroDeposit ? 'true' : undefined,
    specialOffer: filters.specialOffer ? 'true' : undefined,
    instantView: filters.instantView ? 'true' : undefined,
    sort: filters.sort && filters.sort !== 'relevance' ? filters.sort : undefined,
  };
}
