import { Link } from 'react-router';
import type { Promotion } from '@kunci/contracts/growth';
import { DEFAULT_CITY_SLUG } from '@kunci/contracts/constants';
import { parsePath } from '@kunci/i18n/paths';
import { ListingGrid } from '../../../components/listing/listing-grid.tsx';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { seo } from '../../../lib/seo.ts';
import type { Route } from './+types/hot';

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const api = serverApi(context, parsePath(path).lang);
  const [deals, campaigns] = await Promise.all([api.hotDeals(), api.campaigns()]);
  return { deals: deals.content, campaigns: campaigns.content, path };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('growth.hot.title')} | ${t('app.name')}`,
    description: t('growth.hot.intro'),
    canonicalPath: loaderData?.path ?? '/hot',
    publicUrl,
  });
};

function Offer({ promotion, headingLevel }: { promotion: Promotion; headingLevel: 'h3' }) {
  const { t, date } = useI18n();
  const { areas } = useRootData();
  const Heading = headingLevel;
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 md:p-6" aria-labelledby={`promotion-${promotion.id}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-amber-400 px-2.5 py-1 text-xs font-semibold text-ink">{t(`growth.offer.${promotion.kind}`)}</span>
        {promotion.partnerName ? <span className="text-gray-700">{t('growth.hot.by', { partner: promotion.partnerName })}</span> : null}
        <span className="text-gray-700">{t('growth.hot.until', { date: date(promotion.endsAt) })}</span>
      </div>
      <Heading id={`promotion-${promotion.id}`} className="mt-2 text-xl font-bold">
        {promotion.title}
      </Heading>
      {promotion.description ? <p className="mt-2 text-gray-700">{promotion.description}</p> : null}
      {promotion.linkUrl ? (
        <a
          href={promotion.linkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
        >
          {t('growth.hot.take')}
        </a>
      ) : null}
      {promotion.kind === 'HOT_DEAL' || promotion.listings.length ? (
        promotion.listings.length ? (
          <div className="mt-4">
            <p className="mb-3 text-sm text-gray-700">{t('growth.hot.homes', { count: promotion.listings.length })}</p>
            <ListingGrid listings={promotion.listings} areas={areas} />
          </div>
        ) : (
          <p className="mt-4 text-sm text-gray-700">{t('growth.hot.noHomes')}</p>
        )
      ) : null}
    </article>
  );
}

/** /hot: the hot deals running now with their homes (each carries the badge), then our partners' deals. */
export default function Hot({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { deals, campaigns } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('growth.hot.title')}</h1>
      <p className="mt-2 max-w-3xl text-gray-700">{t('growth.hot.intro')}</p>
      <p className="mt-3">
        <Link to={href('rent', { loc: DEFAULT_CITY_SLUG }, { specialOffer: 'true' })} className="font-medium text-brand-700 hover:underline">
          {t('growth.hot.allOffers')}
        </Link>
      </p>

      <section aria-labelledby="hot-deals" className="mt-8">
        <h2 id="hot-deals" className="text-xl font-semibold">
          {t('growth.hot.deals')}
        </h2>
        {deals.length ? (
          <div className="mt-4 space-y-6">
            {deals.map((promotion) => (
              <Offer key={promotion.id} promotion={promotion} headingLevel="h3" />
            ))}
          </div>
        ) : (
          <p className="mt-4 rounded-xl bg-gray-50 p-4 text-gray-800">
            {t('growth.hot.none')}{' '}
            <Link to={href('rent', { loc: DEFAULT_CITY_SLUG }, { zeroDeposit: 'true' })} className="font-medium text-brand-700 hover:underline">
              {t('growth.hot.browse')}
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="hot-campaigns" className="mt-10">
        <h2 id="hot-campaigns" className="text-xl font-semibold">
          {t('growth.hot.campaigns')}
        </h2>
        {campaigns.length ? (
          <div className="mt-4 space-y-6">
            {campaigns.map((promotion) => (
              <Offer key={promotion.id} promotion={promotion} headingLevel="h3" />
            ))}
          </div>
        ) : (
          <p className="mt-4 rounded-xl bg-gray-50 p-4 text-gray-800">{t('growth.hot.noneCampaigns')}</p>
        )}
      </section>
    </div>
  );
}
