import { z } from 'zod';
import { BUSINESS, moveInCost } from './business.ts';

/**
 * The rental deal as one state machine (business rules, "Booking fee and deal"), defined once here: the server
 * enforces it, the web page reads it to show what the viewer may do.
 *
 * APPLIED → (landlord) ACCEPTED | DECLINED → (tenant pays the booking fee) BOOKED → (tenant submits documents)
 * SCREENING → (staff) APPROVED | REJECTED → (a party, or staff) AGREEMENT → (tenant) SIGNED → (the move-in amount
 * is paid) ACTIVE. CANCELLED, EXPIRED and FORFEITED end a deal early; whether the booking fee goes back to the
 * tenant or to the landlord is `bookingFeeOutcome`. Some commands keep the state (`to: 'SAME'`): asking to
 * postpone the start and the landlord's answer, and staff recording that the agreement was stamped.
 */
export const DEAL_STATES = [
  'APPLIED',
  'ACCEPTED',
  'DECLINED',
  'BOOKED',
  'SCREENING',
  'APPROVED',
  'REJECTED',
  'AGREEMENT',
  'SIGNED',
  'ACTIVE',
  'CANCELLED',
  'EXPIRED',
  'FORFEITED',
] as const;
export const DealState = z.enum(DEAL_STATES);
export type DealState = z.infer<typeof DealState>;

/** States that hold the listing: once a deal is in one of them no other tenant can book it. */
export const HOLDING_STATES = ['BOOKED', 'SCREENING', 'APPROVED', 'AGREEMENT', 'SIGNED', 'ACTIVE'] as const satisfies readonly DealState[];
/** States in which the booking fee has been paid and still sits in the deal's escrow. */
export const PAID_STATES = ['BOOKED', 'SCREENING', 'APPROVED', 'AGREEMENT', 'SIGNED'] as const satisfies readonly DealState[];
/** States a deal never leaves. */
export const FINAL_STATES = ['DECLINED', 'REJECTED', 'ACTIVE', 'CANCELLED', 'EXPIRED', 'FORFEITED'] as const satisfies readonly DealState[];

/** Who runs a command: the deal's tenant, its listing's landlord, staff (moderators for now) or the system (jobs, payments). */
export const DealActor = z.enum(['TENANT', 'LANDLORD', 'STAFF', 'SYSTEM']);
export type DealActor = z.infer<typeof DealActor>;

/**
 * Every transition. `to` may depend on the case (a tenant's late cancellation forfeits); `money` says what happens
 * to a paid booking fee. Commands run by people come through the API; SYSTEM ones from payments and deadline jobs.
 */
export const DEAL_COMMANDS = {
  ACCEPT: { by: ['LANDLORD'], from: ['APPLIED'], to: 'ACCEPTED' },
  DECLINE: { by: ['LANDLORD'], from: ['APPLIED'], to: 'DECLINED' },
  /** The booking fee was paid (payment settled). */
  PAY_BOOKING: { by: ['SYSTEM'], from: ['ACCEPTED'], to: 'BOOKED' },
  SUBMIT_DOCUMENTS: { by: ['TENANT'], from: ['BOOKED'], to: 'SCREENING' },
  /** Staff's verdict, or screening's own once the credit report and the verified documents decide it. */
  APPROVE: { by: ['STAFF', 'SYSTEM'], from: ['SCREENING'], to: 'APPROVED' },
  /** Screening failed (a failed credit report ends it even before the documents are sent): refunded. */
  REJECT: { by: ['STAFF', 'SYSTEM'], from: ['BOOKED', 'SCREENING'], to: 'REJECTED' },
  /** Either party starts the tenancy agreement within the hold (staff may too). */
  SEND_AGREEMENT: { by: ['TENANT', 'LANDLORD', 'STAFF'], from: ['APPROVED'], to: 'AGREEMENT' },
  /** The tenant signs (or the system, once both parties signed the agreement with their codes). */
  SIGN: { by: ['TENANT', 'SYSTEM'], from: ['AGREEMENT'], to: 'SIGNED' },
  /** The move-in amount was paid (payment settled): the tenancy is on. */
  MOVE_IN: { by: ['SYSTEM'], from: ['SIGNED'], to: 'ACTIVE' },
  /** Tenant or landlord walks away; a tenant past the cancellation window forfeits the fee (to FORFEITED). */
  CANCEL: { by: ['TENANT', 'LANDLORD'], from: ['APPLIED', 'ACCEPTED', ...PAID_STATES], to: 'CANCELLED' },
  /** Staff end the deal because the landlord raised the agreed rent or the listing was false: refunded. */
  VOID: { by: ['STAFF'], from: ['APPLIED', 'ACCEPTED', ...PAID_STATES], to: 'CANCELLED' },
  /** Another tenant's booking of the listing settled first: this one's fee goes back. */
  LOSE_LISTING: { by: ['SYSTEM'], from: ['APPLIED', 'ACCEPTED'], to: 'CANCELLED' },
  /** The landlord did not answer, or the tenant did not pay, in time. */
  EXPIRE: { by: ['SYSTEM'], from: ['APPLIED', 'ACCEPTED'], to: 'EXPIRED' },
  /**
   * No documents within `documentsDays` of paying, no signature within `signingDays` (or by the start), or the
   * move-in amount not paid within `moveInPaymentDays` of the start: forfeited.
   */
  MISS_DEADLINE: { by: ['SYSTEM'], from: ['BOOKED', 'AGREEMENT', 'SIGNED'], to: 'FORFEITED' },
  /**
   * The unit was held `holdDays` after screening passed and nobody started the agreement, though either party
   * could: not among the rules' refund cases, so forfeited to the landlord (docs/decisions/0011-deal-clock-and-fee-rules.md).
   */
  END_HOLD: { by: ['SYSTEM'], from: ['APPROVED'], to: 'FORFEITED' },
  /** The tenant asks to move the start to a later date (`moveInDate`); the landlord consents or refuses. */
  REQUEST_POSTPONE: { by: ['TENANT'], from: PAID_STATES, to: 'SAME' },
  /** The landlord agrees: the new start date holds and the deadlines tied to the start move with it. */
  CONSENT_POSTPONE: { by: ['LANDLORD'], from: PAID_STATES, to: 'SAME' },
  /** The landlord refuses: the agreed start stands. */
  REFUSE_POSTPONE: { by: ['LANDLORD'], from: PAID_STATES, to: 'SAME' },
  /** The tenant drops their request (or, refused, keeps the agreed start). */
  WITHDRAW_POSTPONE: { by: ['TENANT'], from: PAID_STATES, to: 'SAME' },
  /** Refused, the tenant postpones anyway: without the landlord's consent the fee is forfeited. */
  POSTPONE_ANYWAY: { by: ['TENANT'], from: PAID_STATES, to: 'FORFEITED' },
  /** Staff record that the signed agreement was stamped: a later refund is reduced by the stamping cost. */
  STAMP: { by: ['STAFF'], from: ['SIGNED'], to: 'SAME' },
} as const satisfies Record<string, { by: readonly DealActor[]; from: readonly DealState[]; to: DealState | 'SAME' }>;
export type DealCommand = keyof typeof DEAL_COMMANDS;
export const DealCommand = z.enum(Object.keys(DEAL_COMMANDS) as [DealCommand, ...DealCommand[]]);

/** Why a deal was cancelled, voided or ended: picks the refund rule and is shown to both sides. */
export const DealReason = z.enum([
  'CHANGED_MIND',
  'RENTED_ELSEWHERE',
  'RENT_RAISED',
  'FALSE_LISTING',
  'SCREENING_FAILED',
  'NO_RESPONSE',
  'NOT_PAID',
  'DOCUMENTS_LATE',
  'NOT_SIGNED',
  'HOLD_ENDED',
  'LISTING_BOOKED',
  'MOVE_IN_NOT_PAID',
  'POSTPONED_WITHOUT_CONSENT',
  'OTHER',
]);
export type DealReason = z.infer<typeof DealReason>;

export type FeeOutcome = 'NONE' | 'REFUND' | 'FORFEIT';

/** Who rents what, from when, for how long and at what rent: what the agreement takes from a deal and opens one with. */
export interface DealTerms {
  tenantId: string;
  landlordId: string;
  propertyName: string;
  moveInDate: string;
  tenancyMonths: number;
  monthlyRent: number;
  occupants: number;
}

/**
 * Where a paid booking fee goes when a deal ends (business rules): back to the tenant when screening fails, the
 * landlord cancels or rents elsewhere, the rent was raised or the listing false, the hold ends without an
 * agreement, or either side cancels within `cancelWindowHours` of paying; otherwise, in full, to the landlord.
 */
export function bookingFeeOutcome(input: { command: DealCommand; actor: DealActor; from: DealState; paidAt: Date | null; now: Date }): {
  to: DealState;
  fee: FeeOutcome;
} {
  const rule = DEAL_COMMANDS[input.command];
  const target: DealState = rule.to === 'SAME' ? input.from : rule.to;
  if (input.command === 'LOSE_LISTING') return { to: target, fee: input.paidAt ? 'REFUND' : 'NONE' };
  const paid = (PAID_STATES as readonly DealState[]).includes(input.from) && input.paidAt !== null;
  if (!paid) return { to: target, fee: 'NONE' };
  switch (input.command) {
    case 'REJECT':
    case 'VOID':
      return { to: target, fee: 'REFUND' };
    case 'MISS_DEADLINE':
    case 'END_HOLD':
    case 'POSTPONE_ANYWAY':
      return { to: target, fee: 'FORFEIT' };
    case 'CANCEL': {
      if (input.actor === 'LANDLORD') return { to: 'CANCELLED', fee: 'REFUND' };
      const withinWindow = input.now.getTime() - input.paidAt!.getTime() <= BUSINESS.deal.cancelWindowHours * 3_600_000;
      return withinWindow ? { to: 'CANCELLED', fee: 'REFUND' } : { to: 'FORFEITED', fee: 'FORFEIT' };
    }
    default:
      return { to: target, fee: 'NONE' };
  }
}

/**
 * What a refund of the booking fee gives back: the fee, less the stamping cost once the agreement was stamped
 * (business rules). `stampingCostSen` is the cost recorded when it was stamped.
 */
export function refundOf(feeSen: number, stampingCostSen: number | null): { refundSen: number; stampingSen: number } {
  const stampingSen = Math.min(feeSen, Math.max(0, stampingCostSen ?? 0));
  return { refundSen: feeSen - stampingSen, stampingSen };
}

/**
 * Stamp duty of a tenancy agreement of up to a year (BUSINESS.deal.stamping): `dutyPerUnit` ringgit for each
 * `perAnnualRent` ringgit, or part of it, of the annual rent above `exemptAnnualRent`. Integer sen.
 */
export function stampingCostSen(monthlyRent: number, tenancyMonths: number): number {
  const rules = BUSINESS.deal.stamping;
  const annualRent = monthlyRent * Math.min(tenancyMonths, 12);
  const units = Math.ceil(Math.max(0, annualRent - rules.exemptAnnualRent) / rules.perAnnualRent);
  return sen(units * rules.dutyPerUnit);
}

/** The surcharge of a tenancy of `shortTenancySurcharge` months (9 to 11): a share of one month's rent, in sen. */
export function tenancySurchargeSen(monthlyRent: number, tenancyMonths: number): number {
  const rule = BUSINESS.zeroDeposit.shortTenancySurcharge;
  return tenancyMonths >= rule.fromMonths && tenancyMonths <= rule.toMonths ? sen(monthlyRent * rule.rateOfMonthlyRent) : 0;
}

/**
 * The move-in amount in sen: the first month's rent, the signing fee and SST on it, the surcharge of a 9 to 11
 * month tenancy, less the booking fee already paid (credited to the first invoice). RM1,800 for 12 months:
 * 180,000 + 39,900 + 2,394 - 50,000 = 172,294 sen.
 */
export function moveInAmount(deal: { monthlyRent: number; tenancyMonths: number; bookingFeeSen: number; paidAt: unknown }) {
  const cost = moveInCost(deal.monthlyRent);
  const rentSen = sen(cost.rent);
  const signingFeeSen = sen(cost.signingFee);
  const sstSen = sen(cost.sst);
  const surchargeSen = tenancySurchargeSen(deal.monthlyRent, deal.tenancyMonths);
  const creditSen = deal.paidAt ? deal.bookingFeeSen : 0;
  return { rentSen, signingFeeSen, sstSen, surchargeSen, creditSen, totalSen: rentSen + signingFeeSen + sstSen + surchargeSen - creditSen };
}

/** Whether `actor` may run `command` on a deal in `state`. */
export function mayRun(command: DealCommand, actor: DealActor, state: DealState): boolean {
  const rule = DEAL_COMMANDS[command];
  return (rule.by as readonly DealActor[]).includes(actor) && (rule.from as readonly DealState[]).includes(state);
}

/** The commands `actor` may run on a deal in `state` (what the deal page offers). */
export function commandsFor(actor: DealActor, state: DealState): DealCommand[] {
  return (Object.keys(DEAL_COMMANDS) as DealCommand[]).filter((command) => mayRun(command, actor, state));
}

/** Sen (integer) from ringgit settings: money is integer sen everywhere. */
export const sen = (ringgit: number) => Math.round(ringgit * 100);

const id = z.coerce.number().int().positive().max(2_147_483_647);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `POST /api/deals`: a tenant applies for a listing. The rent is the listing's, never the caller's. */
export const CreateDealBody = z
  .object({
    propertyId: id,
    moveInDate: isoDate,
    tenancyMonths: z.number().int().min(BUSINESS.zeroDeposit.tenancyMonths.min).max(BUSINESS.zeroDeposit.tenancyMonths.max),
    occupants: z.number().int().min(BUSINESS.deal.occupants.min).max(BUSINESS.deal.occupants.max),
    /** The conversation the tenant applied from, when they did it in the chat. */
    conversationId: id.optional(),
  })
  .strict();
export type CreateDealBody = z.infer<typeof CreateDealBody>;

/**
 * Commands people send through `PUT /api/deals/{id}`. The agreement is started and signed through `/api/agreements`
 * (with its terms, and one-time codes), so SEND_AGREEMENT and SIGN are not among them; screening verdicts go through
 * `/documents/verify`.
 */
export const PutDealCommand = z.enum([
  'ACCEPT',
  'DECLINE',
  'CANCEL',
  'VOID',
  'SUBMIT_DOCUMENTS',
  'REQUEST_POSTPONE',
  'CONSENT_POSTPONE',
  'REFUSE_POSTPONE',
  'WITHDRAW_POSTPONE',
  'POSTPONE_ANYWAY',
  'STAMP',
]);
export type PutDealCommand = z.infer<typeof PutDealCommand>;
export const UpdateDealBody = z
  .object({
    command: PutDealCommand,
    reason: DealReason.optional(),
    note: z.string().trim().max(500).optional(),
    /** `REQUEST_POSTPONE`: the later start date asked for. */
    moveInDate: isoDate.optional(),
  })
  .strict();
export type UpdateDealBody = z.infer<typeof UpdateDealBody>;

export const DealParams = z.object({ id: z.uuid() });
export const DealHashParams = z.object({ hash: z.string().regex(/^[A-Za-z0-9_.-]{40,120}$/) });
export const DealListQuery = z.object({ userId: z.uuid(), propertyId: id.optional() }).strict();

export const DealEvent = z
  .object({
    id: z.number().int(),
    command: z.string(),
    actor: DealActor,
    from: DealState.nullable(),
    to: DealState,
    reason: DealReason.nullable(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DealEvent' });
export type DealEvent = z.infer<typeof DealEvent>;

/** Spec section 3's `propertyDto` with its id: what the deal page shows of the listing. */
export const DealProperty = z.object({ id: z.number().int().nullable(), name: z.string(), area: z.string().nullable(), type: z.string() });
export const DealParty = z.object({ id: z.uuid(), name: z.string() });

export const Deal = z
  .object({
    id: z.uuid(),
    state: DealState,
    /** Null for a tenancy found elsewhere (an agreement invited by phone, without a listing). */
    propertyId: z.number().int().nullable(),
    propertyDto: DealProperty,
    tenant: DealParty,
    landlord: DealParty,
    moveInDate: isoDate,
    tenancyMonths: z.number().int(),
    /** Ringgit a month, as listed when the tenant applied. */
    monthlyRent: z.number().int(),
    occupants: z.number().int(),
    bookingFeeSen: z.number().int(),
    paidAt: z.string().nullable(),
    /** The booking fee's payment, for its receipt (`/receipts/{id}`): shown to the payer and staff once paid. */
    bookingPaymentId: z.string().nullable(),
    /** A later start the tenant asked for: waiting for the landlord, or refused by them. */
    postponement: z.object({ moveInDate: isoDate, status: z.enum(['REQUESTED', 'REFUSED']) }).nullable(),
    /** When staff recorded the agreement stamped, and its cost (taken off a later refund). */
    stampedAt: z.string().nullable(),
    stampingCostSen: z.number().int().nullable(),
    /** The move-in amount (first month, signing fee, SST, surcharge, less the booking fee), in sen. */
    moveIn: z.object({
      rentSen: z.number().int(),
      signingFeeSen: z.number().int(),
      sstSen: z.number().int(),
      surchargeSen: z.number().int(),
      creditSen: z.number().int(),
      totalSen: z.number().int(),
      paidAt: z.string().nullable(),
      /** Its payment, for the receipt (the payer and staff). */
      paymentId: z.string().nullable(),
    }),
    /** The latest payment asked for failed (card declined, bank refused): shown to the tenant, who may try again. */
    paymentFailed: z.object({ purpose: z.enum(['BOOKING', 'MOVE_IN']), at: z.string() }).nullable(),
    /** The next deadline and what happens at it, when one runs. */
    deadline: z.object({ at: z.string(), command: DealCommand }).nullable(),
    /** Whether a cancellation by the tenant now would get the booking fee back. */
    refundableUntil: z.string().nullable(),
    reason: DealReason.nullable(),
    /** The viewer's side, and what they may do now (from `DEAL_COMMANDS`). */
    viewerRole: z.enum(['TENANT', 'LANDLORD', 'STAFF', 'GUEST']),
    commands: z.array(DealCommand),
    /** The signed link that opens this deal for the other party (parties and staff only). */
    hash: z.string().nullable(),
    events: z.array(DealEvent),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Deal' });
export type Deal = z.infer<typeof Deal>;

export const DealList = z.object({ content: z.array(Deal) }).meta({ id: 'DealList' });
export type DealList = z.infer<typeof DealList>;

/** `POST /api/deals/{id}/booking` and `POST /api/rental/order/pay`: where the tenant pays. */
export const PaymentLink = z.object({ paymentId: z.string(), paymentUrl: z.string(), amountSen: z.number().int() }).meta({ id: 'DealPaymentLink' });
export type PaymentLink = z.infer<typeof PaymentLink>;
export const RentalOrderPayBody = z.object({ dealId: z.uuid() }).strict();

/** Screening documents (business rules: by profile). Encryption at rest and profiles come with screening. */
export const DocumentKind = z.enum([
  'IC_FRONT',
  'IC_BACK',
  'PAYSLIP',
  'OFFER_LETTER',
  'BANK_STATEMENT',
  'STUDENT_LETTER',
  'SSM_FORM_9',
  'PASSPORT',
  'VISA',
  'OTHER',
]);
export type DocumentKind = z.infer<typeof DocumentKind>;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const CreateDocumentBody = z.object({ kind: DocumentKind }).strict();
export const DealDocument = z
  .object({
    id: z.uuid(),
    dealId: z.uuid(),
    ownerId: z.uuid(),
    kind: DocumentKind,
    status: z.enum(['PENDING', 'UPLOADED', 'VERIFIED', 'REJECTED']),
    contentType: z.string().nullable(),
    bytes: z.number().int().nullable(),
    /** The API path that serves the file to its owner and staff (never a public URL). */
    fileUrl: z.string().nullable(),
    createdAt: z.string(),
    uploadedAt: z.string().nullable(),
  })
  .meta({ id: 'DealDocument' });
export type DealDocument = z.infer<typeof DealDocument>;
export const DocumentList = z.object({ content: z.array(DealDocument) }).meta({ id: 'DealDocumentList' });
export const DocumentParams = z.object({ id: z.uuid() });
export const DocumentUserParams = z.object({ userId: z.uuid() });

/** `POST /api/deals/{id}/documents/verify` (staff): the screening verdict. */
export const VerifyDocumentsBody = z.object({ decision: z.enum(['APPROVED', 'REJECTED']), note: z.string().trim().max(500).optional() }).strict();
