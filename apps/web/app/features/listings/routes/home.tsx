import { Link } from 'react-router';
import { serverApi } from '../../../lib/api.ts';
import { languageOf, metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import { siteJsonLd } from '../../../lib/structured-data.ts';
import { ListingGrid } from '../../../components/listing/listing-grid.tsx';
import { SearchBar } from '../../../components/layout/search-bar.tsx';
import { ViewToggle } from '../components/view-toggle.tsx';
import { PopularAreaChips } from '../components/popular-areas.tsx';
import { useOptionalRootData } from '../../../lib/root-data.ts';
import type { Route } from './+types/home';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { Testimonials } from '../../growth/index.ts';
import { ReelsStrip } from '../../reels/index.ts';

/** The same for every signed-out visitor: kept in the shared page cache until a listing or a testimonial changes. */
export const headers = sharedPageHeaders('listings', 'content');

/** Video tours shown on the home page: one row of posters. */
const HOME_REELS = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [latest, popular, testimonials, reels] = await Promise.all([
    api.search({ pageSize: 12 }),
    api.popularAreas(),
    // Approved testimonials, in the page's language first; the page shows without them if they fail.
    serverApi(context, languageOf(request))
      .testimonials({ limit: 3 })
      .catch(() => ({ content: [] })),
    // The newest video tours, the way into /reels; the page shows without them if they fail.
    api.reels({ limit: HOME_REELS }).catch(() => ({ content: [] })),
  ]);
  return { latest, popular, testimonials: testimonials.content, reels: reels.content };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { t, lang, publicUrl } = metaI18n(matches);
  const description = t('app.description');
  return [
    ...seo({ title: `${t('app.name')} · ${t('app.tagline')}`, description, canonicalPath: location.pathname, publicUrl }),
    { 'script:ld+json': siteJsonLd({ lang, publicUrl, name: t('app.name'), description }) },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const areas = useOptionalRootData()?.areas ?? [];
  const { latest } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-6 md:py-14">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight md:text-4xl">{t('home.heading')}</h1>
          <p className="mt-3 max-w-2xl text-gray-700">{t('app.description')}</p>
          {/* Below 770 px the header has no search: the page carries it. */}
          <SearchBar large className="mt-6 hd:hidden" />
          <h2 className="mt-8 text-sm font-semibold uppercase tracking-wide text-gray-600">{t('home.popularAreas')}</h2>
          {/* One row that scrolls sideways on phones, so the latest homes start higher. */}
          <PopularAreaChips popular={loaderData.popular} bleed="-mx-4 px-4" />
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="latest-heading">
        <div className="mb-5 flex items-center justify-between gap-4">
          <h2 id="latest-heading" className="text-2xl font-semibold">
            {t('home.latest')}
          </h2>
          <ViewToggle />
        </div>
        {latest.content.length ? (
          <ListingGrid listings={latest.content} areas={areas} />
        ) : (
          <p className="py-10 text-center text-gray-600">{t('home.empty')}</p>
        )}
        <div className="mt-8 text-center">
          <Link to={href('rent')} className="inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
            {t('home.seeAll')}
          </Link>
        </div>
      </section>
      <ReelsStrip reels={loaderData.reels} />
      <Testimonials items={loaderData.testimonials} />
    </>
  );
}
