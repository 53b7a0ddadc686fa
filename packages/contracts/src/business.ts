import type { ListingType } from './reference.ts';

/**
 * The market's settings (../shared/docs/business-rules.md). Amounts are ringgit; every rule reads its
 * number from here, never from a literal of its own.
 */
export const BUSINESS = {
  zeroDeposit: {
    homeRent: { min: 500, max: 5000 },
    roomRent: { min: 300, max: 1500 },
    signingFee: 399,
    sstRate: 0.06,
    tenancyMonths: { min: 3, max: 12 },
    shortTenancySurcharge: { fromMonths: 9, toMonths: 11, rateOfMonthlyRent: 0.25 },
    renewalFee: 199,
  },
  listing: {
    lifetimeDays: 90,
    extensionDays: 30,
    minPhotos: 4,
    sqft: { min: 99, max: 99_999 },
    name: { min: 4, max: 100 },
    minRent: 1,
  },
  bookingFee: 500,
} as const;

const RENTAL_TYPES: readonly ListingType[] = ['HIGHRISE', 'LANDED', 'ROOM'];

/** Whether a rental qualifies for the zero-deposit service at this monthly rent. */
export function isZeroDepositEligible(type: ListingType, price: number): boolean {
  if (!RENTAL_TYPES.includes(type)) return false;
  const band = type === 'ROOM' ? BUSINESS.zeroDeposit.roomRent : BUSINESS.zeroDeposit.homeRent;
  return price >= band.min && price <= band.max;
}

/** The tenant's "to move in" cost of a zero-deposit rental: first month, signing fee, SST on the fee. */
export function moveInCost(rent: number): { rent: number; signingFee: number; sst: number; total: number } {
  const signingFee = BUSINESS.zeroDeposit.signingFee;
  const sst = Math.round(signingFee * BUSINESS.zeroDeposit.sstRate * 100) / 100;
  return { rent, signingFee, sst, total: Math.round((rent + signingFee + sst) * 100) / 100 };
}
