import { Link } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import type { Route } from './+types/sitemap';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const api = serverApi(context, parsePath(pathname).lang);
  const [areas, types, { rentals }] = await Promise.all([api.areas(), api.propertyTypes(), api.sitemapPages()]);
  // Only the pages that have homes, as in the XML sitemaps.
  const withHomes = new Set(rentals.filter((r) => r.listings > 0).map((r) => `${r.areaSlug}/${r.category}`));
  const rentTypes = types.filter((t) => !t.listingType.endsWith('_SALE'));
  return {
    areas: areas
      .map((area) => ({ ...area, types: rentTypes.filter((type) => withHomes.has(`${area.slug}/${type.slug}`)) }))
      .filter((area) => area.types.length > 0),
    path: pathname,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('footer.sitemap')} | ${t('app.name')}`,
    description: t('sitemap.description'),
    canonicalPath: loaderData?.path ?? '/sitemap',
    publicUrl,
  });
};

/** Every area and type of home, for people and crawlers. */
export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const { t, href, lang } = useI18n();
  const { areas } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('footer.sitemap')}</h1>
      <section aria-labelledby="sitemap-info" className="mt-6">
        <h2 id="sitemap-info" className="text-lg font-semibold">
          {t('footer.information')}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-brand-700">
          <li>
            <Link to={href('home')} className="hover:underline">
              {t('nav.home')}
            </Link>
          </li>
          <li>
            <Link to={href('property')} className="hover:underline">
              {t('nav.property')}
            </Link>
          </li>
          <li>
            <Link to={href('buy')} className="hover:underline">
              {t('nav.buy')}
            </Link>
          </li>
          <li>
            <Link to={href('about')} className="hover:underline">
              {t('footer.about')}
            </Link>
          </li>
          <li>
            <Link to={href('contact')} className="hover:underline">
              {t('footer.contact')}
            </Link>
          </li>
          <li>
            <Link to={href('tenantInfo')} className="hover:underline">
              {t('footer.tenantGuide')}
            </Link>
          </li>
          <li>
            <Link to={href('landlordInfo')} className="hover:underline">
              {t('footer.landlordGuide')}
            </Link>
          </li>
          <li>
            <Link to={href('reels')} className="hover:underline">
              {t('reels.entry')}
            </Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="sitemap-areas" className="mt-8">
        <h2 id="sitemap-areas" className="text-lg font-semibold">
          {t('footer.areas')}
        </h2>
        <div className="mt-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {areas.map((area) => (
            <div key={area.slug}>
              <h3 className="font-medium">
                <Link to={href('rent', { loc: area.slug })} className="text-brand-700 hover:underline">
                  {t('rent.titleAll', { area: area.name[lang] })}
                </Link>
              </h3>
              <ul className="mt-1 space-y-1 text-sm">
                {area.types.map((type) => (
                  <li key={type.slug}>
                    <Link to={href('rent', { loc: area.slug, propertyType: type.slug })} className="text-gray-700 hover:underline">
                      {t('rent.title', { type: type.name[lang], area: area.name[lang] })}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
