import type { NoticeGroup } from '@kunci/contracts/notifications';

/**
 * Where each notice type sits on the settings page, and whether only landlords get it (their listings, tenants who
 * write to them, what they are paid). Keyed by type name, kept here rather than on each definition so the page's
 * order is read in one place; a type missing from it fails the notification centre's test.
 */
export const NOTICE_GROUPS: Record<string, { group: NoticeGroup; landlord: boolean }> = {
  'chat.invite': { group: 'chat', landlord: false },
  'chat.messages': { group: 'chat', landlord: false },
  'chat.request': { group: 'chat', landlord: true },
  'chat.unanswered': { group: 'chat', landlord: true },
  'chat.viewing': { group: 'viewings', landlord: false },
  'chat.viewing-reminder': { group: 'viewings', landlord: false },
  'saved-searches.match': { group: 'savedSearches', landlord: false },
  'saved-searches.digest': { group: 'savedSearches', landlord: false },
  'deals.update': { group: 'deals', landlord: false },
  'deals.payment-failed': { group: 'deals', landlord: false },
  'agreements.invited': { group: 'deals', landlord: false },
  'agreements.signed': { group: 'deals', landlord: false },
  'screening.document-refused': { group: 'deals', landlord: false },
  'screening.justification-decided': { group: 'deals', landlord: false },
  'listings.approved': { group: 'listings', landlord: true },
  'listings.rejected': { group: 'listings', landlord: true },
  'listings.expiring': { group: 'listings', landlord: true },
  'screening.market-price-decided': { group: 'listings', landlord: true },
  'services.collection-rent': { group: 'services', landlord: false },
  'services.collection-unpaid': { group: 'services', landlord: true },
  'services.collection-paid': { group: 'services', landlord: true },
  'protection.policy-active': { group: 'services', landlord: true },
  'protection.otr-paid': { group: 'services', landlord: true },
  'protection.ocd-paid': { group: 'services', landlord: true },
  'protection.claim-decided': { group: 'services', landlord: true },
  'protection.instalment-due': { group: 'services', landlord: true },
  'protection.overstay-ended': { group: 'services', landlord: true },
  'homerunner.runner-assigned': { group: 'services', landlord: true },
  'homerunner.keys-collected': { group: 'services', landlord: true },
  'homerunner.keys-returned': { group: 'services', landlord: true },
  'reports.outcome': { group: 'account', landlord: false },
  'reports.warning': { group: 'account', landlord: false },
};

/** A type not placed above (a test's own) is shown under the account, for everyone. */
export const noticeGroup = (type: string) => NOTICE_GROUPS[type] ?? { group: 'account' as const, landlord: false };
