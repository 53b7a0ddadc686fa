import { formatDate } from '@kunci/i18n/format';
import { defineNotice } from '../../lib/notices.ts';

/**
 * What owners hear of their listings, through the notification centre (docs/decisions/0012-notification-centre.md).
 * A review decision by email and push; a listing about to go offline is a deadline, so by SMS too.
 */
export const listingApproved = defineNotice<{ name: string }>({
  type: 'listings.approved',
  label: 'notifications.listingApproved.label',
  title: 'listing.approved.subject',
  body: 'notifications.listingApproved.body',
  channels: { email: true, push: true },
});

export const listingRejected = defineNotice<{ name: string; reason: string }>({
  type: 'listings.rejected',
  label: 'notifications.listingRejected.label',
  title: 'listing.rejected.subject',
  body: 'notifications.listingRejected.body',
  channels: { email: true, push: true },
});

/** `url` is the one-tap extension link (signed for this listing and date: no route of the site). */
export const listingExpiring = defineNotice<{ name: string; expiresAt: string; url: string }>({
  type: 'listings.expiring',
  label: 'notifications.listingExpiring.label',
  title: 'listing.expiry.subject',
  body: 'listing.expiry.body',
  channels: { sms: true, email: true, push: true },
  values: (lang, p) => ({ name: p.name, url: p.url, date: formatDate(lang, p.expiresAt) }),
});
