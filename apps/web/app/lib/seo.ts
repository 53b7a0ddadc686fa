import type { MetaDescriptor } from 'react-router';
import { HTML_LANG, LANGUAGES, type Language } from '@kunci/i18n/locales';
import type { MessageKey } from '@kunci/i18n/messages';
import { alternates } from '@kunci/i18n/paths';
import type { MessageValues } from '@kunci/i18n/translate';
import { metaI18n } from './i18n.tsx';

export interface SeoInput {
  title: string;
  description: string;
  /** The page's canonical path (already in its language), with any query worth keeping. */
  canonicalPath: string;
  publicUrl: string;
  image?: string | undefined;
  noindex?: boolean;
  /** The page's path in each language when it is not the canonical path's (managed content: its slug differs by language). */
  alternatePaths?: Record<Language, string> | undefined;
}

/** Title, description, canonical URL, hreflang alternates (with x-default) and Open Graph tags. */
export function seo({ title, description, canonicalPath, publicUrl, image, noindex, alternatePaths }: SeoInput): MetaDescriptor[] {
  const url = `${publicUrl}${canonicalPath}`;
  const links = alternatePaths ?? alternates(canonicalPath);
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...LANGUAGES.map((lang) => ({ tagName: 'link', rel: 'alternate', hrefLang: HTML_LANG[lang], href: `${publicUrl}${links[lang]}` })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${publicUrl}${links.en}` },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: 'website' },
    ...(image ? [{ property: 'og:image', content: image.startsWith('http') ? image : `${publicUrl}${image}` }] : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

/** The meta of a page that says only what it is: its title (with the site's name) and its description, in the reader's language. */
export function describedMeta(titleKey: MessageKey, descriptionKey: MessageKey, values?: MessageValues) {
  return ({ matches }: { matches: Parameters<typeof metaI18n>[0] }): MetaDescriptor[] => {
    const { t } = metaI18n(matches);
    return [{ title: `${t(titleKey)} | ${t('app.name')}` }, { name: 'description', content: t(descriptionKey, values) }];
  };
}

/** The meta of a page search engines leave out (signed-in, staff and one-off pages): its title in the reader's language. */
export function noindexMeta(titleKey: MessageKey) {
  return ({ matches }: { matches: Parameters<typeof metaI18n>[0] }): MetaDescriptor[] => {
    const { t } = metaI18n(matches);
    return [{ title: `${t(titleKey)} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
  };
}
