import { describe, expect, it } from 'vitest';
import { isZeroDepositEligible, moveInCost } from './business.ts';

describe('business rules', () => {
  it('computes the move-in cost of the business rules (RM900 rent: RM1,322.94)', () => {
    expect(moveInCost(900)).toEqual({ rent: 900, signingFee: 399, sst: 23.94, total: 1322.94 });
  });

  it('limits zero deposit to the eligible rents', () => {
    expect(isZeroDepositEligible('HIGHRISE', 500)).toBe(true);
    expect(isZeroDepositEligible('HIGHRISE', 5001)).toBe(false);
    expect(isZeroDepositEligible('ROOM', 299)).toBe(false);
    expect(isZeroDepositEligible('ROOM', 1500)).toBe(true);
    expect(isZeroDepositEligible('HIGHRISE_SALE', 1000)).toBe(false);
  });
});
