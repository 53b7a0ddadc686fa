import { Form, data, redirect, useNavigation } from 'react-router';
import { holdsRole } from '@kunci/contracts/staff';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/referral-rewards-admin';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname.replace(/\.data$/, ''));
  const user = requireUser(request, context, lang);
  if (!holdsRole(user.role, ['operations'])) throw redirect(href(lang, 'dashboard'));
  return { rewards: (await serverApi(context, lang).payableRewards()).content };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname.replace(/\.data$/, ''));
  requireUser(request, context, lang);
  const form = await request.formData();
  const name = String(form.get('name') ?? '');
  try {
    await serverApi(context, lang).markRewardPaid(Number(form.get('id')));
    return { ok: true as const, name };
  } catch (error) {
    // Paid or expired meanwhile, or the details were removed: the server's reason, in the page's language.
    if (error instanceof ApiError && error.body && error.status < 500)
      return data({ ok: false as const, error: error.body.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('growth.payoutAdmin.title')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

/** Operations pay earned referral rewards by bank transfer, then mark each paid (ledger and audit log on the server). */
export default function ReferralRewardsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { t, date } = useI18n();
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('growth.payoutAdmin.title')}</h1>
      <p className="mt-2 text-gray-700">{t('growth.payoutAdmin.intro')}</p>
      {actionData ? (
        <p
          role={actionData.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-lg p-3 ${actionData.ok ? 'bg-brand-50 text-brand-900' : 'bg-red-50 text-red-900'}`}
        >
          {actionData.ok ? t('growth.payoutAdmin.paid', { name: actionData.name }) : actionData.error}
        </p>
      ) : null}
      {loaderData.rewards.length === 0 ? (
        <p className="mt-6 rounded-xl bg-gray-50 p-4 text-gray-800">{t('growth.payoutAdmin.none')}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.rewards.map((reward) => (
            <li key={reward.referralId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold">{t('growth.payoutAdmin.referrer')}</dt>
                <dd className="break-words">{reward.referrerName}</dd>
                <dt className="font-semibold">{t('growth.payoutAdmin.amount')}</dt>
                <dd>RM{reward.amount}</dd>
                <dt className="font-semibold">{t('growth.payoutAdmin.account')}</dt>
                <dd className="break-words">
                  {reward.bankName} · <span className="font-mono">{reward.accountNumber}</span> · {reward.accountHolder}
                </dd>
                {reward.expiresAt ? (
                  <>
                    <dt className="font-semibold">{t('growth.payoutAdmin.expires')}</dt>
                    <dd>{date(reward.expiresAt)}</dd>
                  </>
                ) : null}
              </dl>
              <Form method="post" className="mt-3">
                <input type="hidden" name="id" value={reward.referralId} />
                <input type="hidden" name="name" value={reward.referrerName} />
                <button
                  type="submit"
                  disabled={busy}
                  className="min-h-11 rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  {t('growth.payoutAdmin.markPaid', { amount: reward.amount, name: reward.referrerName })}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
