import { fromStoredLanguage } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import type { JobQueue } from '../../lib/jobs/jobs.service.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import type { AdminRepository } from './admin.repository.ts';
import { reportOutcomeNotice, warningNotice } from './admin.service.ts';

const OUTCOME_KEYS = {
  DISMISSED: 'admin.notice.outcome.DISMISSED',
  WARNED: 'admin.notice.outcome.WARNED',
  LISTING_SUSPENDED: 'admin.notice.outcome.LISTING_SUSPENDED',
  USER_BANNED: 'admin.notice.outcome.USER_BANNED',
} as const;

/**
 * The reporter hears the outcome (email, or SMS without one) in their language, with a link to their reports; a
 * warned person hears the warning and its reason. Each job runs once per decision (keyed), retried on failure.
 */
export function registerAdminJobs(jobs: JobQueue, repository: AdminRepository, messenger: Messenger, publicUrl: string) {
  jobs.handle(reportOutcomeNotice, async ({ kind, id }) => {
    const report = await repository.reports.find(kind, id);
    if (!report?.outcome) return;
    const lang = fromStoredLanguage(report.reporter_language);
    const t = translatorFor(lang);
    const subject = t('admin.notice.outcome.subject');
    const body = `${t(OUTCOME_KEYS[report.outcome], { listing: report.property_name ?? report.reported_name })}\n${publicUrl}${href(lang, 'myReports')}`;
    if (report.reporter_email) await messenger.email(report.reporter_email, subject, body);
    else await messenger.sms(report.reporter_phone, body);
    await repository.reports.markTold(kind, id);
  });

  jobs.handle(warningNotice, async ({ userId, reason }) => {
    const contact = await repository.users.contact(userId);
    if (!contact) return;
    const t = translatorFor(fromStoredLanguage(contact.language));
    const body = t('admin.notice.warning.body', { reason });
    if (contact.email) await messenger.email(contact.email, t('admin.notice.warning.subject'), body);
    await messenger.sms(contact.phoneNumber, body);
  });
}
