import { describe, expect, it } from 'vitest';
import { cancelOutcome, feeStatus } from './deal-money.ts';

const paidAt = '2026-05-01T02:00:00.000Z';

describe('the booking fee as the deal page shows it', () => {
  it('is due once accepted, held while paid, then refunded, forfeited or credited', () => {
    expect(feeStatus({ state: 'APPLIED', paidAt: null })).toBe('NONE');
    expect(feeStatus({ state: 'ACCEPTED', paidAt: null })).toBe('DUE');
    expect(feeStatus({ state: 'BOOKED', paidAt })).toBe('PAID');
    expect(feeStatus({ state: 'CANCELLED', paidAt })).toBe('REFUNDED');
    expect(feeStatus({ state: 'FORFEITED', paidAt })).toBe('FORFEITED');
    expect(feeStatus({ state: 'ACTIVE', paidAt })).toBe('CREDITED');
  });

  it('states the cancellation outcome by the contracts rule: refund within 24 hours, forfeit after, refund when the landlord cancels', () => {
    const booked = { state: 'BOOKED' as const, paidAt };
    expect(cancelOutcome({ ...booked, viewerRole: 'TENANT' }, new Date('2026-05-01T20:00:00.000Z'))).toBe('REFUND');
    expect(cancelOutcome({ ...booked, viewerRole: 'TENANT' }, new Date('2026-05-03T02:00:00.000Z'))).toBe('FORFEIT');
    expect(cancelOutcome({ ...booked, viewerRole: 'LANDLORD' }, new Date('2026-05-03T02:00:00.000Z'))).toBe('REFUND');
    expect(cancelOutcome({ state: 'ACCEPTED', paidAt: null, viewerRole: 'TENANT' })).toBe('NONE');
  });
});
