import { translatorFor } from '@kunci/i18n/messages';
import { defineNotice } from '../../lib/notices.ts';

export type ReportOutcome = 'DISMISSED' | 'WARNED' | 'LISTING_SUSPENDED' | 'USER_BANNED';
const OUTCOME_KEYS = {
  DISMISSED: 'admin.notice.outcome.DISMISSED',
  WARNED: 'admin.notice.outcome.WARNED',
  LISTING_SUSPENDED: 'admin.notice.outcome.LISTING_SUSPENDED',
  USER_BANNED: 'admin.notice.outcome.USER_BANNED',
} as const;

/**
 * What moderation tells people, through the notification centre (docs/decisions/0012-notification-centre.md): a
 * reporter hears the outcome of their report (email, push); a warned person hears the warning and its reason, which
 * is urgent (SMS and email).
 */
export const reportOutcome = defineNotice<{ outcome: ReportOutcome; listing: string }>({
  type: 'reports.outcome',
  label: 'admin.notice.outcome.label',
  title: 'admin.notice.outcome.subject',
  body: 'notifications.text',
  channels: { email: true, push: true },
  values: (lang, p) => ({ text: translatorFor(lang)(OUTCOME_KEYS[p.outcome] ?? OUTCOME_KEYS.DISMISSED, { listing: p.listing }) }),
});

export const accountWarning = defineNotice<{ reason: string }>({
  type: 'reports.warning',
  label: 'admin.notice.warning.label',
  title: 'admin.notice.warning.subject',
  body: 'admin.notice.warning.body',
  channels: { sms: true, email: true, push: true },
});
