import { defineJob } from '../../../lib/jobs/jobs.service.ts';

// The kinds of job rental collection enqueues and handles (the service enqueues, collection-jobs.ts handles).

/** Issues the invoices due (also run by the recurring job); enqueued at enrolment so the first comes at once. */
export const collectionIssue = defineJob<Record<string, never>>('services.collection.issue');
/** Pays a landlord out on the payout day. */
export const collectionPayout = defineJob<{ payoutId: string }>('services.collection.payout', { maxAttempts: 10 });
/** Tries a failed card again with a fresh payment and pay link. */
export const collectionRetry = defineJob<{ invoiceId: string; paymentId: string }>('services.collection.retry');
/** Tells people of one event: the tenant invited, a payment failed, rent paid. */
export const collectionTold = defineJob<
  { kind: 'INVITED'; tenancyId: string } | { kind: 'FAILED'; invoiceId: string; paymentId: string } | { kind: 'PAID'; invoiceId: string }
>('services.collection.tell');
