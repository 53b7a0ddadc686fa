import { formatRinggit } from '@kunci/contracts/payments';
import { formatDate } from '@kunci/i18n/format';
import { DEFAULT_LANGUAGE } from '@kunci/i18n/locales';
import { translatorFor, type MessageKey } from '@kunci/i18n/messages';
import { defineNotice, type NoticeParams } from '../../../lib/notices.ts';

/** What rental collection tells people; each kind has its reviewed subject and text (services catalogue area). */
export type CollectionNoticeKind = 'INVOICE' | 'REMINDER' | 'LATE' | 'LATE_LANDLORD' | 'MISSED' | 'PAID' | 'FAILED' | 'RETRY' | 'INVITED';

const KEYS: Record<CollectionNoticeKind, { subject: MessageKey; body: MessageKey }> = {
  INVOICE: { subject: 'services.collection.notice.invoiceSubject', body: 'services.collection.notice.invoice' },
  REMINDER: { subject: 'services.collection.notice.reminderSubject', body: 'services.collection.notice.reminder' },
  LATE: { subject: 'services.collection.notice.lateSubject', body: 'services.collection.notice.late' },
  LATE_LANDLORD: { subject: 'services.collection.notice.lateSubject', body: 'services.collection.notice.lateLandlord' },
  MISSED: { subject: 'services.collection.notice.missedSubject', body: 'services.collection.notice.missed' },
  PAID: { subject: 'services.collection.notice.paidSubject', body: 'services.collection.notice.paid' },
  FAILED: { subject: 'services.collection.notice.failedSubject', body: 'services.collection.notice.failed' },
  RETRY: { subject: 'services.collection.notice.retrySubject', body: 'services.collection.notice.retry' },
  INVITED: { subject: 'services.collection.notice.invitedSubject', body: 'services.collection.notice.invited' },
};

/**
 * Stored params of a collection notice: its kind, the facts (amount in sen, the due date), the pay link and the
 * dashboard's link in each language (`dashboard_en`, `dashboard_ms`, `dashboard_zh`): the texts are written in the
 * reader's language when delivered.
 */
export type CollectionNoticeParams = NoticeParams & { kind: CollectionNoticeKind; property: string; amountSen: number; dueDate: string };

const values = (lang: Parameters<typeof translatorFor>[0], p: CollectionNoticeParams) => {
  const t = translatorFor(lang);
  const keys = KEYS[p.kind] ?? KEYS.INVOICE;
  const filled = {
    property: p.property,
    amount: formatRinggit(p.amountSen),
    date: formatDate(lang, `${p.dueDate}T00:00:00.000+08:00`),
    url: String(p['url'] ?? ''),
    tenant: String(p['tenant'] ?? ''),
    landlord: String(p['landlord'] ?? ''),
    days: Number(p['days'] ?? 0),
    hours: Number(p['hours'] ?? 0),
    dashboard: String(p[`dashboard_${lang}`] ?? p[`dashboard_${DEFAULT_LANGUAGE}`] ?? ''),
  };
  return { subject: t(keys.subject, filled), text: t(keys.body, filled) };
};

/** The tenant's rent: invoices, reminders, late rent, a failed card, the retry, the invitation (deadlines: SMS too). */
export const collectionRent = defineNotice<CollectionNoticeParams>({
  type: 'services.collection-rent',
  label: 'notifications.collectionRent.label',
  title: 'notifications.subject',
  body: 'notifications.text',
  channels: { sms: true, email: true, push: true },
  values,
});

/** The landlord's rent not coming in: late and missed (urgent: SMS too). */
export const collectionUnpaid = defineNotice<CollectionNoticeParams>({
  type: 'services.collection-unpaid',
  label: 'notifications.collectionUnpaid.label',
  title: 'notifications.subject',
  body: 'notifications.text',
  channels: { sms: true, email: true, push: true },
  values,
});

/** The landlord's rent paid (good news, not urgent: email and push). */
export const collectionPaid = defineNotice<CollectionNoticeParams>({
  type: 'services.collection-paid',
  label: 'notifications.collectionPaid.label',
  title: 'notifications.subject',
  body: 'notifications.text',
  channels: { email: true, push: true },
  values,
});
