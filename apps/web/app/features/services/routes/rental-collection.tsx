import { Form, Link, data, redirectDocument, useActionData, useNavigation, useSearchParams } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import type { CollectionInvoice, CollectionMonth, CollectionTenancy } from '@kunci/contracts/rental-collection';
import { formatMoneyExact } from '@kunci/i18n/format';
import type { MessageKey } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { ApiError, fieldErrors, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { Field } from '../../../components/ui/field.tsx';
import type { Route } from './+types/rental-collection';

const TABS = ['tenancies', 'invoices', 'payments', 'payouts', 'overdue'] as const;
type Tab = (typeof TABS)[number];
const rules = BUSINESS.rentalCollection;
const invitationDays = BUSINESS.agreement.invitationDays;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const year = Number(url.searchParams.get('year')) || undefined;
  const tab: Tab = (TABS as readonly string[]).includes(url.searchParams.get('tab') ?? '') ? (url.searchParams.get('tab') as Tab) : 'tenancies';
  const overview = await api.rentalCollection(year);
  // The landlord's started tenancies on Kunci not yet enrolled: offered for enrolment. Without them, only the other form.
  const enrolled = new Set(overview.tenancies.map((tenancy) => tenancy.dealId));
  const deals = await api
    .deals(user.id)
    .then((list) => list.content.filter((deal) => deal.viewerRole === 'LANDLORD' && deal.state === 'ACTIVE' && !enrolled.has(deal.id)))
    .catch(() => []);
  return {
    overview,
    tab,
    deals: deals.map((deal) => ({ id: deal.id, name: deal.propertyDto.name, tenant: deal.tenant.name, rent: deal.monthlyRent })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form, intent } = await signedInForm(request, context);
  try {
    if (intent === 'pay') {
      const { paymentUrl } = await api.payInvoice(String(form.get('invoiceId')));
      // The gateway's page is not one of ours: the browser loads it as a document.
      return redirectDocument(paymentUrl);
    }
    if (intent === 'accept') {
      const tenancy = await api.acceptTenancy(String(form.get('tenancyId')));
      return { ok: true as const, intent, property: tenancy.propertyName, invited: false };
    }
    const body =
      intent === 'enrol-deal'
        ? { dealId: String(form.get('dealId')) }
        : {
            tenantPhone: String(form.get('tenantPhone') ?? ''),
            propertyName: String(form.get('propertyName') ?? ''),
            monthlyRent: Number(form.get('monthlyRent')),
            dueDay: Number(form.get('dueDay')),
            startDate: String(form.get('startDate') ?? ''),
            termMonths: Number(form.get('termMonths')),
          };
    const { tenancy } = await api.enrolTenancy(body);
    return { ok: true as const, intent, property: tenancy.propertyName, invited: tenancy.status === 'INVITED' };
  } catch (error) {
    if (error instanceof ApiError && error.body)
      return data({ ok: false as const, intent, error: error.body.message, fields: fieldErrors(error.body.fields) }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('services.collection.page.title');

function useSen() {
  const { lang } = useI18n();
  return (sen: number) => formatMoneyExact(lang, sen / 100);
}

/** The year's rent by month: invoiced and paid side by side, paid out as a line of dots; a list says the same in words. */
function YearChart({ months, year }: { months: CollectionMonth[]; year: number }) {
  const { t, lang } = useI18n();
  const sen = useSen();
  const top = Math.max(1, ...months.map((month) => Math.max(month.invoicedSen, month.paidSen, month.paidOutSen)));
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(lang === 'ms' ? 'ms-MY' : lang === 'zh' ? 'zh-CN' : 'en-MY', { month: 'short', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  const height = 120;
  return (
    <section aria-labelledby="collection-chart" className="rounded-xl border border-gray-200 p-4">
      <h2 id="collection-chart" className="text-lg font-semibold">
        {t('services.collection.chart.title', { year })}
      </h2>
      <div className="mt-2 flex flex-wrap gap-4 text-sm text-gray-700" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block h-3 w-3 rounded-sm bg-gray-300" /> {t('services.collection.chart.invoiced')}
        </span>
        <span className="flex items-center gap-1">
          <span className="bg-brand-600 inline-block h-3 w-3 rounded-sm" /> {t('services.collection.chart.paid')}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-3 w-3 rounded-full bg-amber-500" /> {t('services.collection.chart.paidOut')}
        </span>
      </div>
      <svg viewBox={`0 0 ${12 * 30} ${height + 20}`} className="mt-3 h-48 w-full" aria-hidden="true" preserveAspectRatio="none">
        {months.map((month, index) => {
          const x = index * 30 + 4;
          const bar = (value: number) => Math.round((value / top) * height);
          return (
            <g key={month.month}>
              <rect x={x} y={height - bar(month.invoicedSen)} width={10} height={bar(month.invoicedSen)} className="fill-gray-300" />
              <rect x={x + 11} y={height - bar(month.paidSen)} width={10} height={bar(month.paidSen)} className="fill-brand-600" />
              {month.paidOutSen ? <circle cx={x + 11} cy={height - bar(month.paidOutSen)} r={3} className="fill-amber-500" /> : null}
              <text x={x + 11} y={height + 14} textAnchor="middle" className="fill-gray-600 text-[9px]">
                {monthName(month.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="sr-only">
        {months.map((month) => (
          <li key={month.month}>
            {t('services.collection.chart.summary', {
              month: monthName(month.month),
              invoiced: sen(month.invoicedSen),
              paid: sen(month.paidSen),
              paidOut: sen(month.paidOutSen),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Table({ caption, head, rows, empty }: { caption: string; head: string[]; rows: React.ReactNode[][]; empty: string }) {
  if (!rows.length) return <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column} className="px-3 py-2 align-top whitespace-nowrap">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PayButton({ invoice }: { invoice: CollectionInvoice }) {
  const { t } = useI18n();
  const sen = useSen();
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="invoiceId" value={invoice.id} />
      <button
        type="submit"
        name="intent"
        value="pay"
        disabled={navigation.state !== 'idle'}
        className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 rounded-full px-3 py-1.5 text-sm font-semibold text-white focus-visible:outline-2 disabled:opacity-60"
      >
        {t('services.collection.pay', { amount: sen(invoice.amountSen) })}
      </button>
    </Form>
  );
}

function InvoiceStatus({ invoice }: { invoice: CollectionInvoice }) {
  const { t } = useI18n();
  const status = invoice.status === 'PAID' ? 'PAID' : invoice.overdue ? 'OVERDUE' : 'UNPAID';
  const tone = status === 'PAID' ? 'bg-green-50 text-green-800' : status === 'OVERDUE' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900';
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{t(`services.collection.status.${status}`)}</span>;
}

function EnrolForms({ deals }: { deals: { id: string; name: string; tenant: string; rent: number }[] }) {
  const { t, money } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const errors = result && !result.ok && result.intent === 'enrol' ? result.fields : {};
  const button =
    'bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 mt-4 rounded-full px-4 py-2 font-semibold text-white focus-visible:outline-2 disabled:opacity-60';
  return (
    <section aria-labelledby="collection-enrol" className="rounded-xl border border-gray-200 p-4">
      <h2 id="collection-enrol" className="text-lg font-semibold">
        {t('services.collection.enrol.title')}
      </h2>
      {result && 'intent' in result && result.intent !== 'pay' && result.intent !== 'accept' ? (
        <p role={result.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${result.ok ? 'text-brand-700' : 'text-red-700'}`}>
          {result.ok
            ? result.invited
              ? t('services.collection.enrol.invited', { property: result.property, days: invitationDays })
              : t('services.collection.enrol.done', { property: result.property, days: rules.invoiceDaysBefore })
            : result.error}
        </p>
      ) : null}
      <div className="mt-3 grid grid-cols-1 gap-6 md:grid-cols-2">
        <Form method="post" className="flex flex-col">
          <h3 className="font-medium">{t('services.collection.enrol.deal')}</h3>
          {deals.length ? (
            <>
              <label htmlFor="enrol-deal" className="mt-2 text-sm font-medium text-gray-800">
                {t('services.collection.enrol.dealId')}
              </label>
              <select id="enrol-deal" name="dealId" className="mt-1 w-full min-w-0 rounded-lg border border-gray-300 px-3 py-2.5">
                {deals.map((deal) => (
                  <option key={deal.id} value={deal.id}>
                    {`${deal.name} · ${deal.tenant} · ${money(deal.rent)}`}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="enrol-deal" disabled={busy} className={`${button} self-start`}>
                {t('services.collection.enrol.submitDeal')}
              </button>
            </>
          ) : (
            <p className="mt-2 text-sm text-gray-700">{t('services.collection.enrol.dealHint')}</p>
          )}
        </Form>
        <Form method="post" className="flex flex-col gap-3">
          <h3 className="font-medium">{t('services.collection.enrol.elsewhere')}</h3>
          <Field
            id="enrol-phone"
            name="tenantPhone"
            type="tel"
            autoComplete="off"
            required
            label={t('services.collection.enrol.tenantPhone')}
            error={errors['tenantPhone']}
          />
          <Field
            id="enrol-property"
            name="propertyName"
            required
            minLength={BUSINESS.listing.name.min}
            maxLength={BUSINESS.listing.name.max}
            label={t('services.collection.enrol.propertyName')}
            error={errors['propertyName']}
          />
          <Field
            id="enrol-rent"
            name="monthlyRent"
            type="number"
            inputMode="numeric"
            required
            min={rules.rent.min}
            max={rules.rent.max}
            label={t('services.collection.enrol.monthlyRent')}
            error={errors['monthlyRent']}
          />
          <Field
            id="enrol-due"
            name="dueDay"
            type="number"
            required
            min={rules.dueDay.min}
            max={rules.dueDay.max}
            label={t('services.collection.enrol.dueDay', { min: rules.dueDay.min, max: rules.dueDay.max })}
            error={errors['dueDay']}
          />
          <Field
            id="enrol-start"
            name="startDate"
            type="date"
            required
            label={t('services.collection.enrol.startDate')}
            error={errors['startDate']}
          />
          <Field
            id="enrol-term"
            name="termMonths"
            type="number"
            required
            min={rules.termMonths.min}
            max={rules.termMonths.max}
            defaultValue={12}
            label={t('services.collection.enrol.termMonths')}
            error={errors['termMonths']}
          />
          <button type="submit" name="intent" value="enrol" disabled={busy} className={`${button} self-start`}>
            {t('services.collection.enrol.submit')}
          </button>
        </Form>
      </div>
    </section>
  );
}

/** Tenancies signed elsewhere that a landlord invited the signed-in tenant to pay through Kunci: the terms and Accept. */
function TenancyInvitations({ tenancies }: { tenancies: CollectionTenancy[] }) {
  const { t, date, dateTime } = useI18n();
  const sen = useSen();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!tenancies.length && !(result && 'intent' in result && result.intent === 'accept')) return null;
  const day = (iso: string) => date(`${iso}T00:00:00.000+08:00`);
  return (
    <section aria-labelledby="collection-invitations" className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="collection-invitations" className="text-lg font-semibold">
        {t('services.collection.invite.title')}
      </h2>
      {result && 'intent' in result && result.intent === 'accept' ? (
        <p role={result.ok ? 'status' : 'alert'} className={`text-sm ${result.ok ? 'text-brand-700' : 'text-red-700'}`}>
          {result.ok ? t('services.collection.invite.accepted', { property: result.property }) : result.error}
        </p>
      ) : null}
      <ul className="space-y-3">
        {tenancies.map((tenancy) => (
          <li key={tenancy.id} className="rounded-lg border border-amber-200 bg-white p-3 break-words">
            <p>
              {t('services.collection.invite.terms', {
                landlord: tenancy.counterpart,
                property: tenancy.propertyName,
                amount: sen(tenancy.monthlyRentSen),
                day: tenancy.dueDay,
                start: day(tenancy.startDate),
                end: day(tenancy.endDate),
              })}
            </p>
            {tenancy.invitedUntil ? (
              <p className="mt-1 text-sm text-gray-700">{t('services.collection.invite.until', { time: dateTime(tenancy.invitedUntil) })}</p>
            ) : null}
            <Form method="post" className="mt-2">
              <input type="hidden" name="tenancyId" value={tenancy.id} />
              <button
                type="submit"
                name="intent"
                value="accept"
                disabled={navigation.state !== 'idle'}
                className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 min-h-11 rounded-full px-4 py-2 font-semibold text-white focus-visible:outline-2 disabled:opacity-60"
              >
                {t('services.collection.invite.accept')}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function RentalCollection({ loaderData }: Route.ComponentProps) {
  const { overview, tab, deals } = loaderData;
  const { t, date, dateTime, lang, aside } = useI18n();
  const sen = useSen();
  const [params] = useSearchParams();
  const returned = params.get('invoice');
  const tabHref = (to: Tab) => `?${new URLSearchParams({ tab: to, ...(params.get('year') ? { year: String(overview.year) } : {}) }).toString()}`;
  const landlord = overview.tenancies.some((tenancy) => tenancy.side === 'LANDLORD') || deals.length > 0;
  const day = (iso: string) => date(`${iso}T00:00:00.000+08:00`);
  const rate = new Intl.NumberFormat(lang === 'ms' ? 'ms-MY' : lang === 'zh' ? 'zh-CN' : 'en-MY', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(rules.processingFeeRate);
  const paid = overview.invoices.filter((invoice) => invoice.status === 'PAID');
  const overdue = overview.invoices.filter((invoice) => invoice.overdue);
  const tabLabel: Record<Tab, MessageKey> = {
    tenancies: 'services.collection.tab.tenancies',
    invoices: 'services.collection.tab.invoices',
    payments: 'services.collection.tab.payments',
    payouts: 'services.collection.tab.payouts',
    overdue: 'services.collection.tab.overdue',
  };
  const invoiceRows = (list: CollectionInvoice[]) =>
    list.map((invoice) => [
      invoice.propertyName,
      day(invoice.dueDate),
      sen(invoice.amountSen),
      <InvoiceStatus key="status" invoice={invoice} />,
      invoice.paidAt ? date(invoice.paidAt) : invoice.payUrl ? <PayButton key="pay" invoice={invoice} /> : '',
    ]);
  const invoiceHead = [
    t('services.collection.col.property'),
    t('services.collection.col.due'),
    t('services.collection.col.amount'),
    t('services.collection.col.status'),
    t('services.collection.col.paidAt'),
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('services.collection.page.title')}</h1>
          <p className="mt-1 text-gray-700">
            {t('services.collection.page.intro', { days: rules.invoiceDaysBefore, payoutDays: rules.payoutWorkingDays })}
          </p>
          <p className="text-sm text-gray-600">{t('services.collection.page.fee', { rate })}</p>
        </div>
        {landlord ? (
          <a
            href={`/api/rental-collection/export.csv?year=${overview.year}`}
            download
            className="focus-visible:outline-brand-600 rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2"
          >
            {t('services.collection.export')}
          </a>
        ) : null}
      </header>
      {returned ? (
        <p role="status" className="text-brand-800 rounded-lg bg-green-50 px-4 py-3">
          {t('services.collection.paid')}
        </p>
      ) : null}

      {landlord ? (
        <dl className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ['services.collection.totals.overdue', overview.totals.overdueSen],
              ['services.collection.totals.scheduled', overview.totals.scheduledSen],
              ['services.collection.totals.paidOut', overview.totals.paidOutSen],
            ] as const
          ).map(([label, amount]) => (
            <div key={label} className="rounded-xl border border-gray-200 p-4">
              <dt className="text-sm text-gray-700">{t(label)}</dt>
              <dd className="mt-1 text-xl font-semibold">{sen(amount)}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <TenancyInvitations tenancies={overview.tenancies.filter((tenancy) => tenancy.side === 'TENANT' && tenancy.status === 'INVITED')} />

      {landlord ? <YearChart months={overview.months} year={overview.year} /> : null}

      <nav aria-label={t('services.collection.page.title')} className="flex gap-2 overflow-x-auto">
        {TABS.map((each) => (
          <Link
            key={each}
            to={tabHref(each)}
            preventScrollReset
            aria-current={each === tab ? 'page' : undefined}
            className={`focus-visible:outline-brand-600 rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 ${each === tab ? 'bg-brand-600 text-white' : 'border border-gray-300 hover:bg-gray-50'}`}
          >
            {t(tabLabel[each])}
            {each === 'overdue' && overdue.length ? aside(overdue.length) : ''}
          </Link>
        ))}
      </nav>

      {tab === 'tenancies' ? (
        <Table
          caption={t('services.collection.tab.tenancies')}
          head={[
            t('services.collection.col.property'),
            t('services.collection.col.counterpart'),
            t('services.collection.col.rent'),
            t('services.collection.col.dueDay'),
            t('services.collection.col.term'),
            t('services.collection.col.overdue'),
          ]}
          rows={overview.tenancies.map((tenancy) => [
            <span key="name">
              <span className="font-medium">{tenancy.propertyName}</span>
              <span className="block text-xs text-gray-600">{t(`services.collection.side.${tenancy.side}`)}</span>
              {tenancy.status === 'INVITED' && tenancy.invitedUntil ? (
                <span className="block text-xs font-medium text-amber-900">
                  {t('services.collection.invite.waiting', { time: dateTime(tenancy.invitedUntil) })}
                </span>
              ) : null}
            </span>,
            tenancy.counterpart,
            sen(tenancy.monthlyRentSen),
            tenancy.dueDay,
            t('services.collection.term', { start: day(tenancy.startDate), end: day(tenancy.endDate), months: tenancy.termMonths }),
            tenancy.overdueCount ? <span className="font-semibold text-red-700">{tenancy.overdueCount}</span> : '0',
          ])}
          empty={t('services.collection.empty.tenancies')}
        />
      ) : null}
      {tab === 'invoices' ? (
        <Table
          caption={t('services.collection.tab.invoices')}
          head={invoiceHead}
          rows={invoiceRows(overview.invoices)}
          empty={t('services.collection.empty.invoices', { days: rules.invoiceDaysBefore })}
        />
      ) : null}
      {tab === 'payments' ? (
        <Table
          caption={t('services.collection.tab.payments')}
          head={[
            t('services.collection.col.property'),
            t('services.collection.col.due'),
            t('services.collection.col.amount'),
            t('services.collection.col.paidAt'),
            t('services.collection.col.method'),
          ]}
          rows={paid.map((invoice) => [
            invoice.propertyName,
            day(invoice.dueDate),
            sen(invoice.amountSen),
            invoice.paidAt ? date(invoice.paidAt) : '',
            invoice.method ? t(`services.collection.method.${invoice.method}`) : '',
          ])}
          empty={t('services.collection.empty.payments')}
        />
      ) : null}
      {tab === 'payouts' ? (
        <Table
          caption={t('services.collection.tab.payouts')}
          head={[
            t('services.collection.col.property'),
            t('services.collection.col.amount'),
            t('services.collection.col.fee'),
            t('services.collection.col.net'),
            t('services.collection.col.payoutDate'),
            t('services.collection.col.status'),
          ]}
          rows={overview.payouts.map((payout) => [
            payout.propertyName,
            sen(payout.grossSen),
            sen(payout.feeSen),
            <span key="net" className="font-semibold">
              {sen(payout.netSen)}
            </span>,
            day(payout.payoutDate),
            t(`services.collection.payout.${payout.status}`),
          ])}
          empty={t('services.collection.empty.payouts')}
        />
      ) : null}
      {tab === 'overdue' ? (
        <Table
          caption={t('services.collection.tab.overdue')}
          head={invoiceHead}
          rows={invoiceRows(overdue)}
          empty={t('services.collection.empty.overdue')}
        />
      ) : null}

      <EnrolForms deals={deals} />
    </div>
  );
}
