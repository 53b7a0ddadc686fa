import { Link } from 'react-router';
import { BUSINESS, moveInCost } from '@kunci/contracts/business';
import { REQUIRED_DOCUMENTS, SCREENING_PROFILES } from '@kunci/contracts/screening';
import { href, parsePath } from '@kunci/i18n/paths';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import type { Route } from './+types/zero-deposit-service';

/** The example rent of the move-in cost (the business rules' own example). */
const EXAMPLE_RENT = 900;

export function loader({ request }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  return { canonicalPath: href(lang, 'zeroDepositService') };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('screening.service.title')} | ${t('app.name')}`,
    description: t('screening.service.description'),
    canonicalPath: loaderData?.canonicalPath ?? '/services/zero-deposit',
    publicUrl,
  });
};

/** `/services/zero-deposit`: what renting with zero deposit is, who qualifies, what it costs, how screening works. */
export default function ZeroDepositService() {
  const { t, href: link, money } = useI18n();
  const { zeroDeposit } = BUSINESS;
  const cost = moveInCost(EXAMPLE_RENT);
  const card = 'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm md:p-6';
  const ringgit = (amount: number) => money(amount).replace(/^RM\s?/, '');
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 md:py-12">
        <header>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('screening.service.title')}</h1>
          <p className="mt-2 text-lg text-gray-700">{t('screening.service.lead')}</p>
        </header>

        <section aria-labelledby="zd-how" className={card}>
          <h2 id="zd-how" className="text-lg font-semibold">
            {t('screening.service.how')}
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5">
            <li>{t('screening.service.how.1', { fee: BUSINESS.bookingFee })}</li>
            <li>{t('screening.service.how.2', { days: BUSINESS.deal.documentsDays })}</li>
            <li>{t('screening.service.how.3')}</li>
          </ol>
        </section>

        <section aria-labelledby="zd-eligible" className={card}>
          <h2 id="zd-eligible" className="text-lg font-semibold">
            {t('screening.service.eligible')}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5">
            <li>{t('screening.service.eligible.homes', { min: ringgit(zeroDeposit.homeRent.min), max: ringgit(zeroDeposit.homeRent.max) })}</li>
            <li>{t('screening.service.eligible.rooms', { min: ringgit(zeroDeposit.roomRent.min), max: ringgit(zeroDeposit.roomRent.max) })}</li>
          </ul>
        </section>

        <section aria-labelledby="zd-cost" className={card}>
          <h2 id="zd-cost" className="text-lg font-semibold">
            {t('screening.service.cost')}
          </h2>
          <p className="mt-2" data-testid="zd-cost-example">
            {t('screening.service.cost.example', {
              rent: ringgit(cost.rent),
              fee: ringgit(cost.signingFee),
              sst: cost.sst.toFixed(2),
              total: cost.total.toLocaleString('en-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
            })}
          </p>
        </section>

        <section aria-labelledby="zd-documents" className={card}>
          <h2 id="zd-documents" className="text-lg font-semibold">
            {t('screening.service.documents')}
          </h2>
          <dl className="mt-3 space-y-3">
            {SCREENING_PROFILES.map((profile) => (
              <div key={profile}>
                <dt className="font-medium">{t('screening.profile', { profile })}</dt>
                <dd>
                  <ul className="list-disc pl-5 text-gray-700">
                    {REQUIRED_DOCUMENTS[profile].map((requirement) => (
                      <li key={requirement.id}>{t('screening.requirement', { id: requirement.id, count: requirement.count })}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="zd-credit" className={card}>
          <h2 id="zd-credit" className="text-lg font-semibold">
            {t('screening.service.credit')}
          </h2>
          <p className="mt-2 text-gray-700">{t('screening.service.credit.text')}</p>
        </section>

        <section aria-labelledby="zd-refused" className={card}>
          <h2 id="zd-refused" className="text-lg font-semibold">
            {t('screening.service.refused')}
          </h2>
          <p className="mt-2 text-gray-700">{t('screening.service.refused.text', { days: BUSINESS.deal.refundBusinessDays })}</p>
        </section>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Link
            to={link('rent', {})}
            className="rounded-full bg-brand-700 px-5 py-3 text-center font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('screening.service.cta')}
          </Link>
          <Link
            to={link('ramci')}
            className="rounded-full border border-gray-300 bg-white px-5 py-3 text-center font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('screening.service.start')}
          </Link>
        </div>
      </div>
    </div>
  );
}
