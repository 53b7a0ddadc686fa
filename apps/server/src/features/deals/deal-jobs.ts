import { moveInAmount, refundOf, type FeeOutcome } from '@kunci/contracts/deals';
import { formatDate } from '@kunci/i18n/format';
import { LANGUAGES, fromStoredLanguage, type Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { formatRinggit } from '@kunci/contracts/payments';
import { BUSINESS } from '@kunci/contracts/business';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/jobs/jobs.service.ts';
import type { NoticeSender } from '../../lib/notices.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import { dealDeadline, dealNotice, dealRefund, paymentFailed, paymentSettled } from './deal-job-kinds.ts';
import { dealUpdate } from './deal-notices.ts';
import { dealPath, type DealsService } from './deals.service.ts';

/** Registers the deal jobs' handlers on the queue. */
export function registerDealJobs(
  jobs: JobQueue,
  service: DealsService,
  messenger: Messenger,
  notices: NoticeSender,
  options: { publicUrl: string; log: FastifyBaseLogger },
) {
  // A transition is idempotent by its state check, so a run repeated after a lost lease does nothing more.
  jobs.handle(dealDeadline, ({ dealId, command, state, reason, at }) => service.deadline(dealId, command, state, reason, at));
  jobs.handle(dealRefund, async ({ dealId, paymentId, amountSen, reason }, context) => {
    // A run repeated after its refund was recorded asks nothing more (what is owed is already given).
    const asked = await service.refund(paymentId, amountSen, reason);
    if (!asked) context.log.info({ dealId, paymentId }, 'deal refund: nothing more owed');
  });
  jobs.handle(paymentSettled, async ({ purpose, referenceId, paymentId, amountSen }) => {
    if (purpose === 'DEAL_BOOKING' || purpose === 'DEAL_MOVE_IN') await service.paymentSettled(purpose, referenceId, paymentId, amountSen);
  });
  jobs.handle(paymentFailed, async ({ purpose, referenceId, paymentId }) => service.paymentFailed(purpose, referenceId, paymentId));
  jobs.handle(dealNotice, (payload) => notifyDeal(service, messenger, notices, payload, options));
}

/** Commands that keep the deal's state: their notice says what was done rather than where the deal stands. */
const STEP_NOTICES = new Set(['REQUEST_POSTPONE', 'CONSENT_POSTPONE', 'REFUSE_POSTPONE', 'WITHDRAW_POSTPONE', 'STAMP']);

/**
 * The one place deal notices are written: each party but the one who acted gets an SMS, an email when they have one
 * (in their stored language, with a link to the deal) and the same words in-app under the bell (the notification
 * centre, in whatever language they read it); a failed payment is told to the tenant alone. Every deal step is
 * urgent, so SMS and email go out here whatever a person's notice settings say. A failed SMS throws, so the job
 * retries it; the in-app notice is keyed by the step and the person, so a retry does not add it twice.
 */
export async function notifyDeal(
  service: DealsService,
  messenger: Messenger,
  notices: NoticeSender,
  notice: { dealId: string; eventId?: number; fee?: FeeOutcome; paymentFailed?: 'BOOKING' | 'MOVE_IN' },
  options: { publicUrl: string; log: FastifyBaseLogger },
): Promise<void> {
  const facts = await service.noticeFacts(notice.dealId, notice.eventId ?? null);
  if (!facts) return;
  const { deal, event, people, listing, hash } = facts;
  if (!notice.paymentFailed && !event) return;
  const outcome = notice.fee ?? 'NONE';
  /** What the notice says to one side, in one language (without the link, which differs by channel). */
  const linesFor = (lang: Language, side: 'TENANT' | 'LANDLORD'): string[] => {
    const t = translatorFor(lang);
    const day = (date: string) => formatDate(lang, `${date}T00:00:00.000Z`);
    const fee = formatRinggit(deal.bookingFeeSen);
    const lines: string[] = [];
    if (notice.paymentFailed) {
      const amount = notice.paymentFailed === 'BOOKING' ? deal.bookingFeeSen : moveInAmount(deal).totalSen;
      lines.push(t('deal.notice.paymentFailed', { listing, amount: formatRinggit(amount) }));
    } else if (event && STEP_NOTICES.has(event.command)) {
      lines.push(
        t('deal.notice.step', {
          command: event.command,
          listing,
          date: day(deal.moveInDate),
          asked: deal.postponeTo ? day(deal.postponeTo) : '',
          cost: formatRinggit(deal.stampingCostSen ?? 0),
        }),
      );
    } else if (event) {
      lines.push(t('deal.notice.body', { state: event.toState, side, listing, date: day(deal.moveInDate) }));
      if (event.toState === 'BOOKED' && side === 'TENANT') lines.push(t('deal.notice.documents', { days: BUSINESS.deal.documentsDays }));
      if (event.toState === 'SIGNED' && side === 'TENANT') {
        lines.push(t('deal.notice.moveIn', { amount: formatRinggit(moveInAmount(deal).totalSen), days: BUSINESS.deal.moveInPaymentDays }));
      }
      if (event.reason) lines.push(t('deal.reason', { reason: event.reason }));
    }
    if (outcome === 'FORFEIT') lines.push(t('deal.notice.forfeit', { fee, side }));
    if (outcome === 'REFUND') {
      const { refundSen } = refundOf(deal.bookingFeeSen, deal.stampedAt ? deal.stampingCostSen : null);
      lines.push(
        refundSen < deal.bookingFeeSen
          ? t('deal.notice.refundLessStamping', { refund: formatRinggit(refundSen), days: BUSINESS.deal.refundBusinessDays, side })
          : t('deal.notice.refund', { fee, days: BUSINESS.deal.refundBusinessDays, side }),
      );
    }
    return lines;
  };
  for (const person of people) {
    if (event && person.id === event.actorId) continue;
    const side = person.id === deal.tenantId ? 'TENANT' : 'LANDLORD';
    if (notice.paymentFailed && side !== 'TENANT') continue;
    const lang = fromStoredLanguage(person.language);
    const t = translatorFor(lang);
    const url = new URL(dealPath(lang, { hash }), options.publicUrl).toString();
    const body = [...linesFor(lang, side), t('deal.notice.link', { url })].join('\n');
    await notices.send({
      type: dealUpdate,
      recipientId: person.id,
      link: { route: 'deal', query: { id: deal.id } },
      params: { listing, ...Object.fromEntries(LANGUAGES.map((l) => [`text_${l}`, linesFor(l, side).join('\n')])) },
      key: `deals:${deal.id}:${notice.eventId ?? `payment-failed-${notice.paymentFailed}`}:${person.id}`,
    });
    await messenger.sms(person.phone, body);
    if (person.email) {
      await messenger
        .email(person.email, t('deal.notice.subject', { listing }), body)
        .catch((error: unknown) => options.log.warn({ err: error, dealId: deal.id }, 'deal notice email not delivered'));
    }
  }
}
