import { Link, data, useRouteLoaderData } from 'react-router';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import type { loader as rootLoader } from '../../../root.tsx';
import { ListingImage } from '../components/listing-image.tsx';
import type { Route } from './+types/details';

const SALE = new Set(['HIGHRISE_SALE', 'LANDED_SALE']);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  try {
    const listing = await serverApi(context).property(id);
    return { listing, canonicalPath: href(lang, 'details', { id }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) throw data({ gone: true }, { status: 410 });
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, lang, publicUrl, money } = metaI18n(matches);
  if (!loaderData) return [{ title: t('errors.11410') }, { name: 'robots', content: 'noindex' }];
  const { listing } = loaderData;
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { areas: { slug: string; name: Record<string, string> }[] } | undefined;
  const area = root?.areas.find((a) => a.slug === listing.areaSlug)?.name[lang] ?? '';
  const title = t('details.title', { name: listing.name, area });
  const price = SALE.has(listing.type) ? money(listing.price) : t('listing.perMonth', { price: money(listing.price) });
  const cover = listing.cover?.src.replace('{w}', '1280');
  return [
    ...seo({
      title: `${title} · ${price} | ${t('app.name')}`,
      description: listing.description.slice(0, 155),
      canonicalPath: loaderData.canonicalPath,
      publicUrl,
      image: cover,
    }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Residence',
        name: listing.name,
        description: listing.description,
        url: `${publicUrl}${loaderData.canonicalPath}`,
        image: listing.images.map((i) => `${publicUrl}${i.src.replace('{w}', '1280')}`),
        address: { '@type': 'PostalAddress', streetAddress: listing.address, postalCode: listing.postcode, addressCountry: 'MY' },
        geo: { '@type': 'GeoCoordinates', latitude: listing.lat, longitude: listing.lon },
      },
    },
  ];
};

export default function Details({ loaderData }: Route.ComponentProps) {
  const { t, lang, money, number, date, href: link } = useI18n();
  const areas = useRouteLoaderData<typeof rootLoader>('root')?.areas ?? [];
  const { listing } = loaderData;
  const area = areas.find((a) => a.slug === listing.areaSlug);
  const sale = SALE.has(listing.type);
  const [first, ...rest] = listing.images;
  const facts: [string, string][] = [
    [t('details.type'), listing.category],
    ...(listing.bedroom ? [[t('listing.bedrooms', { count: listing.bedroom }), ''] as [string, string]] : []),
    ...(listing.bathroom ? [[t('listing.bathrooms', { count: listing.bathroom }), ''] as [string, string]] : []),
    ...(listing.sqft ? [[t('listing.sqft', { sqft: number(listing.sqft) }), ''] as [string, string]] : []),
    [t('details.furnishing'), t(`furnish.${listing.furnishType}`)],
  ];
  return (
    <article className="mx-auto max-w-5xl px-4 py-6">
      <Link to={link('rent', { loc: listing.areaSlug })} className="text-sm text-brand-700 hover:underline">
        ‹ {t('details.back')}
      </Link>
      <div className="mt-4 grid gap-2 overflow-hidden rounded-2xl md:grid-cols-4 md:grid-rows-2">
        <div className="aspect-[3/2] md:col-span-2 md:row-span-2 md:aspect-auto">
          <ListingImage
            src={first?.src ?? null}
            alt={t('listing.photoOf', { name: listing.name })}
            placeholderLabel={t('listing.noPhoto')}
            sizes="(min-width: 768px) 50vw, 100vw"
            eager
          />
        </div>
        {rest.slice(0, 4).map((image) => (
          <div key={image.id} className="hidden aspect-[3/2] md:block">
            <ListingImage src={image.src} alt={t('listing.photoOf', { name: listing.name })} placeholderLabel={t('listing.noPhoto')} sizes="25vw" />
          </div>
        ))}
      </div>
      <header className="mt-6">
        <h1 className="text-2xl font-bold md:text-3xl">{listing.name}</h1>
        <p className="mt-1 text-gray-600">{area ? t('listing.in', { area: area.name[lang] }) : null}</p>
        <p className="mt-3 text-2xl font-bold text-brand-700">
          {sale ? money(listing.price) : t('listing.perMonth', { price: money(listing.price) })}
        </p>
        {listing.zeroDepositEligible ? (
          <p className="mt-2 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">{t('listing.zeroDeposit')}</p>
        ) : null}
      </header>
      <section className="mt-8" aria-labelledby="facts">
        <h2 id="facts" className="text-lg font-semibold">
          {t('details.facts')}
        </h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <li key={label} className="rounded-lg bg-gray-50 px-4 py-3 text-sm">
              {value ? (
                <>
                  <span className="text-gray-600">{label}: </span>
                  <span className="font-medium">{value}</span>
                </>
              ) : (
                <span className="font-medium">{label}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-8" aria-labelledby="about-home">
        <h2 id="about-home" className="text-lg font-semibold">
          {t('details.description')}
        </h2>
        <p className="mt-3 whitespace-pre-line leading-relaxed text-gray-800">{listing.description}</p>
        <p className="mt-4 text-sm text-gray-500">{t('details.listed', { date: date(listing.dateCreated) })}</p>
      </section>
    </article>
  );
}
