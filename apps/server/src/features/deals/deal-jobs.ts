import { moveInAmount, refundOf, type FeeOutcome } from '@kunci/contracts/deals';
import type { JobQueue } from '../../lib/jobs/jobs.service.ts';
import type { NoticeSender } from '../../lib/notices.ts';
import { dealDeadline, dealNotice, dealRefund, paymentFailed, paymentSettled } from './deal-job-kinds.ts';
import { STEP_NOTICES, dealPaymentFailed, dealUpdate } from './deal-notices.ts';
import type { DealsService } from './deals.service.ts';

/** Registers the deal jobs' handlers on the queue. */
export function registerDealJobs(jobs: JobQueue, service: DealsService, notices: NoticeSender) {
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
  jobs.handle(dealNotice, (payload) => notifyDeal(service, notices, payload));
}

/**
 * The one place deal notices are sent, through the notification centre (which writes them in each reader's
 * language and delivers them in-app, by SMS, email and push as each person's settings say): each party but the one
 * who acted is told of a step; a failed payment is told to the tenant alone. Each notice is keyed by the step (or
 * the failed payment) and the person, so a job run again after a failure or a lost lease sends nothing twice.
 */
export async function notifyDeal(
  service: DealsService,
  notices: NoticeSender,
  notice: { dealId: string; eventId?: number; fee?: FeeOutcome; paymentFailed?: 'BOOKING' | 'MOVE_IN'; paymentId?: string },
): Promise<void> {
  const facts = await service.noticeFacts(notice.dealId, notice.eventId ?? null);
  if (!facts) return;
  const { deal, event, people, listing, hash } = facts;
  // The signed link: the party's own view once signed in, whichever device the SMS or email is opened on.
  const link = { route: 'deal' as const, query: { hash } };
  if (notice.paymentFailed) {
    const tenant = people.find((person) => person.id === deal.tenantId);
    if (!tenant) return;
    // Jobs queued before the payment was named in them: the failure the deal records.
    const paymentId = notice.paymentId ?? deal.failedPaymentId ?? notice.paymentFailed;
    await notices.send({
      type: dealPaymentFailed,
      recipientId: tenant.id,
      link,
      params: { listing, amountSen: notice.paymentFailed === 'BOOKING' ? deal.bookingFeeSen : moveInAmount(deal).totalSen },
      key: `deals:${deal.id}:payment-failed:${paymentId}:${tenant.id}`,
    });
    return;
  }
  if (!event) return;
  const step = STEP_NOTICES.has(event.command);
  const fee = notice.fee ?? 'NONE';
  for (const person of people) {
    if (person.id === event.actorId) continue;
    await notices.send({
      type: dealUpdate,
      recipientId: person.id,
      link,
      params: {
        listing,
        side: person.id === deal.tenantId ? 'TENANT' : 'LANDLORD',
        state: step ? '' : event.toState,
        command: step ? event.command : '',
        reason: step ? '' : (event.reason ?? ''),
        moveInDate: deal.moveInDate,
        asked: deal.postponeTo ?? '',
        stampingCostSen: deal.stampingCostSen ?? 0,
        fee,
        bookingFeeSen: deal.bookingFeeSen,
        refundSen: refundOf(deal.bookingFeeSen, deal.stampedAt ? deal.stampingCostSen : null).refundSen,
        moveInSen: moveInAmount(deal).totalSen,
      },
      key: `deals:${deal.id}:${event.id}:${person.id}`,
    });
  }
}
