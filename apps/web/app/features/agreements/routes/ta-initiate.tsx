import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { UTILITIES, type Agreement } from '@kunci/contracts/agreements';
import type { Deal } from '@kunci/contracts/deals';
import { formatMoneyExact } from '@kunci/i18n/format';
import { LANGUAGES } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { Button, Field, FormError, SelectField } from '../../../components/ui/field.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { languageOf, metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/ta-initiate';

/** Which side's page this is: `/dashboard/ta-initiate/new/landlord` or `/tenant` (`.data` when the browser navigates). */
const sideOf = (request: Request): 'LANDLORD' | 'TENANT' => (/\/landlord(\.data)?$/.test(new URL(request.url).pathname) ? 'LANDLORD' : 'TENANT');

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = languageOf(request);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const side = sideOf(request);
  const dealId = new URL(request.url).searchParams.get('dealId');
  if (!dealId) {
    // The user's deals on this side that have (or may start) an agreement.
    const deals = (await api.deals(user.id)).content.filter(
      (deal) => deal.viewerRole === side && ['APPROVED', 'AGREEMENT', 'SIGNED', 'ACTIVE'].includes(deal.state),
    );
    return { side, deals, deal: null, agreement: null, user: { name: user.name ?? '' } };
  }
  let deal: Deal;
  try {
    deal = await api.deal(dealId);
  } catch (error) {
    if (error instanceof ApiError && [403, 404, 422].includes(error.status)) throw data(null, { status: 404 });
    throw error;
  }
  // The other side's link sends a party to their own page.
  if (deal.viewerRole === 'TENANT' || deal.viewerRole === 'LANDLORD') {
    if (deal.viewerRole !== side) {
      throw redirect(href(lang, deal.viewerRole === 'LANDLORD' ? 'taInitiateLandlord' : 'taInitiateTenant', undefined, { dealId: deal.id }));
    }
  }
  let agreement: Agreement | null = null;
  try {
    agreement = await api.agreementOfDeal(deal.id);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  return { side, deals: null, deal, agreement, user: { name: user.name ?? '' } };
}

/** The page's own address (a browser's form post comes to `….data?…&_routes=…`). */
function pageUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  return `${url.pathname.replace(/\.data$/, '')}${url.search}`;
}

type ActionResult = { error: string | null; fields: Record<string, string>; codeSent: { sentTo: string; expiresAt: string } | null };

export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageOf(request);
  requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const text = (name: string) => String(form.get(name) ?? '').trim();
  try {
    if (intent === 'create') {
      await api.createAgreement({
        dealId: text('dealId'),
        language: (LANGUAGES as readonly string[]).includes(text('language')) ? (text('language') as (typeof LANGUAGES)[number]) : lang,
        address: text('address'),
        utilities: form.getAll('utilities').map(String) as (typeof UTILITIES)[number][],
        houseRules: text('houseRules'),
        landlord: {
          name: text('landlordName'),
          idType: text('landlordIdType') === 'PASSPORT' ? 'PASSPORT' : 'IC',
          idNumber: text('landlordIdNumber'),
        },
        tenant: { name: text('tenantName'), idType: text('tenantIdType') === 'PASSPORT' ? 'PASSPORT' : 'IC', idNumber: text('tenantIdNumber') },
      });
      return redirect(pageUrl(request));
    }
    if (intent === 'code') {
      const sent = await api.sendAgreementCode(text('agreementId'));
      return { error: null, fields: {}, codeSent: sent } satisfies ActionResult;
    }
    if (intent === 'sign') {
      await api.signAgreement(text('agreementId'), { code: text('code') });
      return redirect(pageUrl(request));
    }
    throw data(null, { status: 400 });
  } catch (error) {
    if (error instanceof ApiError && error.body && error.status < 500) {
      // Field errors come as `body.tenant.idNumber`: keyed by the form's own names.
      const fields = Object.fromEntries(
        (error.body.fields ?? []).map((field) => [
          field.path.replace(/^body\./, '').replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase()),
          field.message,
        ]),
      );
      return data({ error: error.body.message, fields, codeSent: null } satisfies ActionResult, { status: 400 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('agreements.page.title')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

/** `/dashboard/ta-initiate/new/landlord` and `/tenant`: start the tenancy agreement of an approved deal, then sign it. */
export default function TaInitiatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = actionData as ActionResult | undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t(loaderData.side === 'LANDLORD' ? 'agreements.page.landlord' : 'agreements.page.tenant')}</h1>
      {loaderData.deal && loaderData.agreement ? (
        <AgreementView agreement={loaderData.agreement} result={result} />
      ) : loaderData.deal ? (
        <AgreementForm deal={loaderData.deal} side={loaderData.side} userName={loaderData.user.name} result={result} />
      ) : (
        <DealPicker deals={loaderData.deals ?? []} />
      )}
    </div>
  );
}

function DealPicker({ deals }: { deals: Deal[] }) {
  const { t, href, money, date } = useI18n();
  if (deals.length === 0)
    return <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-gray-700">{t('agreements.page.noDeals')}</p>;
  return (
    <>
      <p className="mt-4 text-gray-700">{t('agreements.page.pickDeal')}</p>
      <ul className="mt-4 space-y-3">
        {deals.map((deal) => (
          <li key={deal.id}>
            <Link
              to={`?dealId=${encodeURIComponent(deal.id)}`}
              className="block rounded-xl border border-gray-200 p-4 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="font-semibold">{t('agreements.page.forDeal', { listing: deal.propertyDto.name })}</span>
              <span className="mt-1 block text-sm text-gray-600">
                {t('deal.state', { state: deal.state })} · {t('deal.facts.rentValue', { amount: money(deal.monthlyRent) })} ·{' '}
                {date(`${deal.moveInDate}T00:00:00+08:00`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm">
        <Link to={href('deal')} className="text-brand-700 hover:underline">
          {t('deal.title')}
        </Link>
      </p>
    </>
  );
}

function PartyFields({ who, defaultName, fields }: { who: 'landlord' | 'tenant'; defaultName: string; fields: Record<string, string> }) {
  const { t } = useI18n();
  return (
    <fieldset className="space-y-3 rounded-xl border border-gray-200 p-4">
      <legend className="px-1 font-semibold">{t(who === 'landlord' ? 'agreements.pdf.landlord' : 'agreements.pdf.tenant')}</legend>
      <Field
        id={`${who}-name`}
        name={`${who}Name`}
        required
        minLength={2}
        maxLength={120}
        autoComplete={defaultName ? 'name' : 'off'}
        defaultValue={defaultName}
        label={t(who === 'landlord' ? 'agreements.page.landlordName' : 'agreements.page.tenantName')}
        error={fields[`${who}Name`]}
      />
      <SelectField
        id={`${who}-id-type`}
        name={`${who}IdType`}
        label={t('agreements.page.idType')}
        options={[
          { value: 'IC', label: t('agreements.page.idIc') },
          { value: 'PASSPORT', label: t('agreements.page.idPassport') },
        ]}
      />
      <Field
        id={`${who}-id-number`}
        name={`${who}IdNumber`}
        required
        minLength={6}
        maxLength={20}
        autoComplete="off"
        label={t('agreements.page.idNumber')}
        hint={t('agreements.page.idHint')}
        error={fields[`${who}IdNumber`]}
      />
    </fieldset>
  );
}

function AgreementForm({
  deal,
  side,
  userName,
  result,
}: {
  deal: Deal;
  side: 'LANDLORD' | 'TENANT';
  userName: string;
  result: ActionResult | undefined;
}) {
  const { t, money, date, lang } = useI18n();
  const navigation = useNavigation();
  const fields = result?.fields ?? {};
  if (deal.state !== 'APPROVED') {
    return <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-gray-700">{t('agreements.page.noDeals')}</p>;
  }
  const surcharge = deal.moveIn.surchargeSen;
  return (
    <Form method="post" className="mt-6 space-y-5">
      <h2 className="text-lg font-semibold">{t('agreements.page.forDeal', { listing: deal.propertyDto.name })}</h2>
      <p className="text-gray-700">
        {t('agreements.page.dealTerms', {
          rent: money(deal.monthlyRent),
          months: deal.tenancyMonths,
          date: date(`${deal.moveInDate}T00:00:00+08:00`),
          occupants: deal.occupants,
        })}
      </p>
      {surcharge > 0 ? (
        <p className="text-sm text-gray-700">{t('agreements.page.surcharge', { amount: formatMoneyExact(lang, surcharge / 100) })}</p>
      ) : null}
      <FormError message={result?.error ?? undefined} />
      <input type="hidden" name="dealId" value={deal.id} />
      <SelectField
        id="agreement-language"
        name="language"
        defaultValue={lang}
        label={t('agreements.page.language')}
        options={[
          { value: 'en', label: 'English' },
          { value: 'ms', label: 'Bahasa Malaysia' },
          { value: 'zh', label: '中文' },
        ]}
      />
      <Field
        id="agreement-address"
        name="address"
        required
        minLength={10}
        maxLength={300}
        label={t('agreements.page.address')}
        error={fields['address']}
      />
      <fieldset className="rounded-xl border border-gray-200 p-4">
        <legend className="px-1 font-semibold">{t('agreements.page.utilities')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {UTILITIES.map((utility) => (
            <label key={utility} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="utilities" value={utility} className="h-5 w-5" />
              {t('agreements.utility', { utility })}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="agreement-rules" className="block text-sm font-medium text-gray-800">
          {t('agreements.page.houseRules')}
        </label>
        <textarea
          id="agreement-rules"
          name="houseRules"
          maxLength={2000}
          rows={4}
          className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2.5"
        />
      </div>
      <PartyFields who="landlord" defaultName={side === 'LANDLORD' ? userName : deal.landlord.name} fields={fields} />
      <PartyFields who="tenant" defaultName={side === 'TENANT' ? userName : deal.tenant.name} fields={fields} />
      <Button type="submit" name="intent" value="create" disabled={navigation.state !== 'idle'} className="sm:w-auto">
        {t('agreements.page.create')}
      </Button>
    </Form>
  );
}

function AgreementView({ agreement, result }: { agreement: Agreement; result: ActionResult | undefined }) {
  const { t, dateTime, href } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <section aria-labelledby="agreement-heading" className="mt-6 space-y-4">
      <h2 id="agreement-heading" className="text-lg font-semibold">
        {t('agreements.page.forDeal', { listing: agreement.propertyName })}
      </h2>
      <p data-testid="agreement-status" className="font-medium">
        {t('agreements.page.status', { status: agreement.status })}
      </p>
      <ul className="space-y-1 text-sm">
        {[agreement.landlord, agreement.tenant].map((party) => (
          <li key={party.userId}>
            {t('agreements.page.party', {
              name: party.name,
              signed: party.signedAt ? 'yes' : 'no',
              time: party.signedAt ? dateTime(party.signedAt) : '',
            })}
          </li>
        ))}
      </ul>
      {/* The PDF is served by the API on this origin to the parties only (never cached). */}
      <a href={agreement.pdfUrl} className="inline-block font-medium text-brand-700 hover:underline">
        {t('agreements.page.pdf')}
      </a>
      {agreement.sha256 ? (
        <div className="rounded-xl border border-gray-200 p-4">
          <h3 className="font-semibold">{t('agreements.page.fingerprint')}</h3>
          <p data-testid="agreement-sha256" className="mt-1 font-mono text-sm break-all">
            {agreement.sha256}
          </p>
          <p className="mt-1 text-sm text-gray-600">{t('agreements.page.fingerprintHelp')}</p>
        </div>
      ) : null}
      {agreement.viewerMaySign ? (
        <div className="rounded-xl border border-gray-200 p-4">
          <h3 className="font-semibold">{t('agreements.page.sign')}</h3>
          <FormError message={result?.error ?? undefined} />
          <Form method="post" className="mt-3">
            <input type="hidden" name="agreementId" value={agreement.id} />
            <Button
              type="submit"
              name="intent"
              value="code"
              variant={result?.codeSent ? 'secondary' : 'primary'}
              disabled={busy}
              className="sm:w-auto"
            >
              {t('agreements.page.sendCode')}
            </Button>
          </Form>
          {result?.codeSent ? (
            <p role="status" className="mt-2 text-sm text-gray-700">
              {t('agreements.page.codeSent', { phone: result.codeSent.sentTo, time: dateTime(result.codeSent.expiresAt) })}
            </p>
          ) : null}
          <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="agreementId" value={agreement.id} />
            <Field
              id="agreement-code"
              name="code"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              label={t('agreements.page.code')}
              error={result?.fields['code']}
            />
            <Button type="submit" name="intent" value="sign" disabled={busy} className="sm:w-auto">
              {t('agreements.page.confirm')}
            </Button>
          </Form>
        </div>
      ) : agreement.status === 'SIGNING' ? (
        <p className="text-sm text-gray-700">{t('agreements.page.signedYou')}</p>
      ) : null}
      <Link to={href('deal', undefined, { id: agreement.dealId })} className="inline-block text-sm font-medium text-brand-700 hover:underline">
        {t('agreements.page.toDeal')}
      </Link>
    </section>
  );
}
