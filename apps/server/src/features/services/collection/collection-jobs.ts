import type { FastifyBaseLogger } from 'fastify';
import { BUSINESS } from '@kunci/contracts/business';
import { PAYMENT_JOBS, formatRinggit, type PaymentSettledJob } from '@kunci/contracts/payments';
import { formatDate } from '@kunci/i18n/format';
import { fromStoredLanguage, type Language } from '@kunci/i18n/locales';
import { translatorFor, type MessageKey } from '@kunci/i18n/messages';
import { defineJob, type JobQueue } from '../../../lib/jobs/jobs.service.ts';
import type { Messenger } from '../../../plugins/messaging.ts';
import { collectionIssue, collectionPayout, collectionRetry, collectionTold } from './collection-job-kinds.ts';
import { createCollectionRepository, type InvoiceNotice } from './collection.repository.ts';
import { invoiceOfReference, type CollectionService } from './collection.service.ts';

const settledJob = defineJob<PaymentSettledJob>(PAYMENT_JOBS.settled, { maxAttempts: 10 });
const failedJob = defineJob<PaymentSettledJob>(PAYMENT_JOBS.failed, { maxAttempts: 10 });

const NOTICE_BATCH = 200;
const DASHBOARD_PATH = '/dashboard/rental-collection';

interface Person {
  name: string;
  phone: string;
  email: string | null;
  language: string;
}

export interface CollectionJobOptions {
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Rental collection's jobs: invoices and their notices (one recurring cycle, also run at once after an enrolment),
 * payment outcomes, card retries and payouts. Notices are claimed before they are sent, so each goes once.
 */
export function registerCollectionJobs(jobs: JobQueue, service: CollectionService, messenger: Messenger, options: CollectionJobOptions) {
  const { log } = options;
  const dashboardUrl = (lang: Language) =>
    new URL(`${lang === 'en' ? '' : `/${lang === 'ms' ? 'my' : 'zh'}`}${DASHBOARD_PATH}`, options.publicUrl).toString();

  async function tell(person: Person, key: { subject: MessageKey; body: MessageKey }, values: (lang: Language) => Record<string, string | number>) {
    const lang = fromStoredLanguage(person.language);
    const t = translatorFor(lang);
    const body = t(key.body, values(lang));
    await messenger.sms(person.phone, body);
    if (person.email) {
      await messenger
        .email(person.email, t(key.subject, values(lang)), body)
        .catch((error: unknown) => log.warn({ err: error }, 'collection email not delivered'));
    }
  }

  const noticeKeys: Record<InvoiceNotice, { subject: MessageKey; body: MessageKey }> = {
    INVOICE: { subject: 'services.collection.notice.invoiceSubject', body: 'services.collection.notice.invoice' },
    REMINDER: { subject: 'services.collection.notice.reminderSubject', body: 'services.collection.notice.reminder' },
    LATE: { subject: 'services.collection.notice.lateSubject', body: 'services.collection.notice.late' },
    MISSED: { subject: 'services.collection.notice.missedSubject', body: 'services.collection.notice.missed' },
  };

  /** Issues the invoices due and sends every notice due today; what it did. */
  async function cycle() {
    const issued = await service.issueInvoices();
    const sent: Record<InvoiceNotice, number> = { INVOICE: 0, REMINDER: 0, LATE: 0, MISSED: 0 };
    for (const kind of ['INVOICE', 'REMINDER', 'LATE', 'MISSED'] as const) {
      for (let batch = await service.claimNotices(kind, NOTICE_BATCH); batch.length; batch = await service.claimNotices(kind, NOTICE_BATCH)) {
        for (const notice of batch) {
          const values = (lang: Language) => ({
            property: notice.propertyName,
            amount: formatRinggit(notice.amountSen),
            date: formatDate(lang, `${notice.dueDate}T00:00:00.000+08:00`),
            url: service.payUrl(notice.invoiceId),
            tenant: notice.tenant.name,
            days: kind === 'MISSED' ? BUSINESS.rentalCollection.missedDaysAfter : BUSINESS.rentalCollection.lateDaysAfter,
            dashboard: dashboardUrl(lang),
          });
          try {
            // The invoice, reminder and late notice go to the tenant; the landlord hears of late and missed rent.
            if (kind !== 'MISSED') await tell(notice.tenant, noticeKeys[kind], values);
            if (kind === 'LATE')
              await tell(
                notice.landlord,
                { subject: 'services.collection.notice.lateSubject', body: 'services.collection.notice.lateLandlord' },
                values,
              );
            if (kind === 'MISSED') await tell(notice.landlord, noticeKeys.MISSED, values);
            sent[kind]++;
          } catch (error) {
            // Claimed, so not sent again by the next cycle: logged for staff rather than repeated to the tenant.
            log.error({ err: error, invoiceId: notice.invoiceId, kind }, 'collection notice not sent');
          }
        }
      }
    }
    return { issued, ...sent };
  }

  jobs.handle(collectionIssue, async () => {
    const done = await cycle();
    if (done.issued || done.INVOICE) log.info(done, 'rental collection');
  });

  jobs.handle(settledJob, async ({ purpose, referenceId, paymentId, amountSen }, context) => {
    const invoiceId = purpose === 'RENTAL_ORDER' ? invoiceOfReference(referenceId) : null;
    if (!invoiceId) return;
    await context.transaction((tx) => service.settle(createCollectionRepository(tx), invoiceId, paymentId, amountSen));
  });

  jobs.handle(failedJob, async ({ purpose, referenceId, paymentId }) => {
    const invoiceId = purpose === 'RENTAL_ORDER' ? invoiceOfReference(referenceId) : null;
    if (invoiceId) await service.failed(invoiceId, paymentId);
  });

  jobs.handle(collectionRetry, async ({ invoiceId, paymentId }) => {
    const facts = await service.noticeFacts(invoiceId);
    if (!facts) return;
    const url = await service.retry(invoiceId, paymentId, fromStoredLanguage(facts.tenant.language));
    if (!url) return;
    await tell(facts.tenant, { subject: 'services.collection.notice.retrySubject', body: 'services.collection.notice.retry' }, (lang) => ({
      property: facts.propertyName,
      amount: formatRinggit(facts.amountSen),
      date: formatDate(lang, `${facts.dueDate}T00:00:00.000+08:00`),
      url,
    }));
  });

  jobs.handle(collectionPayout, async ({ payoutId }, context) => {
    await context.transaction((tx) => service.payout(createCollectionRepository(tx), payoutId));
  });

  jobs.handle(collectionTold, async (event) => {
    if (event.kind === 'INVITED') {
      const facts = await service.tenancyFacts(event.tenancyId);
      if (!facts) return;
      await tell(facts.tenant, { subject: 'services.collection.notice.invitedSubject', body: 'services.collection.notice.invited' }, (lang) => ({
        landlord: facts.landlordName,
        property: facts.tenancy.propertyName,
        amount: formatRinggit(facts.tenancy.monthlyRentSen),
        date: formatDate(lang, `${facts.tenancy.firstDueDate}T00:00:00.000+08:00`),
        dashboard: dashboardUrl(lang),
      }));
      return;
    }
    const facts = await service.noticeFacts(event.invoiceId);
    if (!facts) return;
    const values = (lang: Language) => ({
      property: facts.propertyName,
      amount: formatRinggit(facts.amountSen),
      date: formatDate(lang, `${facts.dueDate}T00:00:00.000+08:00`),
      url: service.payUrl(facts.invoiceId),
      hours: BUSINESS.rentalCollection.cardRetryHours,
      tenant: facts.tenant.name,
      dashboard: dashboardUrl(lang),
    });
    if (event.kind === 'FAILED')
      await tell(facts.tenant, { subject: 'services.collection.notice.failedSubject', body: 'services.collection.notice.failed' }, values);
    else await tell(facts.landlord, { subject: 'services.collection.notice.paidSubject', body: 'services.collection.notice.paid' }, values);
  });

  return { cycle };
}

/** The recurring run of the cycle (once per interval across all instances). */
export function scheduleCollection(jobs: JobQueue, seconds: number) {
  jobs.every('services.collection.cycle', seconds, async () => {
    await jobs.enqueue(collectionIssue, {}, { key: 'collection:issue' });
  });
}
