import type { FastifyBaseLogger } from 'fastify';
import { formatDate } from '@kunci/i18n/format';
import { fromStoredLanguage } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import type { Messenger } from '../../plugins/messaging.ts';
import type { ListingManagementService } from './listing-management.service.ts';

/** Signed upload URLs live 30 minutes; a file not registered a day later is abandoned. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60_000;

/**
 * The listing jobs, safe to run on every instance at once: expiry is one idempotent UPDATE, warnings are
 * claimed row by row (SKIP LOCKED) before they are sent, abandoned uploads are deleted only while unregistered,
 * idempotency keys past their day are forgotten.
 */
export async function runListingJobs(
  service: ListingManagementService,
  messenger: Messenger,
  options: { expiryNoticeDays: number; log: FastifyBaseLogger },
): Promise<{ expired: number; warned: number; cleaned: number }> {
  const expired = await service.expireListings();
  const toWarn = await service.claimListingsToWarn(options.expiryNoticeDays);
  for (const listing of toWarn) {
    const lang = fromStoredLanguage(listing.owner.language);
    const t = translatorFor(lang);
    const body = t('listing.expiry.body', {
      name: listing.name,
      date: formatDate(lang, listing.expiresAt.toISOString()),
      url: service.extendLink(listing.id, listing.expiresAt),
    });
    try {
      await messenger.sms(listing.owner.phone, body);
      if (listing.owner.email) await messenger.email(listing.owner.email, t('listing.expiry.subject'), body);
    } catch (error) {
      options.log.warn({ err: error, propertyId: listing.id }, 'expiry notice not delivered');
    }
  }
  const cleaned = await service.cleanupUploads(UPLOAD_GRACE_MS);
  await service.removeExpiredIdempotencyKeys();
  return { expired, warned: toWarn.length, cleaned };
}
