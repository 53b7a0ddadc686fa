import { Link } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import type { ReferralEntry } from '@kunci/contracts/growth';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { ReferralLinkBox } from '../components/referral-link-box.tsx';
import type { Route } from './+types/refer-dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname.replace(/\.data$/, ''));
  requireUser(request, context, lang);
  return { dashboard: await serverApi(context, lang).referralDashboard() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  await serverApi(context, lang).referralLink();
  return { ok: true };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('growth.refer.dashboardTitle')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

function Entry({ entry }: { entry: ReferralEntry }) {
  const { t, date } = useI18n();
  const status =
    entry.status === 'PENDING'
      ? t('growth.refer.status.PENDING', { date: date(entry.joinedAt), until: date(entry.activeUntil) })
      : entry.status === 'QUALIFIED'
        ? t('growth.refer.status.QUALIFIED', { date: date(entry.qualifiedAt ?? entry.joinedAt), rent: entry.rent ?? 0 })
        : t('growth.refer.status.LAPSED', { months: BUSINESS.growth.referral.activityMonths });
  const reward = entry.reward;
  return (
    <li className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">{entry.refereeName || t('growth.refer.friend')}</p>
        <p className="text-sm text-gray-700">{status}</p>
      </div>
      {reward ? (
        <p className={`text-sm font-medium ${reward.state === 'EXPIRED' ? 'text-gray-600' : 'text-brand-800'}`}>
          {t(`growth.refer.reward.${reward.state}`, { amount: reward.amount, date: reward.expiresAt ? date(reward.expiresAt) : '' })}
        </p>
      ) : null}
    </li>
  );
}

/** The referral dashboard: invited, pending, qualified, rewards and their state. */
export default function ReferDashboard({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { dashboard } = loaderData;
  const tiles = [
    ['growth.refer.invited', dashboard.invited],
    ['growth.refer.pending', dashboard.pending],
    ['growth.refer.qualified', dashboard.qualified],
    ['growth.refer.earned', `RM${dashboard.earned}`],
    ['growth.refer.paid', `RM${dashboard.paid}`],
  ] as const;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('growth.refer.dashboardTitle')}</h1>
      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-5">
        {tiles.map(([key, value]) => (
          <div key={key} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
            <dt className="text-sm text-gray-700">{t(key)}</dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="mt-6 rounded-2xl bg-brand-50 p-4 md:p-6">
        {dashboard.url ? null : <p className="mb-3 text-gray-800">{t('growth.refer.noLinkYet')}</p>}
        <ReferralLinkBox
          link={dashboard.url && dashboard.referralCode ? { referralCode: dashboard.referralCode, url: dashboard.url } : null}
          loginHref={null}
        />
      </section>
      {dashboard.referrals.length ? (
        <ul className="mt-6 divide-y divide-gray-200 rounded-2xl bg-white ring-1 ring-gray-200">
          {dashboard.referrals.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl bg-gray-50 p-4 text-gray-800">{t('growth.refer.none')}</p>
      )}
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to={href('referFaq')} className="text-brand-700 hover:underline">
          {t('growth.refer.faqLink')}
        </Link>
        <Link to={href('referTerms')} className="text-brand-700 hover:underline">
          {t('growth.refer.termsLink')}
        </Link>
      </p>
    </div>
  );
}
