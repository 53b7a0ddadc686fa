import { z } from 'zod';
import { RowId, RowIdParam } from './ids.ts';
import { FurnishType, ListingCard } from './listings.ts';

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
    landmarkLabelId: RowId,
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

export const ReviewExpensesParams = z.object({ id: RowIdParam });
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

// ---------------------------------------------------------------------------------------------------------------
// Hot deals and partner campaigns (spec section 7: hotdeals/deals/on-going, partnerships/campaigns/on-going)

export const PROMOTION_KINDS = ['HOT_DEAL', 'CAMPAIGN'] as const;
export const PromotionKind = z.enum(PROMOTION_KINDS);
export type PromotionKind = z.infer<typeof PromotionKind>;

/** The most listings one promotion covers. */
export const PROMOTION_MAX_LISTINGS = 50;

/** A running hot deal or campaign, in the caller's language, with its live listings (cards). */
export const Promotion = z
  .object({
    id: z.number().int(),
    kind: PromotionKind,
    partnerName: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    linkUrl: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    listings: z.array(ListingCard),
  })
  .meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof Promotion>;
export const PromotionList = z.object({ content: z.array(Promotion) }).meta({ id: 'PromotionList' });
export type PromotionList = z.infer<typeof PromotionList>;

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max, message);
const inThreeLanguages = (max: number, message: string) =>
  z.object({ en: text(max, message), ms: text(max, message), zh: text(max, message) }).strict();
const descriptions = z.object({ en: z.string().trim().max(2000), ms: z.string().trim().max(2000), zh: z.string().trim().max(2000) }).strict();

/** What staff write: both dates, the texts in the three languages, the listings it covers. */
export const PromotionInput = z
  .object({
    kind: PromotionKind,
    partnerName: z.string().trim().max(100).nullable().default(null),
    title: inThreeLanguages(120, 'growth.field.title'),
    description: descriptions.default({ en: '', ms: '', zh: '' }),
    linkUrl: z
      .url({ protocol: /^https?$/, error: 'growth.field.linkUrl' })
      .max(500)
      .nullable()
      .default(null),
    startsAt: z.iso.datetime({ offset: true, error: 'growth.field.dates' }),
    endsAt: z.iso.datetime({ offset: true, error: 'growth.field.dates' }),
    listingIds: z.array(RowId).max(PROMOTION_MAX_LISTINGS).default([]),
  })
  .strict()
  .refine((p) => Date.parse(p.endsAt) > Date.parse(p.startsAt), { path: ['endsAt'], message: 'growth.field.dates' })
  .refine((p) => p.kind !== 'CAMPAIGN' || Boolean(p.partnerName), { path: ['partnerName'], message: 'growth.field.partnerName' });
export type PromotionInput = z.input<typeof PromotionInput>;
export type CheckedPromotionInput = z.output<typeof PromotionInput>;

/** A promotion as staff manage it: every language, every listing id, and whether it is running, to come, or over. */
export const ManagedPromotion = z
  .object({
    id: z.number().int(),
    kind: PromotionKind,
    partnerName: z.string().nullable(),
    title: z.object({ en: z.string(), ms: z.string(), zh: z.string() }),
    description: z.object({ en: z.string(), ms: z.string(), zh: z.string() }),
    linkUrl: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string(),
    listingIds: z.array(z.number().int()),
    state: z.enum(['UPCOMING', 'RUNNING', 'ENDED']),
    updatedAt: z.string(),
  })
  .meta({ id: 'ManagedPromotion' });
export type ManagedPromotion = z.infer<typeof ManagedPromotion>;
export const ManagedPromotionList = z.object({ content: z.array(ManagedPromotion) }).meta({ id: 'ManagedPromotionList' });
export const PromotionParams = z.object({ id: RowIdParam });

// ---------------------------------------------------------------------------------------------------------------
// Referral programme (spec section 7: referral/create, referrals {referralCode, source})

export const REFERRAL_CODE = /^[A-Z0-9]{6,12}$/;
/** `POST /api/referral/create`: the caller's code (made once) and the link to share. */
export const ReferralLink = z.object({ referralCode: z.string(), url: z.string() }).meta({ id: 'ReferralLink' });
export type ReferralLink = z.infer<typeof ReferralLink>;

/** `POST /api/referrals`: a new user says whose link they signed up through, and where it was shared. */
export const ReferralBody = z
  .object({
    referralCode: z
      .string()
      .trim()
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(REFERRAL_CODE, 'growth.field.referralCode')),
    source: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9_.-]*$/, 'growth.field.source')
      .transform((source) => source.toLowerCase() || 'link')
      .default('link'),
  })
  .strict();
export const ReferralRegistered = z.object({ status: z.literal('PENDING'), referrerName: z.string() }).meta({ id: 'ReferralRegistered' });

export const REFERRAL_STATUSES = ['PENDING', 'QUALIFIED', 'LAPSED'] as const;
export const REWARD_STATES = ['EARNED', 'PAID', 'EXPIRED'] as const;
/** One person the caller referred, as their dashboard shows it (the referee by first name only). */
export const ReferralEntry = z.object({
  id: z.number().int(),
  refereeName: z.string(),
  source: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  joinedAt: z.string(),
  /** The last day the referee can still chat, post and close a deal for it to count (PENDING only). */
  activeUntil: z.string(),
  rent: z.number().int().nullable(),
  qualifiedAt: z.string().nullable(),
  reward: z.object({ amount: z.number(), state: z.enum(REWARD_STATES), expiresAt: z.string().nullable() }).nullable(),
  /**
   * Where this referral's reward stands, as the referrer reads it: PENDING (the friend has not rented yet), QUALIFIED
   * (earned, waiting for bank details), PAYABLE (earned, bank details given: paid within the working days of the rules),
   * PAID, or EXPIRED (unpaid in time, or the friend did not rent within the window).
   */
  payoutState: z.enum(['PENDING', 'QUALIFIED', 'PAYABLE', 'PAID', 'EXPIRED']),
});
export type ReferralEntry = z.infer<typeof ReferralEntry>;
/** `GET /api/referrals/me`: the referrer's dashboard: invited, qualified, rewards and their state. */
export const ReferralDashboard = z
  .object({
    referralCode: z.string().nullable(),
    url: z.string().nullable(),
    invited: z.number().int(),
    pending: z.number().int(),
    qualified: z.number().int(),
    /** Ringgit earned and not yet paid, and paid so far. */
    earned: z.number(),
    paid: z.number(),
    referrals: z.array(ReferralEntry),
    /** Whether bank details for payouts are on file (rewards are paid only then). */
    hasPayoutDetails: z.boolean(),
  })
  .meta({ id: 'ReferralDashboard' });
export type ReferralDashboard = z.infer<typeof ReferralDashboard>;

// ---------------------------------------------------------------------------------------------------------------
// Feedback and testimonials (spec section 7: api/users/feedbacks, api/users/feedbacks/public)

export const FEEDBACK_ROLES = ['TENANT', 'LANDLORD'] as const;
export const FeedbackBody = z
  .object({
    role: z.enum(FEEDBACK_ROLES, 'growth.field.feedbackRole'),
    rating: z.number().int('growth.field.rating').min(1, 'growth.field.rating').max(5, 'growth.field.rating'),
    message: z.string().trim().min(20, 'growth.field.feedbackMessage').max(1000, 'growth.field.feedbackMessage'),
  })
  .strict();
export const FeedbackCreated = z.object({ id: z.number().int(), status: z.literal('PENDING'), message: z.string() }).meta({ id: 'FeedbackCreated' });
export const PublicFeedbackQuery = z.object({
  role: z.enum(FEEDBACK_ROLES).optional(),
  limit: z.coerce.number().int().min(1).max(24).default(6),
});
/** An approved testimonial: the author by first name only. */
export const Testimonial = z.object({
  id: z.number().int(),
  role: z.enum(FEEDBACK_ROLES),
  rating: z.number().int(),
  message: z.string(),
  name: z.string(),
  language: z.string(),
  createdAt: z.string(),
});
export type Testimonial = z.infer<typeof Testimonial>;
export const TestimonialList = z.object({ content: z.array(Testimonial) }).meta({ id: 'TestimonialList' });
export const FeedbackForStaff = Testimonial.extend({ status: z.enum(['PENDING', 'APPROVED', 'REJECTED']) });
export const FeedbackQueue = z.object({ content: z.array(FeedbackForStaff) }).meta({ id: 'FeedbackQueue' });
export const FeedbackDecisionParams = z.object({ id: RowIdParam, decision: z.enum(['approve', 'reject']) });

// ---------------------------------------------------------------------------------------------------------------
// Newsletter (spec section 7: email-collection {email}), double opt-in

export const EmailCollectionBody = z.object({ email: z.email('field.email').max(254, 'field.email') }).strict();
/** Always the same answer, whether the address was new, pending or subscribed: nobody learns who is on the list. */
export const EmailCollectionAccepted = z.object({ status: z.literal('CHECK_EMAIL'), message: z.string() }).meta({ id: 'EmailCollectionAccepted' });
export const EmailTokenBody = z.object({ token: z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{20,64}$/, 'growth.field.token') }).strict();
export const EmailSubscriptionState = z
  .object({ status: z.enum(['CONFIRMED', 'UNSUBSCRIBED']), email: z.string() })
  .meta({ id: 'EmailSubscriptionState' });

// ---------------------------------------------------------------------------------------------------------------
// Attribution (spec section 3: tracking params utm_source, utm_medium, utm_campaign, rid, gclid, subid; section 7:
// users/track {attr, id})

export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export const CLICK_ID_PARAMS = ['rid', 'gclid', 'subid'] as const;
export const ATTRIBUTION_PARAMS = [...CAMPAIGN_PARAMS, ...CLICK_ID_PARAMS] as const;
export type AttributionParam = (typeof ATTRIBUTION_PARAMS)[number];
/** What a tracking value may hold: ad networks' ids and campaign names, nothing that needs escaping in a cookie. */
export const ATTRIBUTION_VALUE = /^[A-Za-z0-9 _.~+:@/|-]{1,100}$/;
const AttributionValue = z.string().trim().regex(ATTRIBUTION_VALUE, 'growth.field.attribution');
export const Attribution = z
  .object(
    Object.fromEntries(ATTRIBUTION_PARAMS.map((param) => [param, AttributionValue.optional()])) as Record<
      AttributionParam,
      z.ZodOptional<typeof AttributionValue>
    >,
  )
  .strict()
  .refine((attr) => ATTRIBUTION_PARAMS.some((param) => attr[param] !== undefined), { message: 'growth.field.attribution' });
export type Attribution = Partial<Record<AttributionParam, string>>;

/** `POST /api/users/track`: the tracking params the caller arrived with (`attr`), for the signed-in user `id`. */
export const TrackBody = z.object({ attr: Attribution, id: z.uuid('growth.field.trackId') }).strict();
export type TrackBody = z.input<typeof TrackBody>;
/** What the call stored: always the touch; the sign-up's attribution when the account is new and had none. */
export const TrackResult = z.object({ touch: z.literal(true), signUp: z.boolean() }).meta({ id: 'TrackResult' });
export type TrackResult = z.infer<typeof TrackResult>;

// ---------------------------------------------------------------------------------------------------------------
// Referral payouts: the referrer's bank details (business rules: paid after bank details are received)

/** Malaysian banks a reward can be paid to (their own names, the same in every language). */
export const MALAYSIAN_BANKS = {
  MAYBANK: 'Maybank',
  CIMB: 'CIMB Bank',
  PUBLIC_BANK: 'Public Bank',
  RHB: 'RHB Bank',
  HONG_LEONG: 'Hong Leong Bank',
  AMBANK: 'AmBank',
  BANK_ISLAM: 'Bank Islam',
  BANK_RAKYAT: 'Bank Rakyat',
  BSN: 'Bank Simpanan Nasional (BSN)',
  AFFIN: 'Affin Bank',
  ALLIANCE: 'Alliance Bank',
  OCBC: 'OCBC Bank',
  HSBC: 'HSBC Bank',
  UOB: 'UOB Malaysia',
  STANDARD_CHARTERED: 'Standard Chartered',
  AGROBANK: 'Agrobank',
  BANK_MUAMALAT: 'Bank Muamalat',
  MBSB: 'MBSB Bank',
  KFH: 'Kuwait Finance House',
  AL_RAJHI: 'Al Rajhi Bank',
} as const;
export type MalaysianBank = keyof typeof MALAYSIAN_BANKS;
export const MalaysianBank = z.enum(Object.keys(MALAYSIAN_BANKS) as [MalaysianBank, ...MalaysianBank[]], 'growth.field.bank');

/** `PUT /api/referrals/payout-details`: where the caller's rewards are paid. */
export const PayoutDetailsBody = z
  .object({
    bank: MalaysianBank,
    accountHolder: z
      .string()
      .trim()
      .min(3, 'growth.field.accountHolder')
      .max(100, 'growth.field.accountHolder')
      .regex(/^[\p{L}\p{M} .,'@/()-]+$/u, 'growth.field.accountHolder'),
    /** Digits only (spaces and dashes as typed are dropped): Malaysian account numbers run 7 to 17 digits. */
    accountNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{7,17}$/, 'growth.field.accountNumber')),
  })
  .strict();
export type PayoutDetailsBody = z.input<typeof PayoutDetailsBody>;
/** The caller's bank details, masked: the account by its last four digits, the holder by initials. */
export const PayoutDetails = z
  .object({ bank: MalaysianBank, bankName: z.string(), accountHolder: z.string(), accountNumber: z.string(), updatedAt: z.string() })
  .meta({ id: 'PayoutDetails' });
export type PayoutDetails = z.infer<typeof PayoutDetails>;
export const MaybePayoutDetails = z.object({ details: PayoutDetails.nullable() }).meta({ id: 'MaybePayoutDetails' });
export type MaybePayoutDetails = z.infer<typeof MaybePayoutDetails>;

/**
 * A reward waiting for operations to pay it, with where to pay it masked as its owner sees it (the account by its
 * last four digits, the holder by initials); the full details are a separate read that needs a fresh staff PIN.
 */
export const PayableReward = z.object({
  referralId: z.number().int(),
  referrerId: z.string(),
  referrerName: z.string(),
  amount: z.number(),
  qualifiedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  bank: MalaysianBank,
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
});
export type PayableReward = z.infer<typeof PayableReward>;
export const PayableRewardList = z.object({ content: z.array(PayableReward) }).meta({ id: 'PayableRewardList' });
export type PayableRewardList = z.infer<typeof PayableRewardList>;
/** The full bank details to pay one reward to, unsealed for the staff member who asked (the read is in the audit log). */
export const RewardBankDetails = z
  .object({
    referralId: z.number().int(),
    bank: MalaysianBank,
    bankName: z.string(),
    accountHolder: z.string(),
    accountNumber: z.string(),
  })
  .meta({ id: 'RewardBankDetails' });
export type RewardBankDetails = z.infer<typeof RewardBankDetails>;
export const RewardParams = z.object({ id: RowIdParam });
