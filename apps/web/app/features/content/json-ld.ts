import type { ContentPage } from '@kunci/contracts/content';
import { HTML_LANG, type Language } from '@kunci/i18n/locales';
import type { JsonLd } from '../../lib/structured-data.ts';
import { faqPairs, type Block } from './markdown.ts';

const absolute = (publicUrl: string, src: string) => (src.startsWith('http') ? src : `${publicUrl}${src}`);

/**
 * schema.org data of a content page: an FAQ is an FAQPage whose questions are its headings; an event is an Event
 * (online or at a place); anything else (guides, posts, information pages) is an Article.
 */
export function contentJsonLd(input: {
  page: ContentPage;
  blocks: Block[];
  lang: Language;
  url: string;
  publicUrl: string;
  siteName: string;
}): JsonLd {
  const { page, lang, url, publicUrl } = input;
  const publisher = { '@type': 'Organization', name: input.siteName, url: `${publicUrl}/`, logo: `${publicUrl}/favicon.svg` };
  const image = page.cover ? absolute(publicUrl, page.cover.replace('{w}', '1280')) : undefined;
  if (page.kind === 'FAQ') {
    return {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      name: page.title,
      description: page.description,
      url,
      inLanguage: HTML_LANG[lang],
      mainEntity: faqPairs(input.blocks).map(({ question, answer }) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      })),
    };
  }
  if (page.kind === 'EVENT' && page.startsAt) {
    const online = page.venue?.toLowerCase() === 'online';
    return {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: page.title,
      description: page.description,
      url,
      inLanguage: HTML_LANG[lang],
      startDate: page.startsAt,
      ...(page.endsAt ? { endDate: page.endsAt } : {}),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: online ? 'https://schema.org/OnlineEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
      location: online
        ? { '@type': 'VirtualLocation', url }
        : { '@type': 'Place', name: page.venue ?? '', address: { '@type': 'PostalAddress', addressCountry: 'MY', streetAddress: page.venue ?? '' } },
      organizer: publisher,
      isAccessibleForFree: true,
      ...(image ? { image } : {}),
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: page.title,
    description: page.description,
    url,
    mainEntityOfPage: url,
    inLanguage: HTML_LANG[lang],
    ...(page.publishedAt ? { datePublished: page.publishedAt } : {}),
    dateModified: page.updatedAt,
    author: publisher,
    publisher,
    ...(image ? { image } : {}),
  };
}
