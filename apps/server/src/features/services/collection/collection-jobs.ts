import type { FastifyBaseLogger } from 'fastify';
import { BUSINESS } from '@kunci/contracts/business';
import { PAYMENT_JOBS, type PaymentSettledJob } from '@kunci/contracts/payments';
import { LANGUAGES, fromStoredLanguage, type Language } from '@kunci/i18n/locales';
import { defineJob, type JobQueue } from '../../../lib/jobs/jobs.service.ts';
import type { NoticeSender } from '../../../lib/notices.ts';
import { collectionPaid, collectionRent, collectionUnpaid, type CollectionNoticeKind, type CollectionNoticeParams } from './collection-notices.ts';
import { collectionIssue, collectionPayout, collectionRetry, collectionTold } from './collection-job-kinds.ts';
import { createCollectionRepository, type InvoiceNotice } from './collection.repository.ts';
import { invoiceOfReference, type CollectionService } from './collection.service.ts';

const settledJob = defineJob<PaymentSettledJob>(PAYMENT_JOBS.settled, { maxAttempts: 10 });
const failedJob = defineJob<PaymentSettledJob>(PAYMENT_JOBS.failed, { maxAttempts: 10 });

const NOTICE_BATCH = 200;
const DASHBOARD_PATH = '/dashboard/rental-collection';

interface Person {
  id: string;
}

export interface CollectionJobOptions {
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Rental collection's jobs: invoices and their notices (one recurring cycle, also run at once after an enrolment),
 * payment outcomes, card retries and payouts. Notices go through the notification centre (in-app, and SMS, email,
 * push as each type and the person's settings say, in their language); the cycle's are claimed before they are
 * sent and each carries a key, so each goes once.
 */
export function registerCollectionJobs(jobs: JobQueue, service: CollectionService, notices: NoticeSender, options: CollectionJobOptions) {
  const { log } = options;
  const dashboardUrl = (lang: Language) =>
    new URL(`${lang === 'en' ? '' : `/${lang === 'ms' ? 'my' : 'zh'}`}${DASHBOARD_PATH}`, options.publicUrl).toString();
  const dashboards = Object.fromEntries(LANGUAGES.map((lang) => [`dashboard_${lang}`, dashboardUrl(lang)]));

  function tell(person: Person, kind: CollectionNoticeKind, params: Omit<CollectionNoticeParams, 'kind'>, key: string) {
    const type = kind === 'PAID' ? collectionPaid : kind === 'LATE_LANDLORD' || kind === 'MISSED' ? collectionUnpaid : collectionRent;
    return notices.send({
      type,
      recipientId: person.id,
      link: { route: 'rentalCollection' },
      params: { ...params, ...dashboards, kind } as CollectionNoticeParams,
      key,
    });
  }

  /** Issues the invoices due and sends every notice due today; what it did. */
  async function cycle() {
    const issued = await service.issueInvoices();
    const sent: Record<InvoiceNotice, number> = { INVOICE: 0, REMINDER: 0, LATE: 0, MISSED: 0 };
    for (const kind of ['INVOICE', 'REMINDER', 'LATE', 'MISSED'] as const) {
      for (let batch = await service.claimNotices(kind, NOTICE_BATCH); batch.length; batch = await service.claimNotices(kind, NOTICE_BATCH)) {
        for (const notice of batch) {
          const params = {
            property: notice.propertyName,
            amountSen: notice.amountSen,
            dueDate: notice.dueDate,
            url: service.payUrl(notice.invoiceId),
            tenant: notice.tenant.name,
            days: kind === 'MISSED' ? BUSINESS.rentalCollection.missedDaysAfter : BUSINESS.rentalCollection.lateDaysAfter,
          };
          const key = (who: string) => `collection:${kind}:${notice.invoiceId}:${who}`;
          try {
            // The invoice, reminder and late notice go to the tenant; the landlord hears of late and missed rent.
            if (kind !== 'MISSED') await tell(notice.tenant, kind, params, key('tenant'));
            if (kind === 'LATE') await tell(notice.landlord, 'LATE_LANDLORD', params, key('landlord'));
            if (kind === 'MISSED') await tell(notice.landlord, 'MISSED', params, key('landlord'));
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
    await tell(
      facts.tenant,
      'RETRY',
      { property: facts.propertyName, amountSen: facts.amountSen, dueDate: facts.dueDate, url },
      `collection:retry:${invoiceId}:${paymentId}`,
    );
  });

  jobs.handle(collectionPayout, async ({ payoutId }, context) => {
    await context.transaction((tx) => service.payout(createCollectionRepository(tx), payoutId));
  });

  jobs.handle(collectionTold, async (event) => {
    if (event.kind === 'INVITED') {
      const facts = await service.tenancyFacts(event.tenancyId);
      if (!facts) return;
      await tell(
        facts.tenant,
        'INVITED',
        {
          landlord: facts.landlordName,
          property: facts.tenancy.propertyName,
          amountSen: facts.tenancy.monthlyRentSen,
          dueDate: facts.tenancy.firstDueDate,
        },
        `collection:invited:${event.tenancyId}`,
      );
      return;
    }
    const facts = await service.noticeFacts(event.invoiceId);
    if (!facts) return;
    const params = {
      property: facts.propertyName,
      amountSen: facts.amountSen,
      dueDate: facts.dueDate,
      url: service.payUrl(facts.invoiceId),
      hours: BUSINESS.rentalCollection.cardRetryHours,
      tenant: facts.tenant.name,
    };
    if (event.kind === 'FAILED') await tell(facts.tenant, 'FAILED', params, `collection:failed:${event.invoiceId}:${event.paymentId}`);
    else await tell(facts.landlord, 'PAID', params, `collection:paid:${event.invoiceId}`);
  });

  return { cycle };
}

/** The recurring run of the cycle (once per interval across all instances). */
export function scheduleCollection(jobs: JobQueue, seconds: number) {
  jobs.every('services.collection.cycle', seconds, async () => {
    await jobs.enqueue(collectionIssue, {}, { key: 'collection:issue' });
  });
}
