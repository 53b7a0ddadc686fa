import { z } from 'zod';
import { BUSINESS } from './business.ts';

/**
 * Screening (business rules, "Booking fee and deal"): documents by the tenant's profile, the credit check (RAMCI)
 * and the zero-deposit decision they make together.
 */

export const SCREENING_PROFILES = ['WORKING_ADULT', 'STUDENT', 'BUSINESS_OWNER', 'FOREIGNER'] as const;
export const ScreeningProfile = z.enum(SCREENING_PROFILES);
export type ScreeningProfile = z.infer<typeof ScreeningProfile>;

export const SCREENING_DOCUMENT_KINDS = [
  'PAYSLIP',
  'OFFER_LETTER',
  'BANK_STATEMENT',
  'STUDENT_LETTER',
  'HOUSEMATE_IC',
  'SSM_FORM_9',
  'PASSPORT',
  'VISA',
  'IC_FRONT',
  'IC_BACK',
  'OTHER',
] as const;
export const ScreeningDocumentKind = z.enum(SCREENING_DOCUMENT_KINDS);
export type ScreeningDocumentKind = z.infer<typeof ScreeningDocumentKind>;

/** One thing a profile must hand in: `count` files of any of `kinds` (a payslip or an offer letter; three statements). */
export interface DocumentRequirement {
  id: string;
  kinds: readonly ScreeningDocumentKind[];
  count: number;
}

const statements = { id: 'STATEMENTS', kinds: ['BANK_STATEMENT'], count: BUSINESS.screening.bankStatementMonths } as const;

/** What each profile hands in (business rules: screening documents by profile). */
export const REQUIRED_DOCUMENTS: Record<ScreeningProfile, readonly DocumentRequirement[]> = {
  WORKING_ADULT: [{ id: 'INCOME', kinds: ['PAYSLIP', 'OFFER_LETTER'], count: 1 }, statements],
  STUDENT: [
    { id: 'STUDENT_LETTER', kinds: ['STUDENT_LETTER'], count: 1 },
    { id: 'HOUSEMATE_IC', kinds: ['HOUSEMATE_IC'], count: 1 },
  ],
  BUSINESS_OWNER: [{ id: 'SSM_FORM_9', kinds: ['SSM_FORM_9'], count: 1 }, statements],
  FOREIGNER: [
    { id: 'PASSPORT', kinds: ['PASSPORT'], count: 1 },
    { id: 'VISA', kinds: ['VISA'], count: 1 },
    { id: 'OFFER_LETTER', kinds: ['OFFER_LETTER'], count: 1 },
    statements,
  ],
};

export const SCREENING_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const DocumentStatus = z.enum(['PENDING', 'UPLOADED', 'VERIFIED', 'REJECTED']);
export type DocumentStatus = z.infer<typeof DocumentStatus>;

export const ScreeningDocument = z
  .object({
    id: z.uuid(),
    dealId: z.uuid(),
    ownerId: z.uuid(),
    kind: ScreeningDocumentKind,
    status: DocumentStatus,
    contentType: z.string().nullable(),
    bytes: z.number().int().nullable(),
    /** The API path that serves the file to its owner (staff read through a signed link); never a public URL. */
    fileUrl: z.string().nullable(),
    /** Why staff refused it: the tenant replaces the file. */
    refusalReason: z.string().nullable(),
    createdAt: z.string(),
    uploadedAt: z.string().nullable(),
    reviewedAt: z.string().nullable(),
  })
  .meta({ id: 'ScreeningDocument' });
export type ScreeningDocument = z.infer<typeof ScreeningDocument>;
export const ScreeningDocumentList = z.object({ content: z.array(ScreeningDocument) }).meta({ id: 'ScreeningDocumentList' });

/** `POST /api/deals/{id}/documents`: the tenant's profile (kept for the deal) and the kind of file to add. */
export const AddDocumentBody = z.object({ kind: ScreeningDocumentKind, profile: ScreeningProfile.optional() }).strict();
export type AddDocumentBody = z.infer<typeof AddDocumentBody>;

/** `POST /api/deals/{id}/documents/verify` (staff): a verdict per document, with a reason for each refused one. */
export const VerifyDocumentsBody = z
  .object({
    documents: z
      .array(
        z.object({
          id: z.uuid(),
          status: z.enum(['VERIFIED', 'REJECTED']),
          reason: z.string().trim().min(3).max(500).optional(),
        }),
      )
      .min(1)
      .max(50),
  })
  .strict();
export type VerifyDocumentsBody = z.infer<typeof VerifyDocumentsBody>;

export const SignedReadQuery = z
  .object({ expires: z.coerce.number().int().positive().optional(), signature: z.string().max(100).optional() })
  .strict();

// ---- Credit check (RAMCI) --------------------------------------------------------------------------------------

/** The spec's states of a credit check: pending (answers accepted, consent awaited) then success, fail, consent fail, consent updated. */
export const CREDIT_STATES = ['NONE', 'PENDING', 'CONSENT_UPDATED', 'CONSENT_FAIL', 'SUCCESS', 'FAIL'] as const;
export const CreditState = z.enum(CREDIT_STATES);
export type CreditState = z.infer<typeof CreditState>;
export const CreditOutcome = z.enum(['SUCCESS', 'FAIL']);
export type CreditOutcome = z.infer<typeof CreditOutcome>;

/** Place-of-birth codes the National Registration Department never issues (01-16 and 21-59 are states, the rest countries). */
const UNUSED_BIRTH_CODES = new Set([0, 17, 18, 19, 20, 69, 70, 73, 80, 81, 94, 95, 96, 97]);

/**
 * A MyKad number: 12 digits (dashes and spaces allowed), YYMMDD a real date, and a place-of-birth code the
 * National Registration Department issues (states 01-16, countries 21-99 but the unused 17-20, 69, 70, 73, 80, 81,
 * 94-97). Returns the 12 digits, or null.
 */
export function normaliseNric(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12}$/.test(digits)) return null;
  const yy = Number(digits.slice(0, 2));
  const mm = Number(digits.slice(2, 4));
  const dd = Number(digits.slice(4, 6));
  // Either century: the date must exist in one of them (29 February needs a leap year).
  const exists = [1900, 2000].some((century) => {
    const date = new Date(Date.UTC(century + yy, mm - 1, dd));
    return date.getUTCFullYear() === century + yy && date.getUTCMonth() === mm - 1 && date.getUTCDate() === dd;
  });
  if (!exists || UNUSED_BIRTH_CODES.has(Number(digits.slice(6, 8)))) return null;
  return digits;
}

/** 900101-14-5567 → ******-**-5567: what screens show of an NRIC. */
export const maskNric = (digits: string) => `******-**-${digits.slice(-4)}`;

export const Nric = z
  .string()
  .trim()
  .max(20)
  .refine((value) => normaliseNric(value) !== null, 'screening.nric.invalid');

export const SecurityQuestion = z
  .object({ id: z.string(), text: z.string(), options: z.array(z.object({ id: z.string(), text: z.string() })) })
  .meta({ id: 'RamciQuestion' });
export type SecurityQuestion = z.infer<typeof SecurityQuestion>;
export const SecurityQuestions = z.object({ questions: z.array(SecurityQuestion) }).meta({ id: 'RamciQuestions' });

/** `POST /api/ramci/submit`: who is checked and their answers to the bureau's questions. */
export const RamciSubmitBody = z
  .object({
    email: z.email().max(200),
    name: z
      .string()
      .trim()
      .min(2)
      .max(100)
      .regex(/^[\p{L}\s/']+$/u, 'field.name'),
    nric: Nric,
    phone: z.string().trim().min(8).max(20),
    securityQuestions: z
      .array(z.object({ questionId: z.string().max(40), answerId: z.string().max(40) }))
      .min(1)
      .max(10),
  })
  .strict();
export type RamciSubmitBody = z.infer<typeof RamciSubmitBody>;

const base64Image = z
  .string()
  .max(Math.ceil((BUSINESS.screening.documentMaxBytes * 4) / 3) + 100)
  .regex(/^(data:image\/(jpeg|png);base64,)?([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'screening.ic.invalid');

/** `POST /api/ramci/update-consent`: the IC's front and back (JPEG or PNG, base64) and its number. */
export const RamciConsentBody = z.object({ icFront: base64Image, icBack: base64Image, nric: Nric }).strict();
export type RamciConsentBody = z.infer<typeof RamciConsentBody>;

export const RamciStatus = z
  .object({
    state: CreditState,
    outcome: CreditOutcome.nullable(),
    nric: z.string().nullable(),
    name: z.string().nullable(),
    checkedAt: z.string().nullable(),
    /** Set with a FAIL outcome: why, as a catalogue key the page shows in the user's language. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'RamciStatus' });
export type RamciStatus = z.infer<typeof RamciStatus>;

// ---- Zero deposit --------------------------------------------------------------------------------------------------

export const ZeroDepositDecision = z.enum(['PENDING', 'APPROVED', 'APPROVED_WITH_CONDITIONS', 'REJECTED']);
export type ZeroDepositDecision = z.infer<typeof ZeroDepositDecision>;
/** What an approval with conditions asks, or what a pending screening still needs. */
export const ScreeningCondition = z.enum([
  'RENT_OUTSIDE_BAND',
  'DOCUMENTS_UNDER_REVIEW',
  'DOCUMENTS_MISSING',
  'DOCUMENTS_REFUSED',
  'CREDIT_CHECK_MISSING',
  'CREDIT_FAILED',
  /** The credit report failed, but staff accepted the tenant's zero-deposit justification: approved with conditions. */
  'CREDIT_JUSTIFIED',
]);
export type ScreeningCondition = z.infer<typeof ScreeningCondition>;

export const RequirementProgress = z.object({
  id: z.string(),
  kinds: z.array(ScreeningDocumentKind),
  count: z.number().int(),
  uploaded: z.number().int(),
  verified: z.number().int(),
});

export const DealScreening = z
  .object({
    dealId: z.uuid(),
    profile: ScreeningProfile.nullable(),
    requirements: z.array(RequirementProgress),
    documents: z.array(ScreeningDocument),
    credit: RamciStatus,
    eligible: z.boolean(),
    decision: ZeroDepositDecision,
    conditions: z.array(ScreeningCondition),
  })
  .meta({ id: 'DealScreening' });
export type DealScreening = z.infer<typeof DealScreening>;

export const ProfileBody = z.object({ profile: ScreeningProfile }).strict();

/** `POST /api/v3/zero-deposit-justifications`: a refused tenant's reason and supporting files (base64 PDF, JPEG or PNG). */
export const ZeroDepositJustificationBody = z
  .object({
    dealId: z.uuid().optional(),
    reason: z.string().trim().min(20).max(2000),
    files: z
      .array(
        z.object({
          contentType: z.enum(SCREENING_CONTENT_TYPES),
          data: z
            .string()
            .max(Math.ceil((BUSINESS.screening.documentMaxBytes * 4) / 3) + 4)
            .regex(/^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/),
        }),
      )
      .max(BUSINESS.screening.justificationFiles),
  })
  .strict();
export type ZeroDepositJustificationBody = z.infer<typeof ZeroDepositJustificationBody>;
export const ZeroDepositJustification = z
  .object({
    id: z.uuid(),
    dealId: z.uuid().nullable(),
    reason: z.string(),
    files: z.number().int(),
    status: z.enum(['PENDING', 'ACCEPTED', 'REFUSED']),
    reviewNote: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ZeroDepositJustification' });
export type ZeroDepositJustification = z.infer<typeof ZeroDepositJustification>;

/** A staff-readable link to one private file (a signed read made for the caller, valid a few minutes). */
export const SignedFileLink = z.object({ fileId: z.uuid(), url: z.string(), expiresAt: z.string() });

/** `GET /api/admin/screening/justifications`: one zero-deposit justification waiting for review, as staff see it. */
export const PendingJustification = z
  .object({
    id: z.uuid(),
    tenant: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }),
    /** The deal it was sent for (its state tells whether an acceptance can still move it), or null. */
    deal: z.object({ id: z.uuid(), state: z.string(), propertyId: z.number().int(), propertyName: z.string() }).nullable(),
    reason: z.string(),
    files: z.array(SignedFileLink),
    createdAt: z.string(),
  })
  .meta({ id: 'PendingJustification' });
export type PendingJustification = z.infer<typeof PendingJustification>;
export const PendingJustificationPage = z.object({
  content: z.array(PendingJustification),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PendingJustificationPage = z.infer<typeof PendingJustificationPage>;
export const JustificationQueueQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const JustificationParams = z.object({ id: z.uuid() });
/** `POST /api/admin/screening/justifications/{id}/decision`: accept or refuse, with a note the tenant reads. */
export const JustificationDecisionBody = z.object({ status: z.enum(['ACCEPTED', 'REFUSED']), note: z.string().trim().min(1).max(1000) }).strict();
export type JustificationDecisionBody = z.infer<typeof JustificationDecisionBody>;
/** What the decision did: the justification, and for an acceptance what happened to the deal. */
export const JustificationDecision = z
  .object({
    justification: ZeroDepositJustification,
    /** DEAL_CONTINUES: the deal was still in screening and is screened again (approved with conditions once its documents are verified); BOOK_AGAIN: the deal had ended, the tenant may book again; NONE: refused. */
    outcome: z.enum(['DEAL_CONTINUES', 'BOOK_AGAIN', 'NONE']),
  })
  .meta({ id: 'JustificationDecision' });
export type JustificationDecision = z.infer<typeof JustificationDecision>;

/** `GET /api/admin/screening/market-price-justifications`: a landlord's reason for a rent above comparable rents, waiting for review. */
export const PendingMarketPriceJustification = z
  .object({
    id: z.uuid(),
    landlord: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }),
    listing: z.object({ id: z.number().int(), name: z.string(), rent: z.number().int() }),
    reason: z.string(),
    /** Ringgit a month when it was sent: the rent and the comparable median (of `comparables` live rents) it sits above. */
    rent: z.number().int(),
    comparableRent: z.number().int(),
    comparables: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'PendingMarketPriceJustification' });
export type PendingMarketPriceJustification = z.infer<typeof PendingMarketPriceJustification>;
export const PendingMarketPricePage = z.object({
  content: z.array(PendingMarketPriceJustification),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PendingMarketPricePage = z.infer<typeof PendingMarketPricePage>;
/** What a market-price decision did: accepted stays shown to tenants, refused is no longer shown. */
export const MarketPriceDecision = z
  .object({ id: z.uuid(), status: z.enum(['ACCEPTED', 'REFUSED']), reviewNote: z.string() })
  .meta({ id: 'MarketPriceDecision' });
export type MarketPriceDecision = z.infer<typeof MarketPriceDecision>;

/** `POST /api/v3/market-price-justifications`: the landlord's reason for a rent above comparable rents. */
export const MarketPriceJustificationBody = z
  .object({ propertyId: z.number().int().positive().max(2_147_483_647), reason: z.string().trim().min(20).max(1000) })
  .strict();
export const MarketPriceJustification = z
  .object({
    id: z.uuid(),
    propertyId: z.number().int(),
    reason: z.string(),
    rent: z.number().int(),
    comparableRent: z.number().int(),
    comparables: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'MarketPriceJustification' });
export type MarketPriceJustification = z.infer<typeof MarketPriceJustification>;
export const PropertyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const MarketPriceJustificationList = z.object({ content: z.array(MarketPriceJustification) }).meta({ id: 'MarketPriceJustificationList' });
