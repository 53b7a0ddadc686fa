import { z } from 'zod';
import { FurnishType } from './listings.ts';

const INT4_MAX = 2_147_483_647;
const rowId = z.number().int().positive().max(INT4_MAX);

// ---------------------------------------------------------------------------------------------------------------
// Price checker (spec section 7: properties/price-checker/name/autocomplete, properties/price-checker/check)

/** `POST /api/properties/price-checker/name/autocomplete`: buildings whose name matches (2 characters or more). */
export const PriceCheckerAutocompleteRequest = z.object({ keywords: z.string().trim().min(2, 'growth.field.keywords').max(100) }).strict();
export const PriceCheckerBuilding = z
  .object({
    id: z.number().int(),
    name: z.string(),
    areaSlug: z.string(),
    areaName: z.string(),
    /** Live and past rentals in the building the checker can compare with. */
    listings: z.number().int(),
  })
  .meta({ id: 'PriceCheckerBuilding' });
export type PriceCheckerBuilding = z.infer<typeof PriceCheckerBuilding>;
export const PriceCheckerAutocomplete = z.object({ content: z.array(PriceCheckerBuilding) }).meta({ id: 'PriceCheckerAutocomplete' });

/** `POST /api/properties/price-checker/check`: a building, bedrooms (0 for a studio) and, optionally, furnishing. */
export const PriceCheckRequest = z
  .object({
    landmarkLabelId: rowId,
    bedroom: z.number().int('growth.field.bedroom').min(0, 'growth.field.bedroom').max(10, 'growth.field.bedroom'),
    furnishType: FurnishType.nullable().optional(),
  })
  .strict();
export type PriceCheckRequest = z.input<typeof PriceCheckRequest>;

/**
 * A recommended monthly rent range (ringgit) from comparable rentals, live and past, with how many it rests on.
 * `basis` says how wide the checker had to look: the building with this furnishing, the building with any
 * furnishing, the building's area, or nothing comparable at all (`count` 0, the range null).
 */
export const PriceCheck = z
  .object({
    building: z.object({ id: z.number().int(), name: z.string(), areaSlug: z.string(), areaName: z.string() }),
    bedroom: z.number().int(),
    furnishType: FurnishType.nullable(),
    basis: z.enum(['building', 'building-any-furnishing', 'area', 'none']),
    count: z.number().int(),
    live: z.number().int(),
    past: z.number().int(),
    low: z.number().int().nullable(),
    median: z.number().int().nullable(),
    high: z.number().int().nullable(),
    min: z.number().int().nullable(),
    max: z.number().int().nullable(),
    buckets: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
    /** Rentals of the basis posted since (ISO date): the look-back window. */
    since: z.string(),
  })
  .meta({ id: 'PriceCheck' });
export type PriceCheck = z.infer<typeof PriceCheck>;

// ---------------------------------------------------------------------------------------------------------------
// Review expenses (spec section 7: GET properties/review-expenses/{id})

export const ReviewExpensesParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });
/**
 * What a tenant pays to move into a listing (ringgit): with zero deposit, the first month, the agreement fee and
 * SST on the fee; otherwise the market's usual deposits (2 + 1/2 months, for comparison). Live listings only.
 */
export const ReviewExpenses = z
  .object({
    propertyId: z.number().int(),
    rent: z.number(),
    zeroDepositEligible: z.boolean(),
    zeroDeposit: z
      .object({ firstMonth: z.number(), signingFee: z.number(), sst: z.number(), total: z.number(), shortTenancySurcharge: z.number() })
      .nullable(),
    conventional: z.object({ firstMonth: z.number(), securityDeposit: z.number(), utilityDeposit: z.number(), total: z.number() }),
    /** What zero deposit saves on the day of moving in, against the usual deposits (0 when not eligible). */
    saving: z.number(),
  })
  .meta({ id: 'ReviewExpenses' });
export type ReviewExpenses = z.infer<typeof ReviewExpenses>;
