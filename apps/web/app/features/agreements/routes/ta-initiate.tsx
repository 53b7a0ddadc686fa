import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { UTILITIES, type Agreement, type AgreementInvitation } from '@kunci/contracts/agreements';
import { BUSINESS } from '@kunci/contracts/business';
import type { Deal } from '@kunci/contracts/deals';
import { formatMoneyExact } from '@kunci/i18n/format';
import { LANGUAGES } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { Button, Field, FormError, SelectField } from '../../../components/ui/field.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { languageOf, useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/ta-initiate';

/** Which side's page this is: `/dashboard/ta-initiate/new/landlord` or `/tenant` (`.data` when the browser navigates). */
const sideOf = (request: Request): 'LANDLORD' | 'TENANT' => (/\/landlord(\.data)?$/.test(new URL(request.url).pathname) ? 'LANDLORD' : 'TENANT');

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = languageOf(request);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const side = sideOf(request);
  const search = new URL(request.url).searchParams;
  const dealId = search.get('dealId');
  const none = { deals: null, deal: null, agreement: null, invitation: null, invitations: null, inviting: false, user: { name: user.name ?? '' } };
  const invitationId = search.get('invitation');
  if (invitationId) {
    // An invitation for a tenancy found elsewhere: its inviter, or the invitee signed in with the invited phone.
    let invitation: AgreementInvitation;
    try {
      invitation = await api.agreementInvitation(invitationId);
    } catch (error) {
      if (error instanceof ApiError && [403, 404, 422].includes(error.status)) throw data(null, { status: 404 });
      throw error;
    }
    const mySide = (invitation.viewer === 'INVITER') === (invitation.inviterRole === 'LANDLORD') ? 'LANDLORD' : 'TENANT';
    if (invitation.status === 'ACCEPTED' && invitation.dealId) {
      throw redirect(href(lang, mySide === 'LANDLORD' ? 'taInitiateLandlord' : 'taInitiateTenant', undefined, { dealId: invitation.dealId }));
    }
    if (mySide !== side)
      throw redirect(href(lang, mySide === 'LANDLORD' ? 'taInitiateLandlord' : 'taInitiateTenant', undefined, { invitation: invitation.id }));
    return { side, ...none, invitation };
  }
  if (search.get('invite') === '1') return { side, ...none, inviting: true };
  if (!dealId) {
    // The user's deals on this side that have (or may start) an agreement, and their invitations.
    const [deals, invitations] = await Promise.all([api.deals(user.id), api.agreementInvitations()]);
    return {
      side,
      ...none,
      deals: deals.content.filter((deal) => deal.viewerRole === side && ['APPROVED', 'AGREEMENT', 'SIGNED', 'ACTIVE'].includes(deal.state)),
      invitations: invitations.content,
    };
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
  return { side, ...none, deal, agreement };
}

/** The page's own address (a browser's form post comes to `….data?…&_routes=…`). */
function pageUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  return `${url.pathname.replace(/\.data$/, '')}${url.search}`;
}

type ActionResult = { error: string | null; fields: Record<string, string>; codeSent: { sentTo: string; expiresAt: string } | null };

export async function action({ request, context }: Route.ActionArgs) {
  const { lang, api, form, intent, text } = await signedInForm(request, context);
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
    if (intent === 'invite') {
      const party = {
        name: text('partyName'),
        idType: text('partyIdType') === 'PASSPORT' ? ('PASSPORT' as const) : ('IC' as const),
        idNumber: text('partyIdNumber'),
      };
      const invitation = await api.inviteToAgreement({
        role: sideOf(request),
        phone: text('phone'),
        propertyName: text('propertyName'),
        address: text('address'),
        startDate: text('startDate'),
        tenancyMonths: Number(text('tenancyMonths')),
        monthlyRent: Number(text('monthlyRent')),
        occupants: Number(text('occupants')),
        language: (LANGUAGES as readonly string[]).includes(text('language')) ? (text('language') as (typeof LANGUAGES)[number]) : lang,
        utilities: form.getAll('utilities').map(String) as (typeof UTILITIES)[number][],
        houseRules: text('houseRules'),
        party,
      });
      return redirect(
        href(lang, sideOf(request) === 'LANDLORD' ? 'taInitiateLandlord' : 'taInitiateTenant', undefined, { invitation: invitation.id }),
      );
    }
    if (intent === 'accept') {
      const agreement = await api.acceptAgreementInvitation(text('invitationId'), {
        party: { name: text('partyName'), idType: text('partyIdType') === 'PASSPORT' ? 'PASSPORT' : 'IC', idNumber: text('partyIdNumber') },
      });
      return redirect(
        href(lang, sideOf(request) === 'LANDLORD' ? 'taInitiateLandlord' : 'taInitiateTenant', undefined, { dealId: agreement.dealId }),
      );
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

export const meta: Route.MetaFunction = noindexMeta('agreements.page.title');

/** `/dashboard/ta-initiate/new/landlord` and `/tenant`: start the tenancy agreement of an approved deal, then sign it. */
export default function TaInitiatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = actionData as ActionResult | undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t(loaderData.side === 'LANDLORD' ? 'agreements.page.landlord' : 'agreements.page.tenant')}</h1>
      {loaderData.invitation ? (
        <InvitationView invitation={loaderData.invitation} userName={loaderData.user.name} result={result} />
      ) : loaderData.inviting ? (
        <InvitationForm side={loaderData.side} userName={loaderData.user.name} result={result} />
      ) : loaderData.deal && loaderData.agreement ? (
        <AgreementView agreement={loaderData.agreement} result={result} />
      ) : loaderData.deal ? (
        <AgreementForm deal={loaderData.deal} side={loaderData.side} userName={loaderData.user.name} result={result} />
      ) : (
        <>
          <DealPicker deals={loaderData.deals ?? []} />
          <Invitations invitations={loaderData.invitations ?? []} />
        </>
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

function PartyFields({
  who,
  defaultName,
  fields,
  prefix = who,
}: {
  who: 'landlord' | 'tenant';
  defaultName: string;
  fields: Record<string, string>;
  /** The form fields' names (`partyName` when the form carries the caller's own details only). */
  prefix?: string;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="space-y-3 rounded-xl border border-gray-200 p-4">
      <legend className="px-1 font-semibold">{t(who === 'landlord' ? 'agreements.pdf.landlord' : 'agreements.pdf.tenant')}</legend>
      <Field
        id={`${prefix}-name`}
        name={`${prefix}Name`}
        required
        minLength={2}
        maxLength={120}
        autoComplete={defaultName ? 'name' : 'off'}
        defaultValue={defaultName}
        label={t(who === 'landlord' ? 'agreements.page.landlordName' : 'agreements.page.tenantName')}
        error={fields[`${prefix}Name`]}
      />
      <SelectField
        id={`${prefix}-id-type`}
        name={`${prefix}IdType`}
        label={t('agreements.page.idType')}
        options={[
          { value: 'IC', label: t('agreements.page.idIc') },
          { value: 'PASSPORT', label: t('agreements.page.idPassport') },
        ]}
      />
      <Field
        id={`${prefix}-id-number`}
        name={`${prefix}IdNumber`}
        required
        minLength={6}
        maxLength={20}
        autoComplete="off"
        label={t('agreements.page.idNumber')}
        hint={t('agreements.page.idHint')}
        error={fields[`${prefix}IdNumber`]}
      />
    </fieldset>
  );
}

/** The agreement's language, address, utilities and house rules: the same fields whether it comes from a deal or an invitation. */
function AgreementTextFields({ fields }: { fields: Record<string, string> }) {
  const { t, lang } = useI18n();
  return (
    <>
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
    </>
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
      <AgreementTextFields fields={fields} />
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

/** The caller's invitations (tenancies found elsewhere), and the way to send one. */
function Invitations({ invitations }: { invitations: AgreementInvitation[] }) {
  const { t, money, date } = useI18n();
  const received = invitations.filter((invitation) => invitation.viewer === 'INVITEE' && invitation.status === 'PENDING');
  const sent = invitations.filter((invitation) => invitation.viewer === 'INVITER');
  const item = (invitation: AgreementInvitation) => (
    <li key={invitation.id}>
      <Link
        to={`?invitation=${encodeURIComponent(invitation.id)}`}
        className="block rounded-xl border border-gray-200 p-4 break-words hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="font-semibold">{invitation.propertyName}</span>
        <span className="mt-1 block text-sm text-gray-600">
          {t('agreements.invite.status', { status: invitation.status })} · {t('deal.facts.rentValue', { amount: money(invitation.monthlyRent) })} ·{' '}
          {date(`${invitation.startDate}T00:00:00+08:00`)}
        </span>
      </Link>
    </li>
  );
  return (
    <section aria-labelledby="invitations-heading" className="mt-8 space-y-4">
      {received.length ? (
        <div>
          <h2 className="text-lg font-semibold">{t('agreements.invite.received')}</h2>
          <ul className="mt-3 space-y-3">{received.map(item)}</ul>
        </div>
      ) : null}
      <div className="rounded-xl border border-gray-200 p-4">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          {t('agreements.invite.heading')}
        </h2>
        <p className="mt-1 text-gray-700">{t('agreements.invite.intro')}</p>
        <Link
          to="?invite=1"
          className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('agreements.invite.start')}
        </Link>
      </div>
      {sent.length ? (
        <div>
          <h2 className="text-lg font-semibold">{t('agreements.invite.sentList')}</h2>
          <ul className="mt-3 space-y-3">{sent.map(item)}</ul>
        </div>
      ) : null}
    </section>
  );
}

/** Inviting the other party of a tenancy found elsewhere: their phone, the home, the terms and the caller's own details. */
function InvitationForm({ side, userName, result }: { side: 'LANDLORD' | 'TENANT'; userName: string; result: ActionResult | undefined }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const fields = result?.fields ?? {};
  const months = BUSINESS.zeroDeposit.tenancyMonths;
  const occupants = BUSINESS.deal.occupants;
  return (
    <Form method="post" className="mt-6 space-y-5">
      <h2 className="text-lg font-semibold">{t('agreements.invite.formTitle')}</h2>
      <p className="text-gray-700">{t('agreements.invite.intro')}</p>
      <FormError message={result?.error ?? undefined} />
      <Field
        id="invite-phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        required
        maxLength={20}
        label={t('agreements.invite.phone', { role: side })}
        error={fields['phone']}
      />
      <Field
        id="invite-property"
        name="propertyName"
        required
        minLength={3}
        maxLength={120}
        label={t('agreements.invite.propertyName')}
        error={fields['propertyName']}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="invite-start" name="startDate" type="date" required label={t('agreements.invite.startDate')} error={fields['startDate']} />
        <Field
          id="invite-months"
          name="tenancyMonths"
          type="number"
          inputMode="numeric"
          required
          min={months.min}
          max={months.max}
          defaultValue={String(months.max)}
          label={t('agreements.invite.months')}
          error={fields['tenancyMonths']}
        />
        <Field
          id="invite-rent"
          name="monthlyRent"
          type="number"
          inputMode="numeric"
          required
          min={1}
          label={t('agreements.invite.rent')}
          error={fields['monthlyRent']}
        />
        <Field
          id="invite-occupants"
          name="occupants"
          type="number"
          inputMode="numeric"
          required
          min={occupants.min}
          max={occupants.max}
          defaultValue={String(occupants.min)}
          label={t('agreements.invite.occupants')}
          error={fields['occupants']}
        />
      </div>
      <AgreementTextFields fields={fields} />
      <PartyFields who={side === 'LANDLORD' ? 'landlord' : 'tenant'} prefix="party" defaultName={userName} fields={fields} />
      <Button type="submit" name="intent" value="invite" disabled={navigation.state !== 'idle'} className="sm:w-auto">
        {t('agreements.invite.send')}
      </Button>
    </Form>
  );
}

/** An invitation: the terms for both; the invitee adds their details and accepts, the inviter waits. */
function InvitationView({ invitation, userName, result }: { invitation: AgreementInvitation; userName: string; result: ActionResult | undefined }) {
  const { t, money, date, dateTime, lang, label, list } = useI18n();
  const navigation = useNavigation();
  const fields = result?.fields ?? {};
  const exact = (amountSen: number) => formatMoneyExact(lang, amountSen / 100);
  const inviteeSide = invitation.inviterRole === 'LANDLORD' ? 'tenant' : 'landlord';
  return (
    <section aria-labelledby="invitation-heading" className="mt-6 space-y-4 break-words">
      <h2 id="invitation-heading" className="text-lg font-semibold">
        {t('agreements.page.forDeal', { listing: invitation.propertyName })}
      </h2>
      <p data-testid="invitation-status" className="font-medium">
        {t('agreements.invite.status', { status: invitation.status })}
      </p>
      {invitation.viewer === 'INVITEE' ? (
        <p>{t('agreements.invite.from', { name: invitation.inviter.name, listing: invitation.propertyName, role: invitation.inviterRole })}</p>
      ) : (
        <p>{t('agreements.invite.to', { phone: invitation.phoneMasked, listing: invitation.propertyName })}</p>
      )}
      <div className="rounded-xl border border-gray-200 p-4">
        <h3 className="font-semibold">{t('agreements.pdf.terms')}</h3>
        <p className="mt-1">{invitation.address}</p>
        <p className="mt-1 text-gray-700">
          {t('agreements.invite.terms', {
            rent: money(invitation.monthlyRent),
            months: invitation.tenancyMonths,
            start: date(`${invitation.startDate}T00:00:00+08:00`),
            end: date(`${invitation.endDate}T00:00:00+08:00`),
            occupants: invitation.occupants,
          })}
        </p>
        <p className="mt-1 text-sm text-gray-700">
          {label(t('agreements.pdf.utilities'))}
          {invitation.utilities.length
            ? list(invitation.utilities.map((utility) => t('agreements.utility', { utility })))
            : t('agreements.pdf.utilitiesNone')}
        </p>
        {invitation.houseRules ? <p className="mt-1 text-sm whitespace-pre-line text-gray-700">{invitation.houseRules}</p> : null}
        <p className="mt-2 text-sm">
          {t('agreements.invite.inviter', { role: invitation.inviterRole, name: invitation.inviter.name, id: invitation.inviter.idNumberMasked })}
        </p>
        <h3 className="mt-3 font-semibold">{t('agreements.pdf.moveIn')}</h3>
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>{t('agreements.pdf.firstMonth')}</dt>
          <dd className="text-right">{exact(invitation.moveIn.rentSen)}</dd>
          <dt>{t('agreements.pdf.signingFee')}</dt>
          <dd className="text-right">{exact(invitation.moveIn.signingFeeSen)}</dd>
          <dt>{t('agreements.pdf.sst')}</dt>
          <dd className="text-right">{exact(invitation.moveIn.sstSen)}</dd>
          {invitation.moveIn.surchargeSen ? (
            <>
              <dt>{t('agreements.pdf.surcharge')}</dt>
              <dd className="text-right">{exact(invitation.moveIn.surchargeSen)}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{t('agreements.pdf.total')}</dt>
          <dd data-testid="invitation-total" className="text-right font-semibold">
            {exact(invitation.moveIn.totalSen)}
          </dd>
        </dl>
      </div>
      {invitation.status === 'PENDING' ? (
        <p className="text-sm text-gray-700">{t('agreements.invite.until', { time: dateTime(invitation.expiresAt) })}</p>
      ) : null}
      {invitation.status === 'PENDING' && invitation.viewer === 'INVITEE' ? (
        <Form method="post" className="space-y-4">
          <FormError message={result?.error ?? undefined} />
          <input type="hidden" name="invitationId" value={invitation.id} />
          <PartyFields who={inviteeSide} prefix="party" defaultName={userName} fields={fields} />
          <Button type="submit" name="intent" value="accept" disabled={navigation.state !== 'idle'} className="sm:w-auto">
            {t('agreements.invite.accept')}
          </Button>
        </Form>
      ) : invitation.status === 'PENDING' ? (
        <p role="status" className="text-sm text-gray-700">
          {t('agreements.invite.waiting', { phone: invitation.phoneMasked })}
        </p>
      ) : (
        <FormError message={result?.error ?? undefined} />
      )}
    </section>
  );
}
