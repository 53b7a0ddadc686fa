import { defineNotice } from '../../lib/notices.ts';

/** A new listing matches an instant saved search: one notice per listing, with its card. */
export const savedSearchMatch = defineNotice<{ search: string; listing: string; price: string; area: string }>({
  type: 'saved-searches.match',
  label: 'notifications.saved.notice.matchLabel',
  title: 'notifications.saved.notice.matchTitle',
  body: 'notifications.saved.notice.matchBody',
  channels: { email: true, push: true },
});

/** The daily or weekly digest of a saved search: the new listings as cards, and a link back to its results. */
export const savedSearchDigest = defineNotice<{ search: string; count: number }>({
  type: 'saved-searches.digest',
  label: 'notifications.saved.notice.digestLabel',
  title: 'notifications.saved.notice.digestTitle',
  body: 'notifications.saved.notice.digestBody',
  channels: { email: true, push: false },
});
