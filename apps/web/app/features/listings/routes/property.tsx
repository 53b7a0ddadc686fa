import { Link } from 'react-router';
import { href, parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import { SearchBar } from '../../../components/layout/search-bar.tsx';
import { PopularAreaChips } from '../components/popular-areas.tsx';
import type { Route } from './+types/property';

/** The spec's property entry (`/property`, the phone bottom bar's "Property"): find a home, or post one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const popular = await serverApi(context, lang).popularAreas();
  return { popular, canonicalPath: href(lang, 'property') };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('property.heading')} | ${t('app.name')}`,
    description: t('property.description'),
    canonicalPath: loaderData?.canonicalPath ?? '/property',
    publicUrl,
  });
};

export default function PropertyEntry({ loaderData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const card = 'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm md:p-6';
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-3xl px-4 py-8 md:py-12">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('property.heading')}</h1>
        <p className="mt-2 text-gray-700">{t('property.description')}</p>

        <section aria-labelledby="property-find" className={`mt-6 ${card}`}>
          <h2 id="property-find" className="text-lg font-semibold">
            {t('property.find.title')}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{t('property.find.body')}</p>
          <SearchBar large landmarkLabel={t('property.find.title')} className="mt-4" />
          <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-gray-600">{t('home.popularAreas')}</h3>
          {/* One row that scrolls sideways on phones, so posting stays near the top too. */}
          <PopularAreaChips popular={loaderData.popular} bleed="-mx-5 px-5" />
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
            <Link to={link('rent')} className="inline-block rounded-full bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
              {t('home.seeAll')}
            </Link>
            <Link to={link('buy')} className="font-medium text-brand-700 hover:underline">
              {t('property.buy')}
            </Link>
          </div>
        </section>

        <section aria-labelledby="property-post" className={`mt-6 ${card}`}>
          <h2 id="property-post" className="text-lg font-semibold">
            {t('property.post.title')}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{t('property.post.body')}</p>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
            <Link to={link('post')} className="inline-block rounded-full bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
              {t('listings.new')}
            </Link>
            <Link to={link('landlordInfo')} className="font-medium text-brand-700 hover:underline">
              {t('info.landlord.title')}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
