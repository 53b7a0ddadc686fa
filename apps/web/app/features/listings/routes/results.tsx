import { Link, data, redirect } from 'react-router';
import { DEFAULT_CITY_SLUG, DEFAULT_PAGE_SIZE } from '@kunci/contracts/constants';
import { href, parsePath, sectionOf } from '@kunci/i18n/paths';
import { resultsTitle } from '@kunci/i18n/results-title';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import { ListingGrid } from '../../../components/listing/listing-grid.tsx';
import { Pagination } from '../components/pagination.tsx';
import { useEffect, useState } from 'react';
import { FilterBar, FilterSheet } from '../components/filter-bar.tsx';
import { ResultsMap } from '../components/results-map.tsx';
import { ViewToggle } from '../components/view-toggle.tsx';
import { filterQuery, readFilters, toSearchInput } from '../search-params.ts';
import { SaveSearchButton } from '../../saved-searches/index.ts';
import type { Route } from './+types/results';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';

const MAP_KEY = 'showMap';

/** The same for every signed-out visitor: kept in the shared page cache until a listing changes. */
export const headers = sharedPageHeaders('listings');

/** Results for rent (/rent/{loc}/{type}, Kuala Lumpur when no area) and for sale (/buy), every filter in the URL. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const purpose: 'rent' | 'sale' = sectionOf(url.pathname) === 'buy' ? 'sale' : 'rent';
  const api = serverApi(context, lang);
  const [areas, types] = await Promise.all([api.areas(), api.propertyTypes()]);
  const { loc: locParam, propertyType: pathType } = params as { loc?: string; propertyType?: string };
  // A rent path without an area is Kuala Lumpur, the default city.
  const loc = purpose === 'rent' ? (locParam ?? DEFAULT_CITY_SLUG) : undefined;
  const filters = readFilters(url.searchParams);

  // The type chosen in the filter form moves into the path: /rent/{loc}/{type}.
  if (url.searchParams.has('propertyType') && purpose === 'rent') {
    const chosen = url.searchParams.get('propertyType') || undefined;
    const query = { ...filterQuery(filters) };
    throw redirect(href(lang, 'rent', { loc: loc ?? DEFAULT_CITY_SLUG, propertyType: chosen }, query));
  }
  const propertyType = pathType;
  const area = loc ? areas.find((a) => a.slug === loc) : undefined;
  const type = propertyType ? types.find((t) => t.slug === propertyType) : undefined;
  if ((loc && !area) || (propertyType && !type)) throw data(null, { status: 404 });

  const pageParam = url.searchParams.get('page');
  const page = pageParam === null ? 1 : Number(pageParam);
  if (pageParam !== null && (!Number.isInteger(page) || page <= 1)) {
    url.searchParams.delete('page');
    throw redirect(url.pathname + url.search, 301);
  }
  const [result, reelAreas] = await Promise.all([
    api.search({
      ...toSearchInput(filters),
      loc: area?.slug,
      propertyType: type?.slug,
      purpose,
      pageNumber: page - 1,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    // Whether the area has video tours to link to; the results show without the link if this fails.
    area ? api.reelAreas().catch(() => ({ areas: [] })) : { areas: [] },
  ]);
  const reels = area ? (reelAreas.areas.find((a) => a.areaSlug === area.slug)?.reels ?? 0) : 0;
  if (page > 1 && page > result.totalPages) throw data(null, { status: 404 });
  const query = filterQuery(filters);
  const pathFor = (n: number) =>
    purpose === 'sale'
      ? href(lang, 'buy', undefined, { ...query, page: n > 1 ? n : undefined })
      : href(lang, 'rent', { loc: area?.slug, propertyType: type?.slug }, { ...query, page: n > 1 ? n : undefined });
  const clearPath = purpose === 'sale' ? href(lang, 'buy') : href(lang, 'rent', { loc: area?.slug, propertyType: type?.slug });
  const near = filters.lm && filters.category === 'PROPERTY' ? filters.q : undefined;
  return { purpose, area, type, types, areas, filters, near, result, reels, page, canonicalPath: pathFor(page), clearPath, query };
}

function useHeading(loaderData: Route.ComponentProps['loaderData']) {
  const { t, lang } = useI18n();
  return headingFor(t, lang, loaderData);
}

function headingFor(
  t: ReturnType<typeof metaI18n>['t'],
  lang: ReturnType<typeof metaI18n>['lang'],
  d: Pick<Route.ComponentProps['loaderData'], 'purpose' | 'area' | 'type'>,
): string {
  return resultsTitle(t, { purpose: d.purpose, area: d.area?.name[lang], type: d.type?.name[lang] });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, lang, publicUrl } = metaI18n(matches);
  if (!loaderData) return [{ title: t('notFound.title') }, { name: 'robots', content: 'noindex' }];
  const title = headingFor(t, lang, loaderData);
  const count = loaderData.result.totalElements;
  const area = loaderData.area?.name[lang] ?? '';
  const description =
    loaderData.purpose === 'sale'
      ? t('buy.description')
      : loaderData.type
        ? t('rent.descriptionType', { count, area, type: loaderData.type.name[lang].toLowerCase() })
        : t('rent.description', { count, area });
  return [
    // A page without homes is kept out of search engines (and the sitemaps) until it has some.
    ...seo({ title: `${title} | ${t('app.name')}`, description, canonicalPath: loaderData.canonicalPath, publicUrl, noindex: count === 0 }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: title,
        numberOfItems: loaderData.result.totalElements,
        itemListElement: loaderData.result.content.map((listing, index) => ({
          '@type': 'ListItem',
          position: index + 1 + (loaderData.page - 1) * loaderData.result.pageSize,
          url: `${publicUrl}${href(lang, 'details', { id: listing.id })}`,
          name: listing.name,
        })),
      },
    },
  ];
};

export default function Results({ loaderData }: Route.ComponentProps) {
  const { t, href: link, lang, number } = useI18n();
  const heading = useHeading(loaderData);
  const [showMap, setShowMap] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  useEffect(() => {
    try {
      setShowMap(localStorage.getItem(MAP_KEY) === '1');
    } catch {
      // No storage: the map starts hidden.
    }
  }, []);
  const toggleMap = (next: boolean) => {
    setShowMap(next);
    try {
      localStorage.setItem(MAP_KEY, next ? '1' : '0');
    } catch {
      // Private mode: the choice lasts for this page.
    }
  };
  const { result, page, areas, area, purpose } = loaderData;
  const nearby = area
    ? [...areas]
        .filter((a) => a.slug !== area.slug)
        .sort((a, b) => Math.hypot(a.lat - area.lat, a.lng - area.lng) - Math.hypot(b.lat - area.lat, b.lng - area.lng))
        .slice(0, 4)
    : [];
  const filterProps = {
    filters: loaderData.filters,
    types: loaderData.types,
    typeSlug: loaderData.type?.slug,
    sale: purpose === 'sale',
    clearHref: loaderData.clearPath,
  };
  const pathFor = (n: number) =>
    purpose === 'sale'
      ? link('buy', undefined, { ...loaderData.query, page: n > 1 ? n : undefined })
      : link('rent', { loc: area?.slug, propertyType: loaderData.type?.slug }, { ...loaderData.query, page: n > 1 ? n : undefined });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-4 md:mb-6">
        <h1 className="text-2xl font-bold md:text-3xl">{heading}</h1>
        {/* The count is the heading of the result cards (each card title is an h3). */}
        <h2 className="mt-1 text-base font-normal text-gray-600" aria-live="polite">
          {result.totalCapped
            ? t('rent.countCapped', { count: number(result.totalElements) })
            : purpose === 'sale'
              ? t('buy.count', { count: result.totalElements })
              : t('rent.count', { count: result.totalElements })}
          {result.totalPages > 1 ? ` · ${t('pagination.status', { page, pages: result.totalPages })}` : null}
        </h2>
        {area && loaderData.reels > 0 ? (
          <Link
            to={link('reels', { loc: area.slug })}
            className="mt-3 inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-medium text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
              <path d="M8 5.5v13l10.5-6.5z" />
            </svg>
            {t('reels.watchIn', { area: area.name[lang], count: loaderData.reels })}
          </Link>
        ) : null}
      </div>
      <FilterBar {...filterProps} />
      {/* On phones the filters fold into one button here, so the first results are on the first screen. */}
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <FilterSheet {...filterProps} />
        <button
          type="button"
          aria-pressed={showMap}
          onClick={() => toggleMap(!showMap)}
          className="ml-auto rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50"
        >
          {showMap ? t('map.hide') : t('map.show')}
        </button>
        <ViewToggle />
        <SaveSearchButton
          defaultName={heading}
          query={{ ...toSearchInput(loaderData.filters), sort: undefined, loc: area?.slug, propertyType: loaderData.type?.slug, purpose }}
        />
      </div>
      {result.content.length ? (
        showMap ? (
          <div className="grid gap-6 lg:grid-cols-[1fr_420px]">
            <div className="order-2 lg:order-1">
              <ListingGrid listings={result.content} areas={areas} onActivate={setActiveId} narrow place={loaderData.near} />
            </div>
            <div className="order-1 lg:order-2">
              <ResultsMap listings={result.content} activeId={activeId} />
            </div>
          </div>
        ) : (
          <ListingGrid listings={result.content} areas={areas} place={loaderData.near} />
        )
      ) : (
        <div className="rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center">
          <p className="text-lg font-medium">{t('rent.empty')}</p>
          {nearby.length ? (
            <>
              <p className="mt-4 text-gray-600">{t('rent.emptyHint')}</p>
              <ul className="mt-3 flex flex-wrap justify-center gap-2">
                {nearby.map((a) => (
                  <li key={a.slug}>
                    <Link
                      to={link('rent', { loc: a.slug, propertyType: loaderData.type?.slug })}
                      className="inline-block rounded-full border border-gray-300 px-4 py-2 text-sm hover:border-brand-600"
                    >
                      {a.name[lang]}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      )}
      <Pagination page={page} pages={result.totalPages} hrefFor={pathFor} />
    </div>
  );
}
