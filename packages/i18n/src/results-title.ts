import type { Translate } from './translate.ts';

/**
 * The title of a results page: "Condo for rent in Bangsar", "Homes for rent in Bangsar", "Homes for sale in Malaysia".
 * It is also the name a search saved from that page is given unless the person types another, so the saved-searches
 * API can recognise such a name and say it in the reader's language: both must build it here.
 */
export function resultsTitle(t: Translate, page: { purpose: 'rent' | 'sale'; area?: string | undefined; type?: string | undefined }): string {
  if (page.purpose === 'sale') return t('buy.title');
  const area = page.area ?? '';
  return page.type ? t('rent.title', { type: page.type, area }) : t('rent.titleAll', { area });
}
