import { Form, Link, redirectDocument, useActionData, useNavigation } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { PROTECTION_PLANS, protectionQuote, type ProtectionPlan } from '@kunci/contracts/protection';
import { formatMoneyExact } from '@kunci/i18n/format';
import type { MessageKey } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { explainedRefusal, explainedRefusalWithStatus } from '../../../lib/form-action.server.ts';
import { getSession } from '../../../lib/session.server.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { describedMeta } from '../../../lib/seo.ts';
import { Field } from '../../../components/ui/field.tsx';
import type { Route } from './+types/protection';

const rules = BUSINESS.protection;
const PLAN_NAME: Record<ProtectionPlan, MessageKey> = {
  STANDARD: 'services.protection.plan.STANDARD',
  PROTECT: 'services.protection.plan.PROTECT',
  PROTECT_PLUS: 'services.protection.plan.PROTECT_PLUS',
};

/** A signed-in landlord's started tenancies, offered for protection (or why not); nothing for anyone else. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const { user } = getSession(context);
  if (!user) return { signedIn: false as const, insurable: [] };
  const overview = await serverApi(context, lang)
    .protection()
    .catch(() => null);
  return { signedIn: true as const, insurable: overview?.insurable ?? [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const form = await request.formData();
  if (form.get('intent') === 'buy') {
    try {
      const plan = String(form.get('plan')) as ProtectionPlan;
      const { paymentUrl } = await serverApi(context, lang).buyProtection({ dealId: String(form.get('dealId')), plan });
      // The gateway's page is not one of ours: the browser loads it as a document.
      return redirectDocument(paymentUrl);
    } catch (error) {
      return explainedRefusalWithStatus(error, { buy: true as const });
    }
  }
  try {
    const quote = await serverApi(context, lang).protectionQuote({ monthlyRent: Number(form.get('monthlyRent')), room: form.get('room') === 'on' });
    return { ok: true as const, quote };
  } catch (error) {
    return explainedRefusal(error);
  }
}

export const meta: Route.MetaFunction = describedMeta('services.protection.page.title', 'services.protection.page.intro', {
  min: rules.rent.min,
  max: rules.rent.max,
  months: rules.coverMonths,
  cover: rules.maxCover,
});

/** The three plans, what sets them apart, and a quote from the rent with the split over the first invoices. */
export default function Protection({ loaderData }: Route.ComponentProps) {
  const { t, lang, href } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const sen = (amount: number) => formatMoneyExact(lang, amount / 100);
  const features: [MessageKey, ProtectionPlan[]][] = [
    ['services.protection.feature.lossOfRent', ['STANDARD', 'PROTECT', 'PROTECT_PLUS']],
    ['services.protection.feature.damage', ['STANDARD', 'PROTECT', 'PROTECT_PLUS']],
    ['services.protection.feature.legal', ['STANDARD', 'PROTECT', 'PROTECT_PLUS']],
    ['services.protection.feature.otr', ['PROTECT_PLUS']],
    ['services.protection.feature.ocd', ['PROTECT_PLUS']],
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('services.protection.page.title')}</h1>
      <p className="text-gray-700">
        {t('services.protection.page.intro', { min: rules.rent.min, max: rules.rent.max, months: rules.coverMonths, cover: rules.maxCover })}
      </p>
      <div className="overflow-x-auto rounded-xl border border-gray-200">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{t('services.protection.table.caption')}</caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('services.protection.table.cover')}
              </th>
              {PROTECTION_PLANS.map((plan) => (
                <th key={plan} scope="col" className="px-3 py-2 whitespace-nowrap">
                  {t(PLAN_NAME[plan])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {features.map(([feature, plans]) => (
              <tr key={feature}>
                <th scope="row" className="px-3 py-2 font-normal">
                  {t(feature, { months: rules.lossOfRentMonths })}
                </th>
                {PROTECTION_PLANS.map((plan) => (
                  <td key={plan} className="px-3 py-2">
                    {plans.includes(plan) ? t('services.protection.table.yes') : t('services.protection.table.no')}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row" className="px-3 py-2 font-normal">
                {t('services.protection.table.price')}
              </th>
              {PROTECTION_PLANS.map((plan) => (
                <td key={plan} className="px-3 py-2">
                  {t('services.protection.table.months', { months: rules.plans[plan].months })}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="text-sm text-gray-600">
        {t('services.protection.page.terms', { days: rules.buyWithinDays, instalments: rules.instalments, stamp: rules.stampDuty })}
      </p>
      <p className="text-sm">
        <a href={href('ocd')} className="text-brand-700 font-medium underline">
          {t('services.ocd.title')}
        </a>
      </p>
      <Form method="post" className="rounded-xl border border-gray-200 p-4">
        <h2 className="text-lg font-semibold">{t('services.protection.quote.title')}</h2>
        <div className="mt-3 flex flex-wrap items-end gap-4">
          <div className="w-48">
            <Field
              id="quote-rent"
              name="monthlyRent"
              type="number"
              inputMode="numeric"
              min={1}
              required
              label={t('services.protection.quote.rent')}
              error={result && !result.ok ? result.error : undefined}
            />
          </div>
          <label className="flex items-center gap-2 pb-3 text-sm">
            <input type="checkbox" name="room" className="h-4 w-4" />
            {t('services.protection.quote.room')}
          </label>
          <button
            type="submit"
            disabled={busy}
            className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 rounded-full px-4 py-2.5 font-semibold text-white focus-visible:outline-2 disabled:opacity-60"
          >
            {t('services.protection.quote.submit')}
          </button>
        </div>
        {result?.ok ? (
          <div role="status" className="mt-4">
            {result.quote.eligible ? (
              <ul className="grid gap-3 sm:grid-cols-3">
                {result.quote.plans.map((plan) => (
                  <li key={plan.plan} className="rounded-lg border border-gray-200 p-3">
                    <p className="font-semibold">{t(PLAN_NAME[plan.plan])}</p>
                    <p className="mt-1 text-xl font-bold">{sen(plan.totalSen)}</p>
                    <p className="text-sm text-gray-700">
                      {t('services.protection.quote.split', { count: plan.instalmentsSen.length, amount: sen(plan.instalmentsSen[0]!) })}
                    </p>
                    <p className="mt-1 text-xs text-gray-600">
                      {t('services.protection.quote.breakdown', {
                        premium: sen(plan.premiumSen),
                        sst: sen(plan.sstSen),
                        stamp: sen(plan.stampDutySen),
                      })}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-red-700">
                {t(result.quote.reason === 'ABOVE_BAND' ? 'services.protection.quote.above' : 'services.protection.quote.below', {
                  min: rules.rent.min,
                  max: rules.rent.max,
                })}
              </p>
            )}
          </div>
        ) : null}
      </Form>
      <BuySection
        signedIn={loaderData.signedIn}
        insurable={loaderData.insurable}
        error={result && 'buy' in result ? result.error : undefined}
        busy={busy}
      />
      <p>
        <Link to={href('protectionPolicies')} className="text-brand-700 font-medium hover:underline">
          {t('services.protection.buy.mine')}
        </Link>
      </p>
    </div>
  );
}

/** The landlord's tenancies that may be protected now, and a plan for one: the first instalment is paid at the gateway. */
function BuySection({
  signedIn,
  insurable,
  error,
  busy,
}: {
  signedIn: boolean;
  insurable: Route.ComponentProps['loaderData']['insurable'];
  error: string | undefined;
  busy: boolean;
}) {
  const { t, lang, href, date } = useI18n();
  const sen = (amount: number) => formatMoneyExact(lang, amount / 100);
  const open = insurable.filter((deal) => deal.refusal === null);
  return (
    <section aria-labelledby="buy-title" className="rounded-xl border border-gray-200 p-4">
      <h2 id="buy-title" className="text-lg font-semibold">
        {t('services.protection.buy.title')}
      </h2>
      {!signedIn ? (
        <p className="mt-2 text-gray-700">
          <Link to={href('login', undefined, { origin: href('protection') })} className="text-brand-700 hover:underline">
            {t('services.protection.buy.signIn')}
          </Link>
        </p>
      ) : insurable.length === 0 ? (
        <p className="mt-2 text-gray-700">{t('services.protection.buy.none')}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-gray-700">{t('services.protection.buy.intro')}</p>
          <ul className="mt-3 space-y-1 text-sm">
            {insurable.map((deal) => (
              <li key={deal.dealId}>
                <span className="font-medium">{deal.propertyName}</span> ·{' '}
                {deal.refusal
                  ? t('services.protection.buy.refusal', { reason: deal.refusal })
                  : t('services.protection.buy.buyBy', { date: date(`${deal.buyBy}T00:00:00+08:00`) })}
              </li>
            ))}
          </ul>
          {open.map((deal) => (
            <Form key={deal.dealId} method="post" className="mt-4 space-y-3 rounded-lg border border-gray-200 p-3">
              <input type="hidden" name="intent" value="buy" />
              <input type="hidden" name="dealId" value={deal.dealId} />
              <fieldset>
                <legend className="text-sm font-medium text-gray-800">
                  {t('services.protection.buy.dealOption', {
                    property: deal.propertyName,
                    rent: sen(deal.monthlyRent * 100),
                    date: date(`${deal.moveInDate}T00:00:00+08:00`),
                  })}
                </legend>
                <div className="mt-2 space-y-2">
                  {protectionQuote(deal.monthlyRent, deal.room).plans.map((plan) => (
                    <label key={plan.plan} className="flex items-start gap-2 text-sm">
                      <input
                        type="radio"
                        name="plan"
                        value={plan.plan}
                        defaultChecked={plan.plan === 'PROTECT_PLUS'}
                        className="mt-1 h-4 w-4 shrink-0"
                      />
                      <span>
                        {t('services.protection.buy.planOption', {
                          plan: t(PLAN_NAME[plan.plan]),
                          total: sen(plan.totalSen),
                          amount: sen(plan.instalmentsSen[0]!),
                        })}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <button
                type="submit"
                disabled={busy}
                className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 rounded-full px-4 py-2.5 font-semibold text-white focus-visible:outline-2 disabled:opacity-60"
              >
                {t('services.protection.buy.submit')}
              </button>
            </Form>
          ))}
          {error ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
