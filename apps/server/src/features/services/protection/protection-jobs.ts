import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_JOBS, type PaymentSettledJob } from '@kunci/contracts/payments';
import { defineJob, type JobQueue } from '../../../lib/jobs/jobs.service.ts';
import { invoiceOfReference } from '../collection/collection.service.ts';
import { createProtectionRepository } from './protection.repository.ts';
import { instalmentOfReference, type ProtectionService } from './protection.service.ts';

const settledJob = defineJob<PaymentSettledJob>(PAYMENT_JOBS.settled, { maxAttempts: 10 });

/** On-time rental's run over the unpaid invoices due by today (also the recurring job's work). */
export const protectionOtr = defineJob<Record<string, never>>('services.protection.otr', { maxAttempts: 5 });
/** Overstay Cash Defender's run: each approved claim's months due by today paid (also the recurring job's work). */
export const protectionOcd = defineJob<Record<string, never>>('services.protection.ocd', { maxAttempts: 5 });

/**
 * Protection's jobs: an instalment paid (the policy comes into force), late rent repaying on-time rental, and
 * on-time rental itself. `jobs` shares the payment outcome kinds with deals and collection (app.ts).
 */
export function registerProtectionJobs(jobs: JobQueue, service: ProtectionService, log: FastifyBaseLogger) {
  jobs.handle(settledJob, async ({ purpose, referenceId, paymentId, amountSen }, context) => {
    if (purpose !== 'RENTAL_ORDER') return;
    const instalmentId = instalmentOfReference(referenceId);
    if (instalmentId) {
      await context.transaction((tx) => service.settle(createProtectionRepository(tx), instalmentId, paymentId));
      return;
    }
    const invoiceId = invoiceOfReference(referenceId);
    if (invoiceId) await context.transaction((tx) => service.repayFund(createProtectionRepository(tx), invoiceId, paymentId, amountSen));
  });

  jobs.handle(protectionOtr, async () => {
    const done = await service.runOtr();
    const reminded = await service.remindInstalments();
    if (done.decided || reminded) log.info({ ...done, reminded }, 'on-time rental and instalment reminders');
  });

  jobs.handle(protectionOcd, async () => {
    const done = await service.runOcd();
    if (done.paid) log.info(done, 'overstay cash defender months paid');
  });
}

/**
 * The recurring runs of on-time rental and OCD (once per interval across all instances; each invoice decided once,
 * each OCD month paid once).
 */
export function scheduleProtection(jobs: JobQueue, seconds: number) {
  // Named apart from the job it enqueues (one name, one handler): the same name stopped every instance with jobs on.
  jobs.every('services.protection.otr-cycle', seconds, async () => {
    await jobs.enqueue(protectionOtr, {}, { key: 'protection:otr' });
    await jobs.enqueue(protectionOcd, {}, { key: 'protection:ocd' });
  });
}
