import { z } from 'zod';
import { BUSINESS } from './business.ts';

/** Landlord protection (issue 19): Standard, Protect and Protect Plus, quoted from the monthly rent. Money in sen. */

export const PROTECTION_PLANS = ['STANDARD', 'PROTECT', 'PROTECT_PLUS'] as const;
export const ProtectionPlan = z.enum(PROTECTION_PLANS);
export type ProtectionPlan = z.infer<typeof ProtectionPlan>;

export const QuoteBody = z
  .object({
    monthlyRent: z.number().int().positive().max(1_000_000),
    /** A room below the floor is insured as if let at it. */
    room: z.boolean().default(false),
  })
  .strict();

export const PlanQuote = z.object({
  plan: ProtectionPlan,
  months: z.number(),
  premiumSen: z.number().int(),
  sstSen: z.number().int(),
  stampDutySen: z.number().int(),
  totalSen: z.number().int(),
  /** What each of the first invoices carries (`BUSINESS.protection.instalments` of them). */
  instalmentsSen: z.array(z.number().int()),
});
export type PlanQuote = z.infer<typeof PlanQuote>;

export const Quote = z.object({
  eligible: z.boolean(),
  /** Why not: the rent is below or above the band. */
  reason: z.enum(['BELOW_BAND', 'ABOVE_BAND']).nullable(),
  /** The rent the price is worked out from. */
  insuredRent: z.number().int(),
  plans: z.array(PlanQuote),
});
export type Quote = z.infer<typeof Quote>;

const rules = BUSINESS.protection;

/** The quote of every plan for a monthly rent (ringgit). */
export function protectionQuote(monthlyRent: number, room = false): Quote {
  const insuredRent = room && monthlyRent < rules.roomFloor ? rules.roomFloor : monthlyRent;
  if (insuredRent < rules.rent.min) return { eligible: false, reason: 'BELOW_BAND', insuredRent, plans: [] };
  if (insuredRent > rules.rent.max) return { eligible: false, reason: 'ABOVE_BAND', insuredRent, plans: [] };
  const plans = PROTECTION_PLANS.map((plan): PlanQuote => {
    const months = rules.plans[plan].months;
    const premiumSen = Math.round(insuredRent * 100 * months);
    const sstSen = Math.round(premiumSen * rules.sstRate);
    const stampDutySen = rules.stampDuty * 100;
    const totalSen = premiumSen + sstSen + stampDutySen;
    // Spread evenly, the first instalment taking the odd sen.
    const each = Math.floor(totalSen / rules.instalments);
    const instalmentsSen = Array.from({ length: rules.instalments }, (_, index) => (index === 0 ? totalSen - each * (rules.instalments - 1) : each));
    return { plan, months, premiumSen, sstSen, stampDutySen, totalSen, instalmentsSen };
  });
  return { eligible: true, reason: null, insuredRent, plans };
}

export interface OtrCase {
  plan: ProtectionPlan;
  /** The month of the tenancy whose rent is late (1 is the first). */
  month: number;
  termMonths: number;
  /** OTR payouts made in a row just before this one (a rent the tenant paid resets it). */
  paidInARow: number;
  /** The tenant's unpaid invoices past their due date, this one included. */
  overdueInvoices: number;
  /** Rental values in the agreement (a stepped rent has more than one). */
  rentalValues: number;
}
export type OtrRefusal = 'NOT_PROTECT_PLUS' | 'FIRST_MONTH' | 'LAST_MONTH' | 'IN_A_ROW' | 'TOO_MANY_OVERDUE' | 'SEVERAL_RENTS';

/** On-time rental: whether the landlord is paid on the due date though the tenant is late, and why not. */
export function otrDecision(input: OtrCase): { pay: true } | { pay: false; reason: OtrRefusal } {
  if (input.plan !== 'PROTECT_PLUS') return { pay: false, reason: 'NOT_PROTECT_PLUS' };
  if (input.rentalValues > 1) return { pay: false, reason: 'SEVERAL_RENTS' };
  if (input.month <= 1) return { pay: false, reason: 'FIRST_MONTH' };
  if (input.month >= input.termMonths) return { pay: false, reason: 'LAST_MONTH' };
  if (input.paidInARow >= rules.otrMaxInARow) return { pay: false, reason: 'IN_A_ROW' };
  if (input.overdueInvoices > rules.otrMaxOverdue) return { pay: false, reason: 'TOO_MANY_OVERDUE' };
  return { pay: true };
}
