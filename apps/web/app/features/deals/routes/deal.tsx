import { useEffect, useState } from 'react';
import { Form, Link, data, redirectDocument, useNavigation, useRevalidator } from 'react-router';
import { FINAL_STATES, PutDealCommand, type Deal, type DealCommand, type DealState } from '@kunci/contracts/deals';
import { formatMoneyExact, malaysiaDay } from '@kunci/i18n/format';
import { Button, Field, FormError } from '../../../components/ui/field.tsx';
import { CENTRED_DIALOG, Modal } from '../../../components/ui/modal.tsx';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { languageOf, useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { clientRefusal, signedInForm } from '../../../lib/form-action.server.ts';
import { DealScreening } from '../../screening/index.ts';
import { cancelOutcome, feeStatus } from '../deal-money.ts';
import type { Route } from './+types/deal';

/** How often an open deal page asks for news while it is visible (see the comment in `useLiveDeal`). */
const REFRESH_MS = 4000;
/** The road of a deal that goes well, for the progress line. */
const STEPS: DealState[] = ['APPLIED', 'ACCEPTED', 'BOOKED', 'SCREENING', 'APPROVED', 'AGREEMENT', 'SIGNED', 'ACTIVE'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = languageOf(request);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const url = new URL(request.url);
  const id = url.searchParams.get('id');
  const hash = url.searchParams.get('hash');
  if (!id && !hash) return { deals: (await api.deals(user.id)).content, deal: null };
  try {
    let deal = id ? await api.deal(id) : await api.dealByHash(hash!);
    // Back from the pay page (or a webhook still on its way): the booking fee or the move-in amount is applied now if
    // it was paid, or its failure shown. Idempotent.
    if (deal.viewerRole === 'TENANT' && (deal.state === 'ACCEPTED' || deal.state === 'SIGNED')) deal = await api.verifyDealBooking(deal.id);
    return { deals: null, deal };
  } catch (error) {
    if (error instanceof ApiError && [403, 404, 422].includes(error.status)) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form, intent } = await signedInForm(request, context);
  const id = String(form.get('dealId') ?? '');
  try {
    // The pay page is the payment gateway's (or the server's simulator), not a page of this app: a full navigation.
    if (intent === 'pay') return redirectDocument((await api.dealBooking(id)).paymentUrl);
    if (intent === 'payMoveIn') return redirectDocument((await api.payMoveIn(id)).paymentUrl);
    const command = PutDealCommand.safeParse(intent);
    if (!command.success) throw data(null, { status: 400 });
    const moveInDate = command.data === 'REQUEST_POSTPONE' ? String(form.get('moveInDate') ?? '') : '';
    await api.dealCommand(id, { command: command.data, ...(moveInDate ? { moveInDate } : {}) });
    return { ok: true as const, error: null };
  } catch (error) {
    return data({ ok: false as const, error: clientRefusal(error).error }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = noindexMeta('deal.title');

/** `/deal`: the signed-in user's deals, or one deal (`?id=`, or `?hash=` from the link sent to the other side). */
export default function DealPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.deal) return <DealList deals={loaderData.deals ?? []} />;
  return <DealView deal={loaderData.deal} error={actionData && !actionData.ok ? actionData.error : undefined} />;
}

function StateBadge({ state }: { state: DealState }) {
  const { t } = useI18n();
  const ended = (FINAL_STATES as readonly DealState[]).includes(state) && state !== 'ACTIVE';
  const good = ['BOOKED', 'APPROVED', 'SIGNED', 'ACTIVE'].includes(state);
  const look = ended ? 'bg-gray-200 text-gray-800' : good ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900';
  return (
    <span data-testid="deal-state" className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${look}`}>
      {t('deal.state', { state })}
    </span>
  );
}

function DealList({ deals }: { deals: Deal[] }) {
  const { t, href, money, date } = useI18n();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('deal.title')}</h1>
      {deals.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-gray-700">{t('deal.list.empty')}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {deals.map((deal) => (
            <li key={deal.id}>
              <Link
                to={href('deal', undefined, { id: deal.id })}
                aria-label={t('deal.list.open', { listing: deal.propertyDto.name })}
                className="block rounded-xl border border-gray-200 p-4 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{deal.propertyDto.name}</span>
                  <StateBadge state={deal.state} />
                </span>
                <span className="mt-1 block text-sm text-gray-600">
                  {t('deal.role', { role: deal.viewerRole })} · {t('deal.facts.rentValue', { amount: money(deal.monthlyRent) })} ·{' '}
                  {date(`${deal.moveInDate}T00:00:00+08:00`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The other side's changes appear without a reload: while the page is visible it revalidates its loader every few
 * seconds (and at once when it becomes visible again). The loader reads the deal from the database through the API,
 * so this works whichever instance served the change; the chat socket carries chat events only, and publishing deal
 * events through it would tie the page to the chat feature for no gain at this rate of change.
 */
function useLiveDeal(deal: Deal, paused: boolean) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = paused || navigation.state !== 'idle' || revalidator.state !== 'idle';
  const ended = (FINAL_STATES as readonly DealState[]).includes(deal.state);
  useEffect(() => {
    if (ended || busy) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void revalidator.revalidate();
    };
    const timer = window.setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [ended, busy, revalidator]);
}

function DealView({ deal, error }: { deal: Deal; error: string | undefined }) {
  const { t, money, dateTime, date, href, lang } = useI18n();
  /** Sen as ringgit and sen (the move-in breakdown has sen: SST RM 23.94). */
  const exact = (amountSen: number) => formatMoneyExact(lang, amountSen / 100);
  const navigation = useNavigation();
  const [cancelling, setCancelling] = useState(false);
  const [postponing, setPostponing] = useState(false);
  const [forfeiting, setForfeiting] = useState(false);
  useLiveDeal(deal, cancelling || postponing || forfeiting);
  const submitting = navigation.state !== 'idle';
  const fee = money(deal.bookingFeeSen / 100);
  const status = feeStatus(deal);
  const outcome = cancelOutcome(deal);
  const stepIndex = STEPS.indexOf(deal.state);
  const nextText =
    deal.viewerRole === 'TENANT'
      ? t('deal.next.tenant', { state: deal.state })
      : deal.viewerRole === 'LANDLORD'
        ? t('deal.next.landlord', { state: deal.state })
        : deal.viewerRole === 'STAFF'
          ? t('deal.next.staff')
          : null;
  // Cancelling, asking to postpone and postponing anyway open a dialog first; the others are one press.
  const DIALOG_COMMANDS: DealCommand[] = ['CANCEL', 'VOID', 'REQUEST_POSTPONE', 'POSTPONE_ANYWAY'];
  // The agreement is started and signed on its own page (with the terms, and one-time codes), not by one press here.
  const AGREEMENT_COMMANDS: DealCommand[] = ['SEND_AGREEMENT', 'SIGN'];
  const actions = deal.commands.filter((command) => !DIALOG_COMMANDS.includes(command) && !AGREEMENT_COMMANDS.includes(command));
  const party = deal.viewerRole === 'TENANT' || deal.viewerRole === 'LANDLORD';
  const agreementPage = party
    ? href(deal.viewerRole === 'LANDLORD' ? 'taInitiateLandlord' : 'taInitiateTenant', undefined, { dealId: deal.id })
    : null;
  const agreementLink = agreementPage && ['APPROVED', 'AGREEMENT', 'SIGNED', 'ACTIVE'].includes(deal.state) ? agreementPage : null;
  const mayPay = deal.viewerRole === 'TENANT' && deal.state === 'ACCEPTED';
  const mayPayMoveIn = deal.viewerRole === 'TENANT' && deal.state === 'SIGNED' && !deal.moveIn.paidAt;
  const mayPostpone = deal.commands.includes('REQUEST_POSTPONE');
  const mayPostponeAnyway = deal.commands.includes('POSTPONE_ANYWAY');
  const dayOf = (isoDate: string) => date(`${isoDate}T00:00:00+08:00`);
  const showMoveIn = ['AGREEMENT', 'SIGNED', 'ACTIVE'].includes(deal.state);
  const mayCancel = deal.commands.includes('CANCEL');

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <p className="text-sm">
        <Link to={href('deal')} className="text-brand-700 hover:underline">
          {t('deal.title')}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold md:text-3xl">{t('deal.heading', { listing: deal.propertyDto.name })}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <StateBadge state={deal.state} />
        <span className="text-sm text-gray-600">{t('deal.role', { role: deal.viewerRole })}</span>
      </div>
      <p className="sr-only" aria-live="polite">
        {t('deal.state', { state: deal.state })}
      </p>

      {stepIndex >= 0 ? (
        <ol className="mt-4 flex flex-wrap gap-x-1 gap-y-2 text-xs" aria-label={t('deal.timeline')}>
          {STEPS.map((step, index) => (
            <li
              key={step}
              aria-current={index === stepIndex ? 'step' : undefined}
              className={`rounded-full px-2 py-1 ${index < stepIndex ? 'bg-green-100 text-green-900' : index === stepIndex ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-700'}`}
            >
              {t('deal.state', { state: step })}
            </li>
          ))}
        </ol>
      ) : null}

      <FormError message={error} />
      {deal.paymentFailed ? (
        <p role="alert" data-testid="deal-payment-failed" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t('deal.payment.failed', { purpose: deal.paymentFailed.purpose, time: dateTime(deal.paymentFailed.at) })}
        </p>
      ) : null}

      {nextText ? (
        <section aria-labelledby="deal-next" className="mt-6 rounded-xl border border-gray-200 p-4">
          <h2 id="deal-next" className="font-semibold">
            {t('deal.next')}
          </h2>
          <p className="mt-1">{nextText}</p>
          {deal.deadline ? (
            <p className="mt-1 text-sm text-gray-700">
              <strong>{t('deal.deadline', { time: dateTime(deal.deadline.at) })}</strong>{' '}
              {t('deal.deadline.what', { command: deal.deadline.command })}
            </p>
          ) : null}
          {deal.reason ? <p className="mt-1 text-sm text-gray-700">{t('deal.reason', { reason: deal.reason })}</p> : null}
          {deal.postponement ? (
            <p data-testid="deal-postponement" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {deal.postponement.status === 'REQUESTED'
                ? t('deal.postpone.requested', { role: deal.viewerRole, date: dayOf(deal.postponement.moveInDate) })
                : t('deal.postpone.refused', { date: dayOf(deal.postponement.moveInDate), start: dayOf(deal.moveInDate) })}
            </p>
          ) : null}
          {agreementLink ? (
            <Link
              to={agreementLink}
              data-testid="deal-agreement"
              className="mt-4 inline-block w-full rounded-full bg-brand-700 px-5 py-3 text-center font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:w-auto"
            >
              {deal.state === 'APPROVED' ? t('deal.command', { command: 'SEND_AGREEMENT' }) : t('agreements.page.title')}
            </Link>
          ) : null}
          {mayPay || mayPayMoveIn || actions.length > 0 || mayCancel || mayPostpone || mayPostponeAnyway ? (
            <Form method="post" className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <input type="hidden" name="dealId" value={deal.id} />
              {mayPay ? (
                <Button type="submit" name="intent" value="pay" disabled={submitting} className="sm:w-auto">
                  {t('deal.pay', { amount: fee })}
                </Button>
              ) : null}
              {mayPayMoveIn ? (
                <Button type="submit" name="intent" value="payMoveIn" disabled={submitting} className="sm:w-auto">
                  {t('deal.moveIn.pay', { amount: exact(deal.moveIn.totalSen) })}
                </Button>
              ) : null}
              {actions.map((command) => (
                <Button
                  key={command}
                  type="submit"
                  name="intent"
                  value={command}
                  disabled={submitting}
                  variant={['DECLINE', 'REFUSE_POSTPONE', 'WITHDRAW_POSTPONE', 'STAMP'].includes(command) ? 'secondary' : 'primary'}
                  className="sm:w-auto"
                >
                  {t('deal.command', { command })}
                </Button>
              ))}
              {mayPostpone ? (
                <Button type="button" variant="secondary" disabled={submitting} className="sm:w-auto" onClick={() => setPostponing(true)}>
                  {t('deal.command', { command: 'REQUEST_POSTPONE' })}
                </Button>
              ) : null}
              {mayPostponeAnyway ? (
                <Button type="button" variant="secondary" disabled={submitting} className="sm:w-auto" onClick={() => setForfeiting(true)}>
                  {t('deal.command', { command: 'POSTPONE_ANYWAY' })}
                </Button>
              ) : null}
              {mayCancel ? (
                <Button type="button" variant="secondary" disabled={submitting} className="sm:w-auto" onClick={() => setCancelling(true)}>
                  {t('deal.command', { command: 'CANCEL' })}
                </Button>
              ) : null}
            </Form>
          ) : null}
        </section>
      ) : null}

      {/* The booked tenant's screening: profile, documents, credit check, the zero-deposit decision. */}
      {deal.viewerRole === 'TENANT' && ['BOOKED', 'SCREENING', 'APPROVED', 'REJECTED'].includes(deal.state) ? (
        <DealScreening dealId={deal.id} dealState={deal.state} />
      ) : null}

      {/* The tenancy is on: the landlord is offered the services that follow it. */}
      {deal.state === 'ACTIVE' && deal.viewerRole === 'LANDLORD' ? (
        <section data-testid="deal-services" className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-4">
          <p>{t('deal.services')}</p>
          <Link to={href('rentalCollection')} className="mt-2 inline-block font-medium text-brand-700 hover:underline">
            {t('deal.services.collection')}
          </Link>
        </section>
      ) : null}

      <section aria-labelledby="deal-money" className="mt-6 rounded-xl border border-gray-200 p-4">
        <h2 id="deal-money" className="font-semibold">
          {t('deal.money')}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">{t('deal.money.fee')}</dt>
          <dd data-testid="deal-fee">
            {fee} · {t('deal.money.status', { status })}
          </dd>
        </dl>
        {deal.paidAt ? <p className="mt-1 text-sm text-gray-700">{t('deal.money.paidOn', { time: dateTime(deal.paidAt) })}</p> : null}
        {deal.refundableUntil && deal.viewerRole === 'TENANT' ? (
          <p className="mt-1 text-sm text-gray-700">{t('deal.money.refundable', { time: dateTime(deal.refundableUntil) })}</p>
        ) : null}
        {deal.bookingPaymentId ? (
          // The receipt is a page of the server's payments feature, outside the web app's route table.
          <a href={`/receipts/${encodeURIComponent(deal.bookingPaymentId)}`} className="mt-2 inline-block font-medium text-brand-700 hover:underline">
            {t('deal.receipt')}
          </a>
        ) : null}
        {deal.stampedAt && deal.stampingCostSen !== null ? (
          <p className="mt-2 text-sm text-gray-700">{t('deal.stamped', { time: dateTime(deal.stampedAt), amount: exact(deal.stampingCostSen) })}</p>
        ) : null}
        {showMoveIn ? (
          <>
            <h3 className="mt-4 font-semibold">{t('deal.moveIn')}</h3>
            <dl data-testid="deal-move-in" className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt className="text-gray-600">{t('deal.moveIn.rent')}</dt>
              <dd className="text-right tabular-nums">{exact(deal.moveIn.rentSen)}</dd>
              <dt className="text-gray-600">{t('deal.moveIn.signingFee')}</dt>
              <dd className="text-right tabular-nums">{exact(deal.moveIn.signingFeeSen)}</dd>
              <dt className="text-gray-600">{t('deal.moveIn.sst')}</dt>
              <dd className="text-right tabular-nums">{exact(deal.moveIn.sstSen)}</dd>
              {deal.moveIn.surchargeSen > 0 ? (
                <>
                  <dt className="text-gray-600">{t('deal.moveIn.surcharge')}</dt>
                  <dd className="text-right tabular-nums">{exact(deal.moveIn.surchargeSen)}</dd>
                </>
              ) : null}
              {deal.moveIn.creditSen > 0 ? (
                <>
                  <dt className="text-gray-600">{t('deal.moveIn.credit')}</dt>
                  <dd className="text-right tabular-nums">−{exact(deal.moveIn.creditSen)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">{t('deal.moveIn.total')}</dt>
              <dd className="text-right font-semibold tabular-nums">{exact(deal.moveIn.totalSen)}</dd>
            </dl>
            {deal.moveIn.paidAt ? (
              <p className="mt-1 text-sm text-gray-700">{t('deal.moveIn.paidOn', { time: dateTime(deal.moveIn.paidAt) })}</p>
            ) : null}
            {deal.moveIn.paymentId ? (
              <a
                href={`/receipts/${encodeURIComponent(deal.moveIn.paymentId)}`}
                className="mt-2 inline-block font-medium text-brand-700 hover:underline"
              >
                {t('deal.receipt')}
              </a>
            ) : null}
          </>
        ) : null}
      </section>

      <section aria-labelledby="deal-facts" className="mt-6 rounded-xl border border-gray-200 p-4">
        <h2 id="deal-facts" className="font-semibold">
          {t('deal.facts')}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">{t('deal.facts.rent')}</dt>
          <dd>{t('deal.facts.rentValue', { amount: money(deal.monthlyRent) })}</dd>
          <dt className="text-gray-600">{t('deal.facts.moveIn')}</dt>
          <dd>{dayOf(deal.moveInDate)}</dd>
          <dt className="text-gray-600">{t('deal.facts.months')}</dt>
          <dd>{t('deal.facts.monthsValue', { count: deal.tenancyMonths })}</dd>
          <dt className="text-gray-600">{t('deal.facts.occupants')}</dt>
          <dd>{deal.occupants}</dd>
          <dt className="text-gray-600">{t('deal.facts.tenant')}</dt>
          <dd>{deal.tenant.name}</dd>
          <dt className="text-gray-600">{t('deal.facts.landlord')}</dt>
          <dd>{deal.landlord.name}</dd>
        </dl>
        {deal.propertyId === null ? (
          <p className="mt-2 text-sm font-medium">{deal.propertyDto.name}</p>
        ) : (
          <Link to={href('details', { id: deal.propertyId })} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
            {deal.propertyDto.name}
          </Link>
        )}
      </section>

      <section aria-labelledby="deal-timeline" className="mt-6 rounded-xl border border-gray-200 p-4">
        <h2 id="deal-timeline" className="font-semibold">
          {t('deal.timeline')}
        </h2>
        <ol className="mt-2 space-y-2 border-l-2 border-gray-200 pl-4 text-sm">
          {deal.events.map((event) => (
            <li key={event.id}>
              <span className="font-medium">{t('deal.event', { actor: event.actor, state: t('deal.state', { state: event.to }) })}</span>{' '}
              <time dateTime={event.createdAt} className="text-gray-600">
                {dateTime(event.createdAt)}
              </time>
              {event.reason ? <span className="block text-gray-700">{t('deal.reason', { reason: event.reason })}</span> : null}
              {event.note ? <span className="block text-gray-700">{event.note}</span> : null}
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs text-gray-600">{t('deal.live')}</p>
      </section>

      <Modal
        open={cancelling}
        onClose={() => setCancelling(false)}
        labelledBy="cancel-title"
        describedBy="cancel-money"
        className={`${CENTRED_DIALOG} p-0`}
      >
        <Form method="post" className="space-y-4 p-5" onSubmit={() => setCancelling(false)}>
          <h2 id="cancel-title" className="text-lg font-semibold">
            {t('deal.cancel.title')}
          </h2>
          <p id="cancel-money">
            {outcome === 'REFUND'
              ? t('deal.cancel.refund', { amount: fee })
              : outcome === 'FORFEIT'
                ? t('deal.cancel.forfeit', { amount: fee })
                : t('deal.cancel.none')}
          </p>
          <input type="hidden" name="dealId" value={deal.id} />
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button type="submit" name="intent" value="CANCEL" className="sm:w-auto">
              {t('deal.cancel.confirm')}
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setCancelling(false)}>
              {t('deal.cancel.keep')}
            </Button>
          </div>
        </Form>
      </Modal>

      <Modal
        open={postponing}
        onClose={() => setPostponing(false)}
        labelledBy="postpone-title"
        describedBy="postpone-help"
        className={`${CENTRED_DIALOG} p-0`}
      >
        <Form method="post" className="space-y-4 p-5" onSubmit={() => setPostponing(false)}>
          <h2 id="postpone-title" className="text-lg font-semibold">
            {t('deal.postpone.title')}
          </h2>
          <p id="postpone-help">{t('deal.postpone.help')}</p>
          <input type="hidden" name="dealId" value={deal.id} />
          <Field
            id="postpone-date"
            name="moveInDate"
            type="date"
            required
            min={nextDay(deal.moveInDate)}
            defaultValue={deal.postponement?.moveInDate ?? nextDay(deal.moveInDate)}
            label={t('deal.postpone.date')}
          />
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button type="submit" name="intent" value="REQUEST_POSTPONE" className="sm:w-auto">
              {t('deal.postpone.submit')}
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setPostponing(false)}>
              {t('deal.apply.cancel')}
            </Button>
          </div>
        </Form>
      </Modal>

      <Modal
        open={forfeiting}
        onClose={() => setForfeiting(false)}
        labelledBy="forfeit-title"
        describedBy="forfeit-money"
        className={`${CENTRED_DIALOG} p-0`}
      >
        <Form method="post" className="space-y-4 p-5" onSubmit={() => setForfeiting(false)}>
          <h2 id="forfeit-title" className="text-lg font-semibold">
            {t('deal.postpone.anyway.title')}
          </h2>
          <p id="forfeit-money">{t('deal.postpone.anyway.body', { amount: fee })}</p>
          <input type="hidden" name="dealId" value={deal.id} />
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button type="submit" name="intent" value="POSTPONE_ANYWAY" className="sm:w-auto">
              {t('deal.postpone.anyway.confirm')}
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setForfeiting(false)}>
              {t('deal.cancel.keep')}
            </Button>
          </div>
        </Form>
      </Modal>
    </div>
  );
}

/** The day after a YYYY-MM-DD date (the earliest later start a tenant may ask for). */
function nextDay(isoDate: string): string {
  return malaysiaDay(new Date(Date.parse(`${isoDate}T00:00:00+08:00`) + 86_400_000).toISOString());
}
