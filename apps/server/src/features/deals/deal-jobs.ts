import type { FeeOutcome } from '@kunci/contracts/deals';
import { formatDate } from '@kunci/i18n/format';
import { fromStoredLanguage } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { formatRinggit } from '@kunci/contracts/payments';
import { BUSINESS } from '@kunci/contracts/business';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@kunci/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../lib/jobs/jobs.service.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import { dealDeadline, dealNotice, dealRefund, paymentSettled } from './deal-job-kinds.ts';
import { dealPath, type DealsService } from './deals.service.ts';

/** Registers the deal jobs' handlers on the queue. */
export function registerDealJobs(
  jobs: JobQueue,
  service: DealsService,
  messenger: Messenger,
  options: { publicUrl: string; log: FastifyBaseLogger },
) {
  // A transition is idempotent by its state check, so a run repeated after a lost lease does nothing more.
  jobs.handle(dealDeadline, ({ dealId, command, state, reason }) => service.deadline(dealId, command, state, reason));
  jobs.handle(dealRefund, async ({ dealId, paymentId, amountSen, reason }, context) => {
    try {
      await service.refund(paymentId, amountSen, reason);
    } catch (error) {
      // A run repeated after its refund was recorded: payments refuses to give back more than was paid.
      if (error instanceof AppError && error.code === ErrorCode.CONFLICT) context.log.warn({ dealId, paymentId }, 'deal refund already asked for');
      else throw error;
    }
  });
  jobs.handle(paymentSettled, async ({ purpose, referenceId, paymentId, amountSen }) => {
    if (purpose === 'DEAL_BOOKING' || purpose === 'DEAL_MOVE_IN') await service.paymentSettled(purpose, referenceId, paymentId, amountSen);
  });
  jobs.handle(dealNotice, ({ dealId, eventId, fee }) => notifyDeal(service, messenger, { dealId, eventId, fee: fee ?? 'NONE' }, options));
}

/**
 * The one notice of a deal's step: each party but the one who acted gets an SMS, and an email when they have one,
 * in their stored language, with a link to the deal (a notification centre comes later). A failed send throws,
 * so the job retries it.
 */
export async function notifyDeal(
  service: DealsService,
  messenger: Messenger,
  { dealId, eventId, fee: outcome }: { dealId: string; eventId: number; fee: FeeOutcome },
  options: { publicUrl: string; log: FastifyBaseLogger },
): Promise<void> {
  const facts = await service.noticeFacts(dealId, eventId);
  if (!facts) return;
  const { deal, event, people, listing, hash } = facts;
  for (const person of people) {
    if (person.id === event.actorId) continue;
    const lang = fromStoredLanguage(person.language);
    const t = translatorFor(lang);
    const side = person.id === deal.tenantId ? 'TENANT' : 'LANDLORD';
    const url = new URL(dealPath(lang, { hash }), options.publicUrl).toString();
    const lines = [
      t('deal.notice.body', {
        state: event.toState,
        side,
        listing,
        date: formatDate(lang, `${deal.moveInDate}T00:00:00.000Z`),
      }),
    ];
    const fee = formatRinggit(deal.bookingFeeSen);
    if (event.toState === 'BOOKED' && side === 'TENANT') lines.push(t('deal.notice.documents', { days: BUSINESS.deal.documentsDays }));
    if (outcome === 'FORFEIT') lines.push(t('deal.notice.forfeit', { fee, side }));
    if (outcome === 'REFUND') lines.push(t('deal.notice.refund', { fee, days: BUSINESS.deal.refundBusinessDays, side }));
    lines.push(t('deal.notice.link', { url }));
    const body = lines.join('\n');
    await messenger.sms(person.phone, body);
    if (person.email) {
      await messenger
        .email(person.email, t('deal.notice.subject', { listing }), body)
        .catch((error: unknown) => options.log.warn({ err: error, dealId }, 'deal notice email not delivered'));
    }
  }
}
