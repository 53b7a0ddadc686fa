import { z } from 'zod';

/**
 * Every error code the API can answer with. The spec's own codes keep their numbers
 * (10100, 10020, 10010, 612); ours sit in the 11xxx range so they never collide.
 */
export const ErrorCode = {
  BANNED: 10100,
  WRONG_PIN: 10020,
  WRONG_PASSWORD: 10010,
  SECURITY_ANSWERS_INCORRECT: 612,
  VALIDATION: 11422,
  BAD_REQUEST: 11400,
  UNAUTHORIZED: 11401,
  FORBIDDEN: 11403,
  NOT_FOUND: 11404,
  GONE: 11410,
  CONFLICT: 11409,
  PAYLOAD_TOO_LARGE: 11413,
  RATE_LIMITED: 11429,
  ACCOUNT_LOCKED: 11423,
  INVALID_PHONE: 11424,
  PASSWORD_REQUIRED: 11425,
  CODE_INVALID: 11426,
  INVALID_IMAGE: 11427,
  WORK_EMAIL_REQUIRED: 11428,
  FACEBOOK_NOT_LINKED: 11430,
  FACEBOOK_FAILED: 11431,
  LISTING_EXPIRED: 11432,
  SLOT_TAKEN: 11433,
  /** An Idempotency-Key sent again with a different request. */
  IDEMPOTENCY_KEY_REUSED: 11434,
  /** Deals (11450-11469). Another tenant's deal holds the listing (booked or later). */
  LISTING_BOOKED: 11450,
  /** The deal is not in a state that allows this command. */
  DEAL_STATE: 11451,
  DEAL_OWN_LISTING: 11452,
  DEAL_ALREADY_APPLIED: 11453,
  DOCUMENTS_MISSING: 11454,
  INVALID_DOCUMENT: 11455,
  /** Landlord protection (11480-11489): the tenancy or rent is not one protection covers. */
  PROTECTION_NOT_ELIGIBLE: 11480,
  /** Bought later than the days allowed after the tenancy's start. */
  PROTECTION_WINDOW_CLOSED: 11481,
  /** The tenant has rent overdue. */
  PROTECTION_OVERDUE: 11482,
  /** The tenancy already has a policy. */
  PROTECTION_EXISTS: 11483,
  /** A claim the policy does not allow (its plan, its dates, its evidence). */
  CLAIM_NOT_ALLOWED: 11484,
  /** Theft, or damage found after the tenant moved out, without a police report attached. */
  CLAIM_POLICE_REPORT_REQUIRED: 11485,
  /** A claim with a move-out date filed later than the police report's days after it. */
  CLAIM_POLICE_REPORT_LATE: 11486,
  /** An electrical item above the amount set without a technician's report. */
  CLAIM_TECHNICIAN_REPORT_REQUIRED: 11487,
  /** Staff approving: a claim without a receipt takes a deduction within the band; one with receipts takes none. */
  CLAIM_DEDUCTION_REQUIRED: 11488,
  /** The policy has paid all the overstay (OCD) months it covers. */
  OCD_LIMIT_REACHED: 11489,
  /** Landlord protection, continued (11490-11499): the tenancy is not one the policy can move to (its home, state or screening). */
  PROTECTION_TRANSFER_NOT_ALLOWED: 11490,
  /** The policy already covers all the months a policy may cover in all (BUSINESS.protection.transferMaxMonths). */
  PROTECTION_TRANSFER_LIMIT: 11491,
  /** Back office (11470-11479). A sensitive staff action needs a fresh PIN confirmation (BUSINESS.staff). */
  STAFF_CONFIRMATION_REQUIRED: 11470,
  INTERNAL: 11500,
  UNAVAILABLE: 11503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status for each code: the one place that mapping lives. */
export const errorStatus: Record<ErrorCode, number> = {
  [ErrorCode.BANNED]: 403,
  [ErrorCode.WRONG_PIN]: 401,
  [ErrorCode.WRONG_PASSWORD]: 401,
  [ErrorCode.SECURITY_ANSWERS_INCORRECT]: 422,
  [ErrorCode.VALIDATION]: 422,
  [ErrorCode.BAD_REQUEST]: 400,
  [ErrorCode.UNAUTHORIZED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.GONE]: 410,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.ACCOUNT_LOCKED]: 423,
  [ErrorCode.INVALID_PHONE]: 422,
  [ErrorCode.PASSWORD_REQUIRED]: 422,
  [ErrorCode.CODE_INVALID]: 422,
  [ErrorCode.INVALID_IMAGE]: 422,
  [ErrorCode.WORK_EMAIL_REQUIRED]: 422,
  [ErrorCode.FACEBOOK_NOT_LINKED]: 422,
  [ErrorCode.FACEBOOK_FAILED]: 502,
  [ErrorCode.LISTING_EXPIRED]: 409,
  [ErrorCode.SLOT_TAKEN]: 409,
  [ErrorCode.IDEMPOTENCY_KEY_REUSED]: 422,
  [ErrorCode.LISTING_BOOKED]: 409,
  [ErrorCode.DEAL_STATE]: 409,
  [ErrorCode.DEAL_OWN_LISTING]: 422,
  [ErrorCode.DEAL_ALREADY_APPLIED]: 409,
  [ErrorCode.DOCUMENTS_MISSING]: 422,
  [ErrorCode.INVALID_DOCUMENT]: 422,
  [ErrorCode.PROTECTION_NOT_ELIGIBLE]: 422,
  [ErrorCode.PROTECTION_WINDOW_CLOSED]: 409,
  [ErrorCode.PROTECTION_OVERDUE]: 409,
  [ErrorCode.PROTECTION_EXISTS]: 409,
  [ErrorCode.CLAIM_NOT_ALLOWED]: 422,
  [ErrorCode.CLAIM_POLICE_REPORT_REQUIRED]: 422,
  [ErrorCode.CLAIM_POLICE_REPORT_LATE]: 422,
  [ErrorCode.CLAIM_TECHNICIAN_REPORT_REQUIRED]: 422,
  [ErrorCode.CLAIM_DEDUCTION_REQUIRED]: 422,
  [ErrorCode.OCD_LIMIT_REACHED]: 409,
  [ErrorCode.PROTECTION_TRANSFER_NOT_ALLOWED]: 422,
  [ErrorCode.PROTECTION_TRANSFER_LIMIT]: 409,
  [ErrorCode.STAFF_CONFIRMATION_REQUIRED]: 428,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.UNAVAILABLE]: 503,
};

export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

export const ErrorBody = z
  .object({
    errorCode: z.number().int(),
    message: z.string(),
    fields: z.array(FieldError).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
