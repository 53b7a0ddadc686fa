import type { MetaDescriptor } from 'react-router';
import type { ContentPage } from '@kunci/contracts/content';
import { metaI18n } from '../../lib/i18n.tsx';
import { seo, type SeoInput } from '../../lib/seo.ts';
import { contentJsonLd } from './json-ld.ts';
import { parseMarkdown } from './markdown.ts';

/**
 * The meta of a page of managed content: its title with the site's name, its description and addresses (and `more`,
 * such as its picture), noindex while previewed, and its schema.org data; a page not found is titled so.
 */
export function contentMeta(
  matches: Parameters<typeof metaI18n>[0],
  loaded: { page: ContentPage; canonicalPath: string; preview: boolean } | undefined,
  more: Pick<SeoInput, 'image' | 'alternatePaths'> = {},
): MetaDescriptor[] {
  const { t, lang, publicUrl } = metaI18n(matches);
  if (!loaded) return [{ title: `${t('content.notFound')} | ${t('app.name')}` }];
  const { page, canonicalPath, preview } = loaded;
  return [
    ...seo({ title: `${page.title} | ${t('app.name')}`, description: page.description, canonicalPath, publicUrl, ...more, noindex: preview }),
    {
      'script:ld+json': contentJsonLd({
        page,
        blocks: parseMarkdown(page.body),
        lang,
        url: `${publicUrl}${canonicalPath}`,
        publicUrl,
        siteName: t('app.name'),
      }),
    },
  ];
}
