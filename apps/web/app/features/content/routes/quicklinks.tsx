import { Link, data } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { seo } from '../../../lib/seo.ts';
import { contentPath } from '../content-links.ts';
import type { Route } from './+types/quicklinks';

/**
 * Quicklink hubs: /quicklinks lists every area with the kinds of home listed there; /quicklinks/{area} links every
 * kind of home in that area (with how many), the area's FAQ when there is one, and the other areas.
 */
/** The same for every signed-out visitor: kept in the shared page cache until listings or content changes. */
export const headers = sharedPageHeaders('listings', 'content');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const { lang } = parsePath(path);
  const api = serverApi(context, lang);
  const [areas, types, { rentals }, faqs] = await Promise.all([
    api.areas(),
    api.propertyTypes(),
    api.sitemapPages(),
    api.content({ kind: 'FAQ', language: lang }),
  ]);
  const rentTypes = types.filter((type) => !type.listingType.endsWith('_SALE'));
  const count = (area: string, type?: string) =>
    rentals.filter((r) => r.areaSlug === area && (!type || r.category === type)).reduce((sum, r) => sum + r.listings, 0);
  const hubs = areas.map((area) => ({
    slug: area.slug,
    name: area.name,
    total: count(area.slug),
    types: rentTypes.map((type) => ({ slug: type.slug, name: type.name, listings: count(area.slug, type.slug) })).filter((type) => type.listings > 0),
  }));
  const loc = 'loc' in params ? params.loc : undefined;
  if (loc === undefined) return { path, area: null, hubs: hubs.filter((hub) => hub.total > 0), faq: null };
  const area = hubs.find((hub) => hub.slug === loc);
  if (!area) throw data(null, { status: 404 });
  const faq = faqs.content.find((f) => f.areaSlug === area.slug) ?? null;
  return { path, area, hubs: hubs.filter((hub) => hub.slug !== area.slug && hub.total > 0), faq };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, lang, publicUrl } = metaI18n(matches);
  if (!loaderData) return [{ title: `${t('content.notFound')} | ${t('app.name')}` }];
  const area = loaderData.area;
  return seo({
    title: `${area ? t('content.quicklinks.areaTitle', { area: area.name[lang] }) : t('content.quicklinks.title')} | ${t('app.name')}`,
    description: area ? t('content.quicklinks.areaLead', { area: area.name[lang] }) : t('content.quicklinks.lead'),
    canonicalPath: loaderData.path,
    publicUrl,
    // An area with nothing listed is no page for search engines.
    noindex: area ? area.total === 0 : false,
  });
};

export default function Quicklinks({ loaderData }: Route.ComponentProps) {
  const { t, href, lang, aside } = useI18n();
  const { area, hubs, faq } = loaderData;
  if (!area)
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
        <h1 className="text-3xl font-bold md:text-4xl">{t('content.quicklinks.title')}</h1>
        <p className="mt-3 max-w-3xl text-lg text-gray-700">{t('content.quicklinks.lead')}</p>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {hubs.map((hub) => (
            <section key={hub.slug} aria-labelledby={`hub-${hub.slug}`} className="rounded-xl border border-gray-200 p-4">
              <h2 id={`hub-${hub.slug}`} className="text-lg font-semibold">
                <Link to={href('quicklinksArea', { loc: hub.slug })} className="text-brand-700 hover:underline">
                  {t('content.quicklinks.areaTitle', { area: hub.name[lang] })}
                </Link>
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {hub.types.map((type) => (
                  <li key={type.slug}>
                    <Link to={href('rent', { loc: hub.slug, propertyType: type.slug })} className="text-gray-700 hover:underline">
                      {t('rent.title', { type: type.name[lang], area: hub.name[lang] })}
                    </Link>
                    <span className="text-gray-500">{aside(t('content.quicklinks.count', { count: type.listings }))}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    );
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
        <Link to={href('quicklinks')} className="text-brand-700 hover:underline">
          {t('content.quicklinks.title')}
        </Link>
      </nav>
      <h1 className="mt-3 text-3xl font-bold md:text-4xl">{t('content.quicklinks.areaTitle', { area: area.name[lang] })}</h1>
      <p className="mt-3 text-lg text-gray-700">{t('content.quicklinks.areaLead', { area: area.name[lang] })}</p>
      {area.total > 0 ? (
        <section aria-labelledby="by-type" className="mt-8">
          <h2 id="by-type" className="text-xl font-semibold">
            {t('content.quicklinks.types')}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            <li>
              <Link
                to={href('rent', { loc: area.slug })}
                className="flex justify-between rounded-lg border border-gray-200 p-3 hover:border-brand-600"
              >
                <span className="font-medium text-brand-700">{t('content.quicklinks.all', { area: area.name[lang] })}</span>
                <span className="text-gray-600">{t('content.quicklinks.count', { count: area.total })}</span>
              </Link>
            </li>
            {area.types.map((type) => (
              <li key={type.slug}>
                <Link
                  to={href('rent', { loc: area.slug, propertyType: type.slug })}
                  className="flex justify-between rounded-lg border border-gray-200 p-3 hover:border-brand-600"
                >
                  <span className="text-brand-700">{t('rent.title', { type: type.name[lang], area: area.name[lang] })}</span>
                  <span className="text-gray-600">{t('content.quicklinks.count', { count: type.listings })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="mt-8 text-gray-700">{t('content.quicklinks.empty', { area: area.name[lang] })}</p>
      )}
      {faq ? (
        <section aria-labelledby="area-faq" className="mt-8 rounded-xl bg-brand-50 p-4">
          <h2 id="area-faq" className="text-lg font-semibold">
            <Link to={contentPath(lang, faq) ?? href('learn')} className="text-brand-800 hover:underline">
              {faq.title}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-gray-700">{faq.description}</p>
        </section>
      ) : null}
      <section aria-labelledby="nearby" className="mt-8">
        <h2 id="nearby" className="text-xl font-semibold">
          {t('content.quicklinks.nearby')}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {hubs.map((hub) => (
            <li key={hub.slug}>
              <Link
                to={href('quicklinksArea', { loc: hub.slug })}
                className="inline-block rounded-full border border-gray-300 px-3 py-1.5 text-sm hover:border-brand-600"
              >
                {hub.name[lang]}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
