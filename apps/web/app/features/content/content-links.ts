import type { ContentSummary } from '@kunci/contracts/content';
import { GUIDES, type Guide } from '@kunci/contracts/content';
import { LANGUAGES, type Language } from '@kunci/i18n/locales';
import { href, type RouteId } from '@kunci/i18n/paths';

/** The information pages the site has a fixed address for, by their entry key. */
export const PAGE_ROUTES = {
  about: 'about',
  'about-company': 'aboutCompany',
  'about-featured': 'aboutFeatured',
  'about-achievements': 'aboutAchievements',
  contact: 'contact',
  tenant: 'tenantInfo',
  'tenant-no-deposit': 'tenantNoDeposit',
  'tenant-video': 'tenantVideo',
  landlord: 'landlordInfo',
  'landlord-how': 'landlordHow',
  'landlord-video': 'landlordVideo',
  'service-rental-collection': 'rentalCollectionService',
} as const satisfies Record<string, RouteId>;
export type PageKey = keyof typeof PAGE_ROUTES;

export const isGuide = (name: string | undefined | null): name is Guide => (GUIDES as readonly string[]).includes(name ?? '');

type Linkable = Pick<ContentSummary, 'kind' | 'key' | 'slugs'>;

/** Where an entry lives in one language, or null for an entry the site has no address for. */
export function contentPath(lang: Language, entry: Linkable): string | null {
  const slug = entry.slugs[lang];
  switch (entry.kind) {
    case 'GUIDE':
      return isGuide(entry.key) ? href(lang, 'guide', { guide: entry.key }) : null;
    case 'POST':
      return href(lang, 'learnPost', { slug });
    case 'EVENT':
      return href(lang, 'learnEvent', { slug });
    case 'FAQ':
      if (entry.key === 'tenant-faq') return href(lang, 'tenantFaq');
      if (entry.key === 'landlord-faq') return href(lang, 'landlordFaq');
      return href(lang, 'areaFaq', { slug });
    case 'PAGE':
      return entry.key && entry.key in PAGE_ROUTES ? href(lang, PAGE_ROUTES[entry.key as PageKey]) : null;
  }
}

/** The entry's address in every language (its slug differs by language), for hreflang and the sitemap. */
export function contentAlternates(entry: Linkable): Record<Language, string> | null {
  const paths = LANGUAGES.map((lang) => [lang, contentPath(lang, entry)] as const);
  return paths.every(([, path]) => path) ? (Object.fromEntries(paths) as Record<Language, string>) : null;
}
