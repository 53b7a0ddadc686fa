// The chat's plain values, apart from its schemas: pages that need only these (the chat request form on every
// listing) then do not ship zod.

/** The spec's tenant-info cookies and their lifetimes (days); empty values are not stored. */
export const TENANT_INFO_COOKIES = {
  budget: { name: 'crInfoBudget', days: 15 },
  moveInDate: { name: 'crInfoMoveInDate', days: 15 },
  tenancyDuration: { name: 'crInfoTenancyDuration', days: 15 },
  reasonForMoving: { name: 'crInfoReasonForMoveIn', days: 7 },
} as const;

export const MOVING_REASONS = ['NEAR_WORK', 'NEAR_STUDIES', 'MORE_SPACE', 'LOWER_RENT', 'FIRST_HOME', 'OTHER'] as const;
export const REPORT_REASONS = ['DEPOSIT', 'SCAM', 'ABUSE', 'DISCRIMINATION', 'OTHER'] as const;
export const CHAT_MESSAGE_MAX = 2000;

/** A chat request's budget (RM a month) and tenancy (months): the contract's limits, checked by the form before sending too. */
export const CHAT_REQUEST_LIMITS = {
  budget: { min: 100, max: 1_000_000 },
  tenancyMonths: { min: 1, max: 60 },
} as const;
