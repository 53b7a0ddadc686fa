import { Form, Link, data, useNavigation } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { MALAYSIAN_BANKS, type PayoutDetails, type ReferralEntry } from '@kunci/contracts/growth';
import { parsePath } from '@kunci/i18n/paths';
import { Button, Field, FormError, SelectField } from '../../../components/ui/field.tsx';
import { serverApi, type ApiError } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { clientRefusal, signedInForm } from '../../../lib/form-action.server.ts';
import { ReferralLinkBox } from '../components/referral-link-box.tsx';
import type { Route } from './+types/refer-dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname.replace(/\.data$/, ''));
  requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const [dashboard, payout] = await Promise.all([api.referralDashboard(), api.payoutDetails()]);
  return { dashboard, payout: payout.details };
}

type PayoutResult = { intent: 'payout'; ok: boolean; error?: string; fields?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form } = await signedInForm(request, context);
  if (form.get('intent') === 'payout') {
    try {
      await api.savePayoutDetails({
        bank: String(form.get('bank') ?? ''),
        accountHolder: String(form.get('accountHolder') ?? ''),
        accountNumber: String(form.get('accountNumber') ?? ''),
      });
      return { intent: 'payout', ok: true } satisfies PayoutResult;
    } catch (error) {
      return data({ intent: 'payout', ...clientRefusal(error) } satisfies PayoutResult, { status: (error as ApiError).status });
    }
  }
  await api.referralLink();
  return { ok: true };
}

export const meta: Route.MetaFunction = noindexMeta('growth.refer.dashboardTitle');

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
      <div className="flex flex-col gap-1 sm:items-end">
        {reward ? (
          <p className={`text-sm font-medium ${reward.state === 'EXPIRED' ? 'text-gray-600' : 'text-brand-800'}`}>
            {t(`growth.refer.reward.${reward.state}`, { amount: reward.amount, date: reward.expiresAt ? date(reward.expiresAt) : '' })}
          </p>
        ) : null}
        <p className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-medium ${STATE_STYLE[entry.payoutState]}`}>
          {t(`growth.payout.state.${entry.payoutState}`)}
        </p>
      </div>
    </li>
  );
}

const STATE_STYLE: Record<ReferralEntry['payoutState'], string> = {
  PENDING: 'bg-gray-100 text-gray-800',
  QUALIFIED: 'bg-amber-100 text-amber-900',
  PAYABLE: 'bg-brand-100 text-brand-900',
  PAID: 'bg-brand-700 text-white',
  EXPIRED: 'bg-gray-200 text-gray-800',
};
const BANK_OPTIONS = Object.entries(MALAYSIAN_BANKS).map(([value, label]) => ({ value, label }));

/** Where rewards are paid: the masked details on file, and the form to give or change them. */
function PayoutSection({ details, result }: { details: PayoutDetails | null; result: PayoutResult | undefined }) {
  const { t } = useI18n();
  const busy = useNavigation().state !== 'idle';
  const fields = result?.fields ?? {};
  const form = (
    <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="payout" />
      <FormError message={result && !result.ok && !Object.keys(fields).length ? result.error : undefined} />
      <SelectField
        id="payout-bank"
        name="bank"
        label={t('growth.payout.bank')}
        defaultValue={details?.bank ?? ''}
        required
        error={fields['bank']}
        options={[{ value: '', label: t('growth.payout.chooseBank') }, ...BANK_OPTIONS]}
      />
      <Field id="payout-holder" name="accountHolder" label={t('growth.payout.holder')} autoComplete="name" required error={fields['accountHolder']} />
      <Field
        id="payout-number"
        name="accountNumber"
        label={t('growth.payout.number')}
        hint={t('growth.payout.numberHint')}
        inputMode="numeric"
        autoComplete="off"
        required
        error={fields['accountNumber']}
      />
      <div className="self-end">
        <Button type="submit" disabled={busy}>
          {t('growth.payout.save')}
        </Button>
      </div>
    </Form>
  );
  return (
    <section aria-labelledby="payout-title" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-gray-200 md:p-6">
      <h2 id="payout-title" className="text-lg font-semibold">
        {t('growth.payout.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t('growth.payout.intro', { days: BUSINESS.growth.referral.paymentWorkingDays })}</p>
      {result?.ok ? (
        <p role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-brand-900">
          {t('growth.payout.saved')}
        </p>
      ) : null}
      {details ? (
        <>
          <p className="mt-3 break-words font-medium">
            {t('growth.payout.current', { bank: details.bankName, number: details.accountNumber, holder: details.accountHolder })}
          </p>
          <details className="mt-3" open={Boolean(result && !result.ok)}>
            <summary className="cursor-pointer text-brand-700 hover:underline">{t('growth.payout.change')}</summary>
            {form}
          </details>
        </>
      ) : (
        <>
          <p className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900">{t('growth.payout.none')}</p>
          {form}
        </>
      )}
    </section>
  );
}

/** The referral dashboard: invited, pending, qualified, rewards and their state. */
export default function ReferDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { dashboard, payout } = loaderData;
  const payoutResult = actionData && 'intent' in actionData ? (actionData as PayoutResult) : undefined;
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
      <PayoutSection details={payout} result={payoutResult} />
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
