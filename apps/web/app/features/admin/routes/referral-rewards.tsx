import { Form, data, useActionData, useNavigation } from 'react-router';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { requireStaff, staffAction, staffForm } from '../staff.server.ts';
import type { Route } from './+types/referral-rewards';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang } = requireStaff(request, context, ['operations']);
  return { role: user.role, rewards: (await serverApi(context, lang).payableRewards()).content };
}

/**
 * `show`: one reward's full bank details; `paid`: marks it paid after the transfer. Both ask for a PIN when the
 * session has not confirmed one lately (the API answers 428), then run with it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, form } = await staffForm(request, context, ['operations']);
  const id = Number(form.get('id'));
  const name = String(form.get('name') ?? '');
  const result = await staffAction(api, form, async () =>
    form.get('intent') === 'show' ? { shown: await api.rewardBankDetails(id), name } : (await api.markRewardPaid(id), { shown: null, name }),
  );
  return result.ok ? { ...result, id } : data({ ...result, id }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('growth.payoutAdmin.title')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/**
 * Operations pay earned referral rewards by bank transfer: the list shows where to pay masked; the full account of
 * one reward is shown on request, and marking it paid (ledger and audit log on the server) follows the transfer.
 */
export default function ReferralRewards({ loaderData }: Route.ComponentProps) {
  const { t, date } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const done = result?.ok ? result : null;
  return (
    <AdminShell role={loaderData.role} title={t('growth.payoutAdmin.title')}>
      <p className="max-w-prose text-gray-700">{t('growth.payoutAdmin.intro')}</p>
      {done && !done.value.shown ? <ActionMessage result={result} done={t('growth.payoutAdmin.paid', { name: done.value.name })} /> : null}
      {result && !result.ok && !('needsPin' in result) ? <ActionMessage result={result} done="" /> : null}
      <PinPrompt result={result} />
      {loaderData.rewards.length === 0 ? (
        <p className="mt-6 rounded-xl bg-gray-50 p-4 text-gray-800">{t('growth.payoutAdmin.none')}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.rewards.map((reward) => {
            const shown = done?.id === reward.referralId ? done.value.shown : null;
            const headingId = `reward-${reward.referralId}`;
            return (
              <li key={reward.referralId}>
                <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
                  <h2 id={headingId} className="font-semibold">
                    {reward.referrerName}
                  </h2>
                  <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                    <dt className="font-semibold">{t('growth.payoutAdmin.amount')}</dt>
                    <dd>RM{reward.amount}</dd>
                    <dt className="font-semibold">{t('growth.payoutAdmin.account')}</dt>
                    <dd className="break-words">
                      {shown ? (
                        <>
                          {shown.bankName} · <span className="font-mono">{shown.accountNumber}</span> · {shown.accountHolder}
                        </>
                      ) : (
                        <>
                          {reward.bankName} · <span className="font-mono">{reward.accountNumber}</span> · {reward.accountHolder}
                        </>
                      )}
                    </dd>
                    {reward.expiresAt ? (
                      <>
                        <dt className="font-semibold">{t('growth.payoutAdmin.expires')}</dt>
                        <dd>{date(reward.expiresAt)}</dd>
                      </>
                    ) : null}
                  </dl>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {shown ? null : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="show" />
                        <input type="hidden" name="id" value={reward.referralId} />
                        <input type="hidden" name="name" value={reward.referrerName} />
                        <button
                          type="submit"
                          disabled={busy}
                          className="min-h-11 rounded-full px-4 py-2 text-sm font-medium text-brand-700 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-60"
                        >
                          {t('growth.payoutAdmin.show', { name: reward.referrerName })}
                        </button>
                      </Form>
                    )}
                    <Form method="post">
                      <input type="hidden" name="intent" value="paid" />
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
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </AdminShell>
  );
}
