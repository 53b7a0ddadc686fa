import { Link, data } from 'react-router';
import type { ContentSummary } from '@kunci/contracts/content';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { ContentView } from '../components/content-view.tsx';
import { contentPath, isGuide } from '../content-links.ts';
import { contentMeta } from '../content-meta.ts';
import { loadContent } from '../content.server.ts';
import type { Route } from './+types/article';

/** Which entry a /learn/... address names: a post, event or FAQ by slug, the role FAQs and the six guides by name. */
function entryOf(rest: string) {
  const [, , first, second] = rest.split('/');
  if (first === 'blog' && second) return { kind: 'POST' as const, slug: second };
  if (first === 'event' && second) return { kind: 'EVENT' as const, slug: second };
  if (first === 'faq' && second) return { kind: 'FAQ' as const, slug: second };
  if (!second && (first === 'tenant-faq' || first === 'landlord-faq' || isGuide(first))) return { key: first! };
  return null;
}

/** The same for every signed-out visitor: kept in the shared page cache until content changes. */
export const headers = sharedPageHeaders('content');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const { lang, rest } = parsePath(pathname.replace(/\.data$/, ''));
  const by = entryOf(decodeURIComponent(rest));
  if (!by) throw data(null, { status: 404 });
  const loaded = await loadContent(request, context, by);
  // Guides point to the other guides for the same reader.
  let next: ContentSummary[] = [];
  if (loaded.page.kind === 'GUIDE' && loaded.page.audience) {
    const { content } = await serverApi(context, lang).content({ kind: 'GUIDE', audience: loaded.page.audience, language: lang });
    next = content.filter((guide) => guide.id !== loaded.page.id);
  }
  return { ...loaded, next };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  contentMeta(matches, loaderData, { image: loaderData?.page.cover?.replace('{w}', '1280'), alternatePaths: loaderData?.alternates ?? undefined });

export default function Article({ loaderData }: Route.ComponentProps) {
  const { t, href, lang } = useI18n();
  const { areas } = useRootData();
  const { page, preview, next } = loaderData;
  const area = page.areaSlug ? areas.find((a) => a.slug === page.areaSlug) : undefined;
  return (
    <ContentView page={page} preview={preview} section="learn">
      {area ? (
        <Link
          to={href('rent', { loc: area.slug })}
          className="mt-8 inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {t('content.homesIn', { area: area.name[lang] })}
        </Link>
      ) : null}
      {next.length ? (
        <section aria-labelledby="read-next" className="mt-10 border-t border-gray-200 pt-6">
          <h2 id="read-next" className="text-lg font-semibold">
            {t('content.readNext')}
          </h2>
          <ul className="mt-3 space-y-3">
            {next.map((guide) => (
              <li key={guide.id}>
                <Link to={contentPath(lang, guide) ?? href('learn')} className="font-medium text-brand-700 hover:underline">
                  {guide.title}
                </Link>
                <p className="text-sm text-gray-600">{guide.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ContentView>
  );
}
