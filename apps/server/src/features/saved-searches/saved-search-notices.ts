import { formatMoney } from '@kunci/i18n/format';
import { defineNotice } from '../../lib/notices.ts';

/**
 * What a match notice keeps: the price as a number and the area's name in each language (`area_en`, `area_ms`,
 * `area_zh`), so the bell shows it in the language it is read in, not the one its reader had when it was sent.
 * Notices stored before kept one `area` and a formatted `price`.
 */
export type SavedSearchMatchParams = { search: string; listing: string; price: number | string; area_en: string; area_ms: string; area_zh: string };

/** A new listing matches an instant saved search: one notice per listing, with its card. */
export const savedSearchMatch = defineNotice<SavedSearchMatchParams>({
  type: 'saved-searches.match',
  label: 'notifications.saved.notice.matchLabel',
  title: 'notifications.saved.notice.matchTitle',
  body: 'notifications.saved.notice.matchBody',
  channels: { email: true, push: true },
  values: (lang, params) => {
    const stored = params as Partial<SavedSearchMatchParams> & { area?: string };
    return {
      search: params.search,
      listing: params.listing,
      price: typeof params.price === 'number' ? formatMoney(lang, params.price) : params.price,
      area: stored[`area_${lang}`] ?? stored.area ?? '',
    };
  },
});

/** The daily or weekly digest of a saved search: the new listings as cards, and a link back to its results. */
export const savedSearchDigest = defineNotice<{ search: string; count: number }>({
  type: 'saved-searches.digest',
  label: 'notifications.saved.notice.digestLabel',
  title: 'notifications.saved.notice.digestTitle',
  body: 'notifications.saved.notice.digestBody',
  channels: { email: true, push: false },
});
