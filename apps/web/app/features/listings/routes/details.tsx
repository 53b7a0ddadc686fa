import { useEffect } from 'react';
import { Link, data, isRouteErrorResponse, useRouteError, type ShouldRevalidateFunctionArgs } from 'react-router';
import { moveInCost } from '@kunci/contracts/business';
import { BUSINESS } from '@kunci/contracts/business';
import type { ListingCard, PropertyDetail } from '@kunci/contracts/listings';
import type { LandlordResponse } from '@kunci/contracts/notifications';
import type { PropertyTypeInfo } from '@kunci/contracts/reference';
import { formatMoneyExact, formatNumber } from '@kunci/i18n/format';
import type { MessageKey } from '@kunci/i18n/messages';
import { href, parsePath } from '@kunci/i18n/paths';
import { ErrorPage } from '../../../components/layout/error-page.tsx';
import { ApiError, browserApi, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import { listingJsonLd } from '../../../lib/structured-data.ts';
import { visitorId } from '../../../lib/visitor.ts';
import { useOptionalRootData } from '../../../lib/root-data.ts';
import { ListingGrid } from '../../../components/listing/listing-grid.tsx';
import { Gallery } from '../components/gallery.tsx';
import { LocationMap } from '../components/location-map.tsx';
import { ShareButtons } from '../../../components/listing/share-buttons.tsx';
import { FavouriteButton } from '../../favourites/index.ts';
import { CHAT_FORM_MARK, ChatRequestButton } from '../../chat/index.ts';
import { ApplyButton } from '../../deals/index.ts';
import { MarketPriceNote } from '../../screening/index.ts';
import { LandlordResponseNote } from '../../notifications/index.ts';
import type { Route } from './+types/details';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';

const SALE = new Set(['HIGHRISE_SALE', 'LANDED_SALE']);

/** The same for every signed-out visitor: kept in the shared page cache until a listing changes. */
export const headers = sharedPageHeaders('listings');

/** One page for every spelling of a listing URL; canonical to /details, /my/iklan or /zh/guanggao. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw data(null, { status: 404 });
  const api = serverApi(context, lang);
  try {
    // How the landlord answers comes with the page (not asked after it shows: a line appearing late, and its words
    // not among those the page brought). Without it the page still shows.
    const withResponse = api
      .property(id)
      .then(async (listing) => ({ listing, response: await api.landlordResponse(listing.owner.id).catch(() => null) }));
    const [{ listing, response }, types, similar] = await Promise.all([withResponse, api.propertyTypes(), api.similar(id)]);
    return { listing, response, types, similar: similar.content, canonicalPath: href(lang, 'details', { id }) };
  } catch (error) {
    // No longer live: say so (410) and offer similar homes.
    if (error instanceof ApiError && error.status === 410) throw data({ similar: (await api.similar(id, 6)).content }, { status: 410 });
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Taking the chat form's mark (`?chat=1`) out of the URL after sign-in changes nothing this page loaded. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const unmarked = new URL(currentUrl);
  unmarked.searchParams.delete(CHAT_FORM_MARK);
  if (currentUrl.searchParams.has(CHAT_FORM_MARK) && unmarked.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, lang, publicUrl, money } = metaI18n(matches);
  if (!loaderData) return [{ title: `${t('details.gone.title')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
  const { listing, types } = loaderData;
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { areas: { slug: string; name: Record<string, string> }[] } | undefined;
  const area = root?.areas.find((a) => a.slug === listing.areaSlug)?.name[lang] ?? '';
  const title = t('details.title', { name: listing.name, area });
  const sale = SALE.has(listing.type);
  const price = sale ? money(listing.price) : t('listing.perMonth', { price: money(listing.price) });
  const cover = listing.cover?.src.replace('{w}', '1280');
  // The owner's text is in whatever language they wrote it: the description is ours, in the page's language.
  const facts = [
    listing.roomType ? t(`roomType.${listing.roomType}` as MessageKey) : null,
    listing.bedroom ? t('listing.bedrooms', { count: listing.bedroom }) : null,
    listing.bathroom ? t('listing.bathrooms', { count: listing.bathroom }) : null,
    listing.sqft ? t('listing.sqft', { sqft: formatNumber(lang, listing.sqft) }) : null,
    t(`furnish.${listing.furnishType}`),
  ]
    .filter((fact): fact is string => fact !== null)
    .map((fact) => fact.toLowerCase())
    .join(lang === 'zh' ? '，' : ', ');
  const type = types.find((ty) => ty.slug === listing.category)?.name[lang] ?? listing.name;
  const description = t(sale ? 'details.metaDescriptionSale' : 'details.metaDescription', { type, area, facts, price });
  return [
    ...seo({ title: `${title} · ${price} | ${t('app.name')}`, description, canonicalPath: loaderData.canonicalPath, publicUrl, image: cover }),
    {
      'script:ld+json': listingJsonLd({
        listing,
        lang,
        publicUrl,
        canonicalPath: loaderData.canonicalPath,
        description,
        areaName: area,
        facilityNames: listing.facilities.map((facility) => t(`facility.${facility}`)),
      }),
    },
  ];
};

/** The facts that matter for this kind of home (spec: level and size for high-rises, storeys for landed...). */
function useFacts(listing: PropertyDetail, type: PropertyTypeInfo | undefined): string[] {
  const { t, number, lang, date } = useI18n();
  const facts: (string | null)[] = [
    type?.name[lang] ?? null,
    listing.roomType ? t(`roomType.${listing.roomType}` as MessageKey) : null,
    listing.bathroomType ? t(`bathroomType.${listing.bathroomType}` as MessageKey) : null,
    listing.roommate ? t('details.roommates', { count: listing.roommate }) : null,
    listing.bedroom ? t('listing.bedrooms', { count: listing.bedroom }) : null,
    listing.bathroom ? t('listing.bathrooms', { count: listing.bathroom }) : null,
    listing.sqft ? t('listing.sqft', { sqft: number(listing.sqft) }) : null,
    listing.level ? t('details.level', { level: listing.level }) : null,
    listing.storeys ? t('details.storeys', { count: listing.storeys }) : null,
    listing.leaseType ? t(`lease.${listing.leaseType}` as MessageKey) : null,
    listing.saleType ? t(`saleType.${listing.saleType}` as MessageKey) : null,
    t(`furnish.${listing.furnishType}`),
    t('details.parking', { count: listing.carpark }),
    listing.petFriendly ? t('details.pets.yes') : t('details.pets.no'),
    !listing.availability || new Date(listing.availability) <= new Date()
      ? t('details.availableNow')
      : t('details.available', { date: date(listing.availability) }),
  ];
  return facts.filter((f): f is string => f !== null);
}

function MoveInCost({ rent }: { rent: number }) {
  const { t, lang } = useI18n();
  const cost = moveInCost(rent);
  const row = 'flex justify-between py-1.5';
  return (
    <section aria-labelledby="move-in" className="rounded-2xl border border-brand-100 bg-brand-50 p-5">
      <h2 id="move-in" className="text-lg font-semibold text-brand-800">
        {t('details.moveIn.title')}
      </h2>
      <dl className="mt-3 text-sm">
        <div className={row}>
          <dt>{t('details.moveIn.rent')}</dt>
          <dd>{formatMoneyExact(lang, cost.rent)}</dd>
        </div>
        <div className={row}>
          <dt>{t('details.moveIn.fee')}</dt>
          <dd>{formatMoneyExact(lang, cost.signingFee)}</dd>
        </div>
        <div className={row}>
          <dt>{t('details.moveIn.sst', { rate: BUSINESS.zeroDeposit.sstRate * 100 })}</dt>
          <dd>{formatMoneyExact(lang, cost.sst)}</dd>
        </div>
        <div className={`${row} mt-1 border-t border-brand-100 pt-2 text-base font-semibold`}>
          <dt>{t('details.moveIn.total')}</dt>
          <dd>{formatMoneyExact(lang, cost.total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-brand-800">{t('details.moveIn.note')}</p>
    </section>
  );
}

export default function Details({ loaderData }: Route.ComponentProps) {
  const listingId = loaderData.listing.id;
  // Count the view once the page is on screen (the API counts one a day per visitor).
  useEffect(() => {
    void browserApi()
      .logAction(listingId, { action: 'VIEW' }, visitorId())
      .catch(() => undefined);
  }, [listingId]);
  const root = useOptionalRootData();
  const { listing, response, types, similar } = loaderData;
  return (
    <ListingView
      listing={listing}
      response={response}
      types={types}
      similar={similar}
      shareUrl={`${root?.publicUrl ?? ''}${loaderData.canonicalPath}`}
    />
  );
}

/**
 * The listing page's body. A `preview` (a moderator reviewing a listing not yet public) shows it as tenants
 * will see it, without what acts on a live listing: favourite, chat, share and similar homes.
 */
export function ListingView({
  listing,
  types,
  similar,
  shareUrl,
  preview = false,
  response = null,
}: {
  listing: PropertyDetail;
  /** How the landlord answers chat requests (none in a moderator's preview, or when it could not be read). */
  response?: LandlordResponse | null;
  types: PropertyTypeInfo[];
  similar: ListingCard[];
  shareUrl: string;
  preview?: boolean;
}) {
  const { t, lang, money, date, href: link } = useI18n();
  const areas = useOptionalRootData()?.areas ?? [];
  const area = areas.find((a) => a.slug === listing.areaSlug);
  const type = types.find((ty) => ty.slug === listing.category);
  const sale = SALE.has(listing.type);
  const facts = useFacts(listing, type);
  return (
    <article className="mx-auto max-w-5xl px-4 py-6">
      {/* A moderator's preview goes back to the review queue, not to public results. */}
      <Link to={preview ? link('review') : link('rent', { loc: listing.areaSlug })} className="text-sm text-brand-700 hover:underline">
        ‹ {t(preview ? 'review.preview.back' : 'details.back')}
      </Link>
      <Gallery listing={listing} />
      <div className="mt-6 grid gap-8 md:grid-cols-3">
        <div className="md:col-span-2">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold md:text-3xl">{listing.name}</h1>
            {preview ? null : <FavouriteButton propertyId={listing.id} name={listing.name} className="shrink-0 border border-gray-200" />}
          </div>
          <p className="mt-1 text-gray-600">{area ? t('listing.in', { area: area.name[lang] }) : null}</p>
          <p className="mt-3 text-2xl font-bold text-brand-700">
            {sale ? money(listing.price) : t('listing.perMonth', { price: money(listing.price) })}
          </p>
          {listing.negotiable ? <p className="text-sm text-gray-600">{t('details.negotiable')}</p> : null}
          {listing.instantView && !sale ? (
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-700">
              <span className="rounded-full bg-sky-800 px-2.5 py-1 text-xs font-semibold text-white">{t('services.instantView.badge')}</span>
              {t('services.instantView.hint')}
            </p>
          ) : null}
          <section className="mt-8" aria-labelledby="facts">
            <h2 id="facts" className="text-lg font-semibold">
              {t('details.facts')}
            </h2>
            <ul className="mt-3 grid grid-cols-2 gap-2">
              {facts.map((fact) => (
                <li key={fact} className="rounded-lg bg-gray-50 px-3 py-2.5 text-sm font-medium md:px-4 md:py-3">
                  {fact}
                </li>
              ))}
            </ul>
          </section>
          {listing.facilities.length || listing.nearby.length ? (
            <section className="mt-8 grid gap-6 sm:grid-cols-2" aria-label={t('details.surroundings')}>
              {listing.facilities.length ? (
                <div>
                  <h2 className="text-lg font-semibold">{t('details.facilities')}</h2>
                  <ul className="mt-3 space-y-1.5 text-sm">
                    {listing.facilities.map((facility) => (
                      <li key={facility} className="flex items-center gap-2">
                        <span aria-hidden="true" className="text-brand-700">
                          ✓
                        </span>
                        {t(`facility.${facility}`)}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {listing.nearby.length ? (
                <div>
                  <h2 className="text-lg font-semibold">{t('details.nearby')}</h2>
                  <ul className="mt-3 space-y-1.5 text-sm">
                    {listing.nearby.map((place) => (
                      <li key={place} className="flex items-center gap-2">
                        <span aria-hidden="true" className="text-brand-700">
                          ✓
                        </span>
                        {t(`nearby.${place}`)}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </section>
          ) : null}
          <section className="mt-8" aria-labelledby="about-home">
            <h2 id="about-home" className="text-lg font-semibold">
              {t('details.description')}
            </h2>
            <p className="mt-3 whitespace-pre-line leading-relaxed text-gray-800">{listing.description}</p>
            <p className="mt-4 text-sm text-gray-500">{t('details.listed', { date: date(listing.dateCreated) })}</p>
          </section>
          {listing.videos.length ? (
            <section className="mt-8" aria-labelledby="videos">
              <h2 id="videos" className="text-lg font-semibold">
                {t('details.videos')}
              </h2>
              {listing.videos.map((video) => (
                <video key={video.id} controls preload="metadata" playsInline className="mt-3 aspect-video w-full rounded-xl bg-black">
                  <source src={video.src} type={video.contentType} />
                </video>
              ))}
            </section>
          ) : null}
          <LocationMap lat={listing.lat} lon={listing.lon} name={listing.name} />
        </div>
        <aside className="space-y-6">
          {listing.zeroDepositEligible ? <MoveInCost rent={listing.price} /> : null}
          {preview || sale ? null : <MarketPriceNote propertyId={listing.id} ownerId={listing.owner.id} />}
          {preview || !response ? null : <LandlordResponseNote figures={response} />}
          {preview ? null : (
            // On phones the price and the chat button stay in a bar at the bottom while the page scrolls (the
            // shell pads the page's end for it); from 768 px the button sits here in the side column.
            <div
              data-listing-action-bar
              className="max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:m-0 max-md:flex max-md:items-center max-md:gap-3 max-md:border-t max-md:border-gray-200 max-md:bg-white max-md:px-4 max-md:pt-3 max-md:pb-[calc(0.75rem+env(safe-area-inset-bottom))] max-md:shadow-[0_-4px_12px_rgb(0_0_0/0.06)]"
            >
              <p className="shrink-0 md:hidden">
                <span className="block text-lg font-bold leading-tight text-brand-700">{money(listing.price)}</span>
                <span className="block text-xs text-gray-600">
                  {[sale ? null : t('details.bar.perMonth'), listing.negotiable ? t('details.bar.negotiable') : null].filter(Boolean).join(' · ')}
                </span>
              </p>
              <div className="min-w-0 flex-1">
                <ChatRequestButton propertyId={listing.id} />
              </div>
            </div>
          )}
          {preview || sale ? null : (
            <ApplyButton
              propertyId={listing.id}
              ownerId={listing.owner.id}
              listingName={listing.name}
              monthlyRent={listing.price}
              className="w-full"
            />
          )}
          {preview ? null : <ShareButtons url={shareUrl} />}
          {preview ? null : (
            <Link
              to={link('reportListing', { id: listing.id })}
              rel="nofollow"
              className="mt-3 inline-block text-sm text-gray-700 underline hover:text-red-800"
            >
              {t('admin.reportLink')}
            </Link>
          )}
        </aside>
      </div>
      {similar.length && !preview ? (
        <section className="mt-12" aria-labelledby="similar">
          <h2 id="similar" className="mb-4 text-xl font-semibold">
            {t('details.similar')}
          </h2>
          <ListingGrid listings={similar} areas={areas} belowTheFold />
        </section>
      ) : null}
    </article>
  );
}

/** A listing that is no longer live (410) says so and offers similar homes; an unknown id is the 404 page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  const areas = useOptionalRootData()?.areas ?? [];
  if (isRouteErrorResponse(error) && error.status === 410) {
    const similar = (error.data as { similar?: ListingCard[] } | null)?.similar ?? [];
    return (
      <section className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t('details.gone.title')}</h1>
        <p className="mt-2 text-gray-600">{t('details.gone.body')}</p>
        {similar.length ? (
          <div className="mt-8">
            <ListingGrid listings={similar} areas={areas} />
          </div>
        ) : null}
      </section>
    );
  }
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
