import type { FastifyBaseLogger } from 'fastify';
import { formatDate } from '@kunci/i18n/format';
import { fromStoredLanguage } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import type { MediaStore } from '@kunci/media/store';
import { stagingKey } from '../../lib/uploads.ts';
import type { Messenger } from '../../plugins/messaging.ts';
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
 * claimed row by row (SKIP LOCKED) before they are sent, abandoned uploads are deleted only while unregistered,
 * idempotency keys past their day are forgotten.
 */
export async function runListingJobs(
  { jobs, lifecycle }: JobServices,
  messenger: Messenger,
  options: { expiryNoticeDays: number; log: FastifyBaseLogger },
): Promise<{ expired: number; warned: number; cleaned: number }> {
  const expired = await jobs.expireListings();
  const toWarn = await jobs.claimListingsToWarn(options.expiryNoticeDays);
  for (const listing of toWarn) {
    const lang = fromStoredLanguage(listing.owner.language);
    const t = translatorFor(lang);
    const body = t('listing.expiry.body', {
      name: listing.name,
      date: formatDate(lang, listing.expiresAt.toISOString()),
      url: lifecycle.extendLink(listing.id, listing.expiresAt),
    });
    try {
      await messenger.sms(listing.owner.phone, body);
      if (listing.owner.email) await messenger.email(listing.owner.email, t('listing.expiry.subject'), body);
    } catch (error) {
      options.log.warn({ err: error, propertyId: listing.id }, 'expiry notice not delivered');
    }
  }
  const cleaned = await jobs.cleanupUploads(UPLOAD_GRACE_MS);
  await jobs.removeExpiredIdempotencyKeys();
  return { expired, warned: toWarn.length, cleaned };
}

/**
 * Tells owners a moderator's decision, by email (by SMS to an owner without one), in their language: approved with
 * the listing's link, or rejected with the reason and the link to fix it. Each decision is claimed once; run by
 * the notices timer, so within a minute.
 */
export async function runReviewNotices(
  { jobs }: Pick<JobServices, 'jobs'>,
  messenger: Messenger,
  options: { publicUrl: string; log: FastifyBaseLogger },
): Promise<{ told: number }> {
  const decided = await jobs.claimReviewNotices();
  for (const listing of decided) {
    const lang = fromStoredLanguage(listing.owner.language);
    const t = translatorFor(lang);
    const approved = listing.reviewStatus === 'APPROVED';
    const url = new URL(approved ? href(lang, 'details', { id: listing.id }) : href(lang, 'postEdit', { ref: listing.id }), options.publicUrl);
    const subject = approved ? t('listing.approved.subject') : t('listing.rejected.subject');
    const body = approved
      ? t('listing.approved.body', { name: listing.name, url: url.toString() })
      : t('listing.rejected.body', { name: listing.name, reason: listing.rejectionReason ?? '', url: url.toString() });
    try {
      if (listing.owner.email) await messenger.email(listing.owner.email, subject, body);
      else await messenger.sms(listing.owner.phone, body);
    } catch (error) {
      options.log.warn({ err: error, propertyId: listing.id }, 'review notice not delivered');
    }
  }
  return { told: decided.length };
}
