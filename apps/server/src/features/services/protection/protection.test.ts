import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import { otrDecision, protectionQuote, type OtrCase, type Quote } from '@kunci/contracts/protection';
import { createTestApp, type TestApp } from '../../../../test/support.ts';

const planTotals = (quote: Quote) => Object.fromEntries(quote.plans.map((plan) => [plan.plan, [plan.totalSen, plan.instalmentsSen]]));

describe('protection prices at the band edges', () => {
  it('uses the business settings', () => {
    expect(BUSINESS.protection).toMatchObject({ rent: { min: 500, max: 5000 }, sstRate: 0.06, stampDuty: 10, instalments: 2 });
  });

  it.each([
    // [rent, room, eligible, reason, insured rent]
    [499, false, false, 'BELOW_BAND', 499],
    [500, false, true, null, 500],
    [5000, false, true, null, 5000],
    [5001, false, false, 'ABOVE_BAND', 5001],
    [300, true, true, null, 500], // a room under RM500 is insured at RM500
    [499, true, true, null, 500],
    [5001, true, false, 'ABOVE_BAND', 5001],
  ])('RM%i (room: %s): eligible %s', (rent, room, eligible, reason, insuredRent) => {
    expect(protectionQuote(rent, room)).toMatchObject({ eligible, reason, insuredRent });
  });

  it.each([
    // rent: STANDARD, PROTECT, PROTECT_PLUS as [total sen, [first, second]]; premium months x rent + 6% SST + RM10 stamp duty
    [500, { STANDARD: [54_000, [27_000, 27_000]], PROTECT: [67_250, [33_625, 33_625]], PROTECT_PLUS: [80_500, [40_250, 40_250]] }],
    [1800, { STANDARD: [191_800, [95_900, 95_900]], PROTECT: [239_500, [119_750, 119_750]], PROTECT_PLUS: [287_200, [143_600, 143_600]] }],
    [5000, { STANDARD: [531_000, [265_500, 265_500]], PROTECT: [663_500, [331_750, 331_750]], PROTECT_PLUS: [796_000, [398_000, 398_000]] }],
    [1234, { STANDARD: [131_804, [65_902, 65_902]], PROTECT: [164_505, [82_253, 82_252]], PROTECT_PLUS: [197_206, [98_603, 98_603]] }],
  ])('RM%i a month', (rent, totals) => {
    const quote = protectionQuote(rent);
    expect(planTotals(quote)).toEqual(totals);
    for (const plan of quote.plans) expect(plan.instalmentsSen.reduce((a, b) => a + b, 0)).toBe(plan.totalSen);
  });
});

describe('on-time rental', () => {
  const base: OtrCase = { plan: 'PROTECT_PLUS', month: 5, termMonths: 12, paidInARow: 0, overdueInvoices: 1, rentalValues: 1 };
  it.each([
    [{}, { pay: true }],
    [{ paidInARow: 1 }, { pay: true }],
    [{ paidInARow: 2 }, { pay: false, reason: 'IN_A_ROW' }],
    [{ month: 1 }, { pay: false, reason: 'FIRST_MONTH' }],
    [{ month: 2 }, { pay: true }],
    [{ month: 11 }, { pay: true }],
    [{ month: 12 }, { pay: false, reason: 'LAST_MONTH' }],
    [{ overdueInvoices: 2 }, { pay: true }],
    [{ overdueInvoices: 3 }, { pay: false, reason: 'TOO_MANY_OVERDUE' }],
    [{ plan: 'PROTECT' as const }, { pay: false, reason: 'NOT_PROTECT_PLUS' }],
    [{ plan: 'STANDARD' as const }, { pay: false, reason: 'NOT_PROTECT_PLUS' }],
    [{ rentalValues: 2 }, { pay: false, reason: 'SEVERAL_RENTS' }],
  ])('%j: %j', (change, expected) => {
    expect(otrDecision({ ...base, ...change })).toEqual(expected);
  });
});

describe('POST /api/services/protection/quote', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_SECRET: 'p'.repeat(40) } });
  });
  afterAll(() => t.close());

  it('quotes the three plans with the monthly split, or says why not', async () => {
    const quote = await t.app.inject({ method: 'POST', url: '/api/services/protection/quote', payload: { monthlyRent: 1800 } });
    expect(quote.statusCode).toBe(200);
    expect((quote.json() as Quote).plans.find((plan) => plan.plan === 'PROTECT_PLUS')).toMatchObject({
      totalSen: 287_200,
      instalmentsSen: [143_600, 143_600],
    });
    const above = await t.app.inject({ method: 'POST', url: '/api/services/protection/quote', payload: { monthlyRent: 6000 } });
    expect(above.json()).toMatchObject({ eligible: false, reason: 'ABOVE_BAND', plans: [] });
    expect((await t.app.inject({ method: 'POST', url: '/api/services/protection/quote', payload: { monthlyRent: -1 } })).statusCode).toBe(422);
  });
});
