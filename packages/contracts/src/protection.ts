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

// ---- Buying, policies, on-time rental and claims (issue 19) --------------------------------------------------------

const day = z.iso.date();

export const BuyProtectionBody = z.object({ dealId: z.uuid(), plan: ProtectionPlan }).strict();
export const PolicyParams = z.object({ id: z.uuid() });
export const ClaimParams = z.object({ id: z.uuid() });
export const ClaimFileParams = z.object({ id: z.uuid(), fileId: z.uuid() });

export const POLICY_STATUSES = ['PENDING_PAYMENT', 'ACTIVE', 'CANCELLED'] as const;
export const Instalment = z.object({
  id: z.uuid(),
  number: z.number().int(),
  amountSen: z.number().int(),
  dueDate: day,
  status: z.enum(['DUE', 'PAID']),
  paidAt: z.string().nullable(),
});

/** A policy moved from one tenancy to a replacement tenant's: the cover each had. */
export const PolicyTransfer = z.object({
  fromDealId: z.uuid(),
  toDealId: z.uuid(),
  /** The cover the earlier tenancy had, up to the day before the new one starts. */
  fromStart: day,
  fromEnd: day,
  /** The cover the new tenancy has. */
  toStart: day,
  toEnd: day,
  transferredAt: z.string(),
});
export type PolicyTransfer = z.infer<typeof PolicyTransfer>;

export const Policy = z.object({
  id: z.uuid(),
  reference: z.string(),
  dealId: z.uuid(),
  propertyName: z.string(),
  plan: ProtectionPlan,
  monthlyRentSen: z.number().int(),
  insuredRentSen: z.number().int(),
  premiumSen: z.number().int(),
  sstSen: z.number().int(),
  stampDutySen: z.number().int(),
  totalSen: z.number().int(),
  status: z.enum(POLICY_STATUSES),
  startDate: day,
  endDate: day,
  instalments: z.array(Instalment),
  /** On-time rental payouts made under it (Protect Plus). */
  otrPaidSen: z.number().int(),
  /** The last day it may cover, whatever tenancy it moves to (its first day plus `transferMaxMonths`). */
  coverLimit: day,
  /** The tenancies it moved from, oldest first. */
  transfers: z.array(PolicyTransfer),
  createdAt: z.string(),
});
export type Policy = z.infer<typeof Policy>;

/** Move an ACTIVE policy to the landlord's ACTIVE tenancy of a replacement tenant who passed screening. */
export const TransferPolicyBody = z.object({ dealId: z.uuid() }).strict();

/** A deal the landlord may insure now, or why not (shown on the quote page). */
export const InsurableDeal = z.object({
  dealId: z.uuid(),
  propertyName: z.string(),
  monthlyRent: z.number().int(),
  /** A room let on its own: below the floor it is insured (and priced) at the floor rent. */
  room: z.boolean(),
  moveInDate: day,
  /** The last day it may be bought. */
  buyBy: day,
  /** Null when it may be bought now. */
  refusal: z.enum(['NOT_ELIGIBLE', 'WINDOW_CLOSED', 'OVERDUE', 'EXISTS']).nullable(),
});

export const ProtectionOverview = z.object({
  today: day,
  policies: z.array(Policy),
  insurable: z.array(InsurableDeal),
  claims: z.array(z.lazy(() => Claim)),
});
export type ProtectionOverview = z.infer<typeof ProtectionOverview>;

export const BuyResult = z.object({ policy: Policy, paymentUrl: z.string() });
export const InstalmentPayLink = z.object({ paymentUrl: z.string() });
export const InstalmentParams = z.object({ id: z.uuid(), number: z.coerce.number().int().min(1).max(12) });

export const CLAIM_KINDS = ['DAMAGE', 'THEFT', 'LOSS_OF_RENT', 'OCD'] as const;
export const ClaimKind = z.enum(CLAIM_KINDS);
export type ClaimKind = z.infer<typeof ClaimKind>;
export const CLAIM_STATUSES = ['SUBMITTED', 'APPROVED', 'REJECTED'] as const;
/** A claim's evidence: photos, receipts, the police report (theft, damage found after move-out), a technician's report. */
export const CLAIM_FILE_KINDS = ['PHOTO', 'RECEIPT', 'POLICE_REPORT', 'TECHNICIAN_REPORT'] as const;
export const ClaimFileKind = z.enum(CLAIM_FILE_KINDS);
export type ClaimFileKind = z.infer<typeof ClaimFileKind>;

export const ClaimFileBody = z.object({
  kind: ClaimFileKind,
  /** Declared type; the bytes decide (PDF, JPEG or PNG). */
  contentType: z.string().max(100).optional(),
  /** Base64 (a data: URL prefix is accepted). */
  data: z
    .string()
    .min(4)
    .max(Math.ceil((BUSINESS.protection.claimFileMaxBytes * 4) / 3) + 100),
});
export const FileClaimBody = z
  .object({
    policyId: z.uuid(),
    kind: ClaimKind,
    incidentDate: day,
    description: z.string().trim().min(10).max(2000),
    /** What the landlord claims, in ringgit. */
    amount: z.number().int().positive().max(1_000_000),
    /** Damage found after the tenant moved out (or theft at move-out): the day they moved out. */
    moveOutDate: day.optional(),
    /** The claim is for an electrical item (above the amount set it needs a technician's report). */
    electrical: z.boolean().default(false),
    files: z.array(ClaimFileBody).max(BUSINESS.protection.claimMaxFiles).default([]),
  })
  .strict();
export type FileClaimBody = z.input<typeof FileClaimBody>;

export const Claim = z.object({
  id: z.uuid(),
  policyId: z.uuid(),
  policyReference: z.string(),
  plan: ProtectionPlan,
  propertyName: z.string(),
  kind: ClaimKind,
  incidentDate: day,
  description: z.string(),
  amountSen: z.number().int(),
  moveOutDate: day.nullable(),
  electrical: z.boolean(),
  status: z.enum(CLAIM_STATUSES),
  /** What is paid: the amount approved less any deduction (for OCD, the rent paid each month). */
  approvedSen: z.number().int().nullable(),
  /** Percent deducted for missing receipts (null: none). */
  deductionPercent: z.number().int().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Links the viewer may open (private: the landlord's own, or staff). */
  files: z.array(z.object({ id: z.uuid(), kind: ClaimFileKind, contentType: z.string(), url: z.string() })),
  /** An approved OCD claim's monthly rent payments: months paid, in all, and the day staff marked the overstay ended. */
  ocd: z
    .object({
      monthsPaid: z.number().int(),
      paidSen: z.number().int(),
      endedOn: day.nullable(),
    })
    .nullable(),
});
export type Claim = z.infer<typeof Claim>;

/** Operations' queue of claims, with the landlord. */
export const StaffClaim = Claim.extend({
  landlord: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }),
  /** The policy's monthly rent: what an approved OCD claim pays each month. */
  monthlyRentSen: z.number().int(),
});
export const StaffClaimQuery = z.object({ status: z.enum(CLAIM_STATUSES).default('SUBMITTED'), kind: ClaimKind.optional() });
export const StaffClaimList = z.object({ content: z.array(StaffClaim) });
export const ClaimDecisionBody = z
  .object({
    status: z.enum(['APPROVED', 'REJECTED']),
    /** What is paid, in ringgit (approving only; at most what was claimed). */
    approvedAmount: z.number().int().positive().optional(),
    /** Approving damage or theft without a receipt: the percent deducted, within the band. */
    deductionPercent: z.number().int().min(BUSINESS.protection.noReceiptDeduction.min).max(BUSINESS.protection.noReceiptDeduction.max).optional(),
    note: z.string().trim().min(3).max(1000),
  })
  .strict();

/** Operations mark the overstay of an approved OCD claim ended: no month starting on or after `endDate` is paid. */
export const OverstayEndBody = z.object({ endDate: day }).strict();
