import type { MediaStore } from '@kunci/media/store';
import type { NoticeSender } from '../../lib/notices.ts';
import { stagingKey } from '../../lib/uploads.ts';
import { listingApproved, listingExpiring, listingRejected } from './listing-notices.ts';
import type { ListingManagementRepository } from './listing-management.repository.ts';
import type { ListingLifecycleService } from './listing-lifecycle.service.ts';

/** Signed upload URLs live 30 minutes; a file not registered a day later is abandoned. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60_000;

/** What the listing jobs do to the data: expire listings, claim owners to warn or tell, forget what is spent. */
export function createListingJobs({ repository, store }: { repository: ListingManagementRepository; store: MediaStore }) {
  return {
    expireListings: () => repository.expire(),
    claimListingsToWarn: (days: number) => repository.claimExpiring(days),
    /** Review decisions to tell owners of, each claimed once. */
    claimReviewNotices: () => repository.claimReviewNotices(),
    /** Idempotency keys are answered for a day; older ones are forgotten. */
    removeExpiredIdempotencyKeys: () => repository.removeExpiredIdempotencyKeys(),

    /** Removes uploads never registered (and what was published for them) once their URL is `graceMs` past expiry. */
    async cleanupUploads(graceMs: number): Promise<number> {
      const stale = await repository.uploads.stale(new Date(Date.now() - graceMs), 200);
      for (const upload of stale) {
        await store.removePrefix(stagingKey(upload.id)).catch(() => undefined);
        if (upload.propertyId) await store.removePrefix(`listings/${upload.propertyId}/${upload.id}`).catch(() => undefined);
        // A chat photo or video published for a message that was never stored.
        if (upload.conversationId) await store.removePrefix(`chat/${upload.conversationId}/${upload.id}`).catch(() => undefined);
        await repository.uploads.removeUnregistered(upload.id);
      }
      return stale.length;
    },
  };
}
export type ListingJobs = ReturnType<typeof createListingJobs>;

/** What the job runs need of the feature's services (the composed service passes itself). */
type JobServices = { jobs: ListingJobs; lifecycle: Pick<ListingLifecycleService, 'extendLink'> };

/**
 * The listing jobs, safe to run on every instance at once: expiry is one idempotent UPDATE, warnings are
 * claimed row by row (SKIP LOCKED) and sent through the notification centre under a key of the listing and its
 * date, abandoned uploads are deleted only while unregistered, idempotency keys past their day are forgotten.
 */
export async function runListingJobs(
  { jobs, lifecycle }: JobServices,
  notices: NoticeSender,
  options: { expiryNoticeDays: number },
): Promise<{ expired: number; warned: number; cleaned: number }> {
  const expired = await jobs.expireListings();
  const toWarn = await jobs.claimListingsToWarn(options.expiryNoticeDays);
  for (const listing of toWarn) {
    await notices.send({
      type: listingExpiring,
      recipientId: listing.owner.id,
      link: { route: 'myListings' },
      params: { name: listing.name, expiresAt: listing.expiresAt.toISOString(), url: lifecycle.extendLink(listing.id, listing.expiresAt) },
      key: `listings:expiring:${listing.id}:${listing.expiresAt.getTime()}`,
    });
  }
  const cleaned = await jobs.cleanupUploads(UPLOAD_GRACE_MS);
  await jobs.removeExpiredIdempotencyKeys();
  return { expired, warned: toWarn.length, cleaned };
}

/**
 * Tells owners a moderator's decision through the notification centre (in-app, email, push; in their language when
 * delivered): approved with the listing's link, or rejected with the reason and the link to fix it. Each decision
 * is claimed once; run by the notices timer, so within a minute.
 */
export async function runReviewNotices({ jobs }: Pick<JobServices, 'jobs'>, notices: NoticeSender): Promise<{ told: number }> {
  const decided = await jobs.claimReviewNotices();
  for (const listing of decided) {
    if (listing.reviewStatus === 'APPROVED') {
      await notices.send({
        type: listingApproved,
        recipientId: listing.owner.id,
        link: { route: 'details', params: { id: listing.id } },
        params: { name: listing.name },
      });
    } else {
      await notices.send({
        type: listingRejected,
        recipientId: listing.owner.id,
        link: { route: 'postEdit', params: { ref: listing.id } },
        params: { name: listing.name, reason: listing.rejectionReason ?? '' },
      });
    }
  }
  return { told: decided.length };
}
