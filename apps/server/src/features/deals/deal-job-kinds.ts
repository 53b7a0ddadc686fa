import type { DealCommand, DealReason, DealState, FeeOutcome } from '@kunci/contracts/deals';
import { PAYMENT_JOBS, type PaymentFailedJob, type PaymentSettledJob } from '@kunci/contracts/payments';
import { defineJob } from '../../lib/jobs/jobs.service.ts';

// The kinds of job deals enqueue and handle: the service enqueues them, deal-jobs.ts handles them, so both
// import this file and neither imports the other for it.

/** A deadline of a deal: runs `command` if the deal still waits in `state` (business rules' clock). */
export const dealDeadline = defineJob<{
  dealId: string;
  command: DealCommand;
  state: DealState;
  reason: DealReason | null;
  /** When it was armed for: a deadline moved since (a postponed start) leaves this job with nothing to do. */
  at?: string;
}>('deals.deadline');
/** Gives a booking fee back through payments (the ledger's REFUND is written when the gateway confirms). */
export const dealRefund = defineJob<{ dealId: string; paymentId: string; amountSen: number; reason: string }>('deals.refund', { maxAttempts: 10 });
/** Tells the deal's people of a transition (or the tenant of a failed payment) through the notification centre. */
export const dealNotice = defineJob<{
  dealId: string;
  eventId?: number;
  fee?: FeeOutcome;
  paymentFailed?: 'BOOKING' | 'MOVE_IN';
  paymentId?: string;
}>('deals.notice');

/**
 * A payment settled (enqueued by payments in the transaction that posted its CHARGE). Deals handle those of their
 * purposes; no other feature takes this kind yet (when one does, app.ts dispatches by purpose).
 */
export const paymentSettled = defineJob<PaymentSettledJob>(PAYMENT_JOBS.settled, { maxAttempts: 10 });

/** A payment failed or lapsed (enqueued by payments): deals record it for the deal page and tell the tenant. */
export const paymentFailed = defineJob<PaymentFailedJob>(PAYMENT_JOBS.failed, { maxAttempts: 10 });
