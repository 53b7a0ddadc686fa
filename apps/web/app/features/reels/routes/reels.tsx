import { Link, data, redirect } from 'react-router';
import { DEFAULT_CITY_SLUG } from '@kunci/contracts/constants';
import { INT4_MAX } from '@kunci/contracts/ids';
import { href as pathTo, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { seo } from '../../../lib/seo.ts';
import { AreaMenu } from '../components/area-menu.tsx';
import { ReelFeed } from '../components/reel-feed.tsx';
import type { Route } from './+types/reels';

/** The same for every signed-out visitor: kept until a listing (or its videos) changes. */
export const headers = sharedPageHeaders('listings');

/**
 * /reels and /reels/{area}: the first page of reels is rendered on the server, the rest come as the visitor watches.
 * `?start={reel id}` begins the feed at that reel (the home page's posters open it so); anything else there is ignored.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, '');
  const { lang } = parsePath(path);
  const startParam = url.searchParams.get('start') ?? '';
  const start = /^[1-9]\d{0,9}$/.test(startParam) && Number(startParam) < INT4_MAX ? Number(startParam) : null;
  const api = serverApi(context, lang);
  const area = params.loc ?? null;
  // Area slugs are lower case, as /rent has them.
  if (area && area !== area.toLowerCase()) throw redirect(pathTo(lang, 'reels', { loc: area.toLowerCase() }), 301);
  try {
    // The feed's cursor names the reel before the page: one past `start` makes it the first.
    const [page, areas] = await Promise.all([api.reels({ ...(area ? { area } : {}), ...(start ? { cursor: start + 1 } : {}) }), api.areas()]);
    const areaName = area ? (areas.find((a) => a.slug === area)?.name[lang] ?? area) : null;
    return { path, area, areaName, page, start };
  } catch (error) {
    // An area nobody knows (or a malformed one) is a wrong link.
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  if (!loaderData) return [{ title: t('app.name') }];
  const { areaName } = loaderData;
  const first = loaderData.page.content[0];
  return seo({
    title: `${areaName ? t('reels.titleIn', { area: areaName }) : t('reels.title')} | ${t('app.name')}`,
    description: areaName ? t('reels.descriptionIn', { area: areaName }) : t('reels.description'),
    canonicalPath: loaderData.path,
    publicUrl,
    image: first?.poster ? first.poster.replace('{w}', '1280') : undefined,
    // A feed with nothing in it is no page for search engines.
    noindex: loaderData.page.content.length === 0,
  });
};

export default function Reels({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { page, area, areaName } = loaderData;
  if (page.content.length === 0) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 text-center md:py-20">
        <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.6">
            <rect x="3" y="5" width="14" height="14" rx="2" />
            <path d="m17 10 4-2.5v9L17 14" />
          </svg>
        </div>
        <h1 className="mt-4 text-2xl font-bold md:text-3xl">{areaName ? t('reels.emptyIn', { area: areaName }) : t('reels.empty')}</h1>
        <p className="mt-3 text-gray-700">{t('reels.emptyBody')}</p>
        <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            to={href('rent', { loc: area ?? DEFAULT_CITY_SLUG })}
            className="rounded-full bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
          >
            {t('reels.browse')}
          </Link>
          {area ? (
            <Link to={href('reels')} className="rounded-full px-5 py-2.5 font-medium text-brand-700 ring-1 ring-brand-700 hover:bg-brand-50">
              {t('reels.everywhere')}
            </Link>
          ) : null}
        </div>
        <div className="mt-8 flex justify-center">
          <AreaMenu current={area} tone="light" />
        </div>
      </div>
    );
  }
  // A new area is a new feed: its position, loaded pages and player state start again.
  return <ReelFeed key={`${area ?? ''}:${loaderData.start ?? ''}`} first={page} area={area} areaName={areaName} />;
}
