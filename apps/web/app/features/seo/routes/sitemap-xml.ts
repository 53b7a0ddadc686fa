import { data } from 'react-router';
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGES, type Language } from '@kunci/i18n/locales';
import { href, parsePath, switchLanguage, type RouteId } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { getServerContext } from '../../../lib/server-context.ts';
import { contentAlternates } from '../../content/index.ts';
import type { Route } from './+types/sitemap-xml';

const STATIC_PAGES: RouteId[] = ['home', 'property', 'buy', 'sitemap', 'learn', 'learnBlog', 'learnEvents', 'more', 'quicklinks', 'homeOwnership'];

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The sitemap of one language (`/sitemap.xml`, `/my/sitemap.xml`, `/zh/sitemap.xml`): an index of its parts;
 * `?part=pages` lists the information pages, the areas x types that have homes (empty results pages are
 * noindex) and the reels feeds that have videos, `?part=listings-N` the live listings, each URL with its alternates in every language and x-default.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const { publicUrl } = getServerContext(context);
  const api = serverApi(context, lang);
  const part = url.searchParams.get('part');
  const self = `${publicUrl}${href(lang, 'sitemapXml')}`;
  // `alternates`: the page's own path in each language when its slug differs by language (managed content).
  const entry = (path: string, lastmod?: string, alternates?: Record<Language, string>) =>
    `<url><loc>${xml(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}${LANGUAGES.map(
      (other) =>
        `<xhtml:link rel="alternate" hreflang="${HTML_LANG[other]}" href="${xml(publicUrl + (alternates?.[other] ?? switchLanguage(path, other)))}"/>`,
    ).join(
      '',
    )}<xhtml:link rel="alternate" hreflang="x-default" href="${xml(publicUrl + (alternates?.[DEFAULT_LANGUAGE] ?? switchLanguage(path, DEFAULT_LANGUAGE)))}"/></url>`;
  const urlset = (entries: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  const respond = (body: string) =>
    new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });

  if (part === 'pages') {
    const [areas, types, { rentals }, content, projects, reels] = await Promise.all([
      api.areas(),
      api.propertyTypes(),
      api.sitemapPages(),
      api.content({ language: lang }),
      api.homeProjects(),
      api.reelAreas(),
    ]);
    const rentTypes = types.filter((t) => !t.listingType.endsWith('_SALE'));
    const withHomes = new Set(rentals.filter((r) => r.listings > 0).map((r) => `${r.areaSlug}/${r.category}`));
    const areasWithHomes = new Set(rentals.filter((r) => r.listings > 0).map((r) => r.areaSlug));
    const paths = [
      ...STATIC_PAGES.map((id) => href(lang, id)),
      ...areas
        .filter((area) => areasWithHomes.has(area.slug))
        .flatMap((area) => [
          href(lang, 'rent', { loc: area.slug }),
          ...rentTypes
            .filter((type) => withHomes.has(`${area.slug}/${type.slug}`))
            .map((type) => href(lang, 'rent', { loc: area.slug, propertyType: type.slug })),
        ]),
    ];
    paths.push(
      ...areas.filter((area) => areasWithHomes.has(area.slug)).map((area) => href(lang, 'quicklinksArea', { loc: area.slug })),
      ...projects.content.map((project) => href(lang, 'homeProject', { id: project.id })),
      // Reels: the whole feed and each area's, only where there are videos (an empty feed is noindex).
      ...(reels.areas.length ? [href(lang, 'reels')] : []),
      ...reels.areas.map((area) => href(lang, 'reels', { loc: area.areaSlug })),
    );
    // Guides, posts, events, FAQs and information pages, each with its own slug in every language.
    const articles = content.content.flatMap((page) => {
      const alternates = contentAlternates(page);
      return alternates ? [{ path: alternates[lang], lastmod: page.updatedAt, alternates }] : [];
    });
    const listed = new Set(paths);
    return respond(
      urlset([
        ...[...listed].map((path) => entry(path)),
        ...articles.filter((a) => !listed.has(a.path)).map((a) => entry(a.path, a.lastmod, a.alternates)),
      ]),
    );
  }
  const listingsPart = /^listings-(\d{1,4})$/.exec(part ?? '');
  if (listingsPart) {
    const { listings } = await api.sitemapListings(Number(listingsPart[1]));
    if (!listings.length && listingsPart[1] !== '0') throw data(null, { status: 404 });
    return respond(urlset(listings.map((l) => entry(href(lang, 'details', { id: l.id }), l.dateUpdated))));
  }
  if (part !== null) throw data(null, { status: 404 });
  const { parts } = await api.sitemapListings(0);
  const children = [`${self}?part=pages`, ...Array.from({ length: parts }, (_, i) => `${self}?part=listings-${i}`)];
  return respond(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children
      .map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`,
  );
}
