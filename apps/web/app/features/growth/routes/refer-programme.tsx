import { Link } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import type { ReferralLink } from '@kunci/contracts/growth';
import type { MessageKey } from '@kunci/i18n/messages';
import { href, parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import { getSession, requireUser } from '../../../lib/session.server.ts';
import { ReferralLinkBox } from '../components/referral-link-box.tsx';
import type { Route } from './+types/refer-programme';

type Page = 'programme' | 'faq' | 'terms';
const rules = BUSINESS.growth.referral;
const values = {
  reward: rules.referrerReward,
  discount: rules.refereeDiscount,
  minRent: rules.minRent,
  months: rules.activityMonths,
  expiry: rules.expiryMonths,
  days: rules.paymentWorkingDays,
};

function pageOf(path: string): Page {
  const last = parsePath(path).rest.split('/')[3];
  return last === 'faq' ? 'faq' : last === 'termscondition' ? 'terms' : 'programme';
}

/** /more/refer (the programme and the signed-in user's link), /more/refer/faq and /more/refer/termscondition. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, '');
  const { lang } = parsePath(path);
  const page = pageOf(path);
  const { user } = getSession(context);
  let link: ReferralLink | null = null;
  if (user && page === 'programme') {
    const dashboard = await serverApi(context, lang).referralDashboard();
    link = dashboard.referralCode && dashboard.url ? { referralCode: dashboard.referralCode, url: dashboard.url } : null;
  }
  const joined = url.searchParams.get('joined');
  return {
    page,
    path,
    link,
    loginHref: user ? null : href(lang, 'login', undefined, { origin: href(lang, 'referProgramme'), originType: 'SH' }),
    joined: joined === null ? null : joined === '-' ? '' : joined.slice(0, 60),
  };
}

/** "Get my referral link": makes the code once. */
export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  return { link: await serverApi(context, lang).referralLink() };
}

const TITLES: Record<Page, MessageKey> = { programme: 'growth.refer.title', faq: 'growth.refer.faqTitle', terms: 'growth.refer.termsTitle' };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  const page = loaderData?.page ?? 'programme';
  return seo({
    title: `${t(TITLES[page], values)} | ${t('app.name')}`,
    description: t('growth.refer.intro', values),
    canonicalPath: loaderData?.path ?? '/more/refer',
    publicUrl,
  });
};

const FAQ = [1, 2, 3, 4, 5] as const;
const TERMS = [1, 2, 3, 4, 5, 6] as const;

export default function ReferProgramme({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const { page, joined, loginHref } = loaderData;
  const referral = actionData?.link ?? loaderData.link;
  const nav = (
    <nav aria-label={t('growth.refer.title', values)} className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {page !== 'programme' ? (
        <Link to={link('referProgramme')} className="text-brand-700 hover:underline">
          {t('growth.refer.title', values)}
        </Link>
      ) : null}
      {page !== 'faq' ? (
        <Link to={link('referFaq')} className="text-brand-700 hover:underline">
          {t('growth.refer.faqLink')}
        </Link>
      ) : null}
      {page !== 'terms' ? (
        <Link to={link('referTerms')} className="text-brand-700 hover:underline">
          {t('growth.refer.termsLink')}
        </Link>
      ) : null}
      {!loginHref ? (
        <Link to={link('referDashboard')} className="text-brand-700 hover:underline">
          {t('growth.refer.dashboardLink')}
        </Link>
      ) : null}
    </nav>
  );
  if (page === 'faq')
    return (
      <article className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold md:text-3xl">{t('growth.refer.faqTitle')}</h1>
        <dl className="mt-6 space-y-5">
          {FAQ.map((n) => (
            <div key={n}>
              <dt className="font-semibold">{t(`growth.refer.faq.q${n}` as MessageKey)}</dt>
              <dd className="mt-1 text-gray-700">{t(`growth.refer.faq.a${n}` as MessageKey, values)}</dd>
            </div>
          ))}
        </dl>
        {nav}
      </article>
    );
  if (page === 'terms')
    return (
      <article className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold md:text-3xl">{t('growth.refer.termsTitle')}</h1>
        <ol className="mt-6 list-decimal space-y-3 pl-6 text-gray-800">
          {TERMS.map((n) => (
            <li key={n}>{t(`growth.refer.terms.${n}` as MessageKey, values)}</li>
          ))}
        </ol>
        {nav}
      </article>
    );
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {joined !== null ? (
        <p role="status" className="mb-6 rounded-lg bg-brand-50 p-4 text-brand-900">
          {joined ? t('growth.refer.joined', { ...values, name: joined }) : t('growth.refer.joinedNoName', values)}
        </p>
      ) : null}
      <h1 className="text-2xl font-bold md:text-3xl">{t('growth.refer.title', values)}</h1>
      <p className="mt-3 text-lg text-gray-700">{t('growth.refer.intro', values)}</p>
      <section aria-labelledby="refer-how" className="mt-8">
        <h2 id="refer-how" className="text-xl font-semibold">
          {t('growth.refer.howTitle')}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {(['growth.refer.step1', 'growth.refer.step2', 'growth.refer.step3'] as const).map((key, index) => (
            <li key={key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <p className="mt-2 text-gray-800">{t(key, values)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="mt-8 rounded-2xl bg-brand-50 p-4 md:p-6">
        <ReferralLinkBox link={referral} loginHref={loginHref} />
      </section>
      {nav}
    </div>
  );
}
