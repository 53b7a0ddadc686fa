import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import type { ReactNode } from 'react';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { AdminTable, cell } from '../components/table-tools.tsx';
import { requireStaff, staffAction, staffForm } from '../staff.server.ts';
import type { Route } from './+types/deal';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (params: { id?: string }) => {
  if (!UUID.test(params.id ?? '')) throw data(null, { status: 404 });
  return params.id!;
};
const button = 'rounded-lg px-3 py-2 font-medium focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, lang } = requireStaff(request, context, ['operations']);
  return { role: user.role, deal: await serverApi(context, lang).adminDeal(idOf(params)) };
}

/** One action per form (`intent`): view a document, verify or refuse one, the booking's verdict, a refund. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api, form } = await staffForm(request, context, ['operations']);
  const id = idOf(params);
  const text = (name: string) => String(form.get(name) ?? '');
  const intent = text('intent');
  const result = await staffAction(api, form, async () => {
    if (intent === 'view') return { view: { documentId: text('documentId'), ...(await api.viewDealDocument(id, text('documentId'))) } };
    if (intent === 'verify' || intent === 'refuse') {
      const reason = text('reason');
      await api.verifyDeal(id, {
        documents: [{ id: text('documentId'), status: intent === 'verify' ? 'VERIFIED' : 'REJECTED', ...(reason ? { reason } : {}) }],
      });
      return {};
    }
    if (intent === 'approve' || intent === 'reject') {
      await api.verifyDeal(id, { decision: intent === 'approve' ? 'APPROVED' : 'REJECTED', note: text('note') });
      return {};
    }
    const amountSen = Math.round(Number(text('amount')) * 100);
    const refunded = await api.refundDeal(id, { amountSen: Number.isFinite(amountSen) ? amountSen : 0, reason: text('reason') });
    return { refundedSen: refunded.amountSen };
  });
  return result.ok ? { ...result, documentId: text('documentId') } : data({ ...result, documentId: text('documentId') }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) => {
  const { t } = metaI18n(matches);
  const listing = loaded?.deal.property.name ?? '';
  return [{ title: `${t('admin.deals.title', { listing })} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-6 min-w-0" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A deal for operations: its facts, timeline, ledger and payments, documents (viewed through a link made for this
 * staff member, every view audited) with their verdicts, the booking's verdict, the credit result, justifications,
 * a refund, and what staff did to it.
 */
export default function AdminDeal({ loaderData }: Route.ComponentProps) {
  const { t, date, dateTime, money, href, label, aside } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const deal = loaderData.deal;
  const sen = (amount: number) => money(amount / 100);
  const screening = deal.state === 'SCREENING';
  const failed = result && !result.ok && !('needsPin' in result) ? result : null;
  const done = result?.ok ? result.value : null;
  const doneMessage = done
    ? 'view' in done
      ? ''
      : 'refundedSen' in done
        ? t('admin.deals.refunded', { amount: sen(done.refundedSen ?? 0) })
        : t('admin.deals.saved')
    : '';
  const kindOf = (kind: string) => t('screening.kind', { kind });
  return (
    <AdminShell role={loaderData.role} title={t('admin.deals.title', { listing: deal.property.name })}>
      <p>
        <Link to={href('adminDeals')} className="text-brand-700 hover:underline">
          {t('admin.nav.deals')}
        </Link>
      </p>
      <PinPrompt result={result} />
      {done && !('view' in done) ? <ActionMessage result={result} done={doneMessage} /> : null}
      {failed ? <ActionMessage result={result} done="" /> : null}

      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
        <section className="rounded-xl border border-gray-200 p-4" aria-labelledby="deal-facts">
          <h2 id="deal-facts" className="font-semibold">
            {t('admin.deals.facts')}
          </h2>
          <p className="mt-1 font-medium">{t('deal.state', { state: deal.state })}</p>
          {deal.reason ? <p className="text-sm text-gray-700">{t('deal.reason', { reason: deal.reason })}</p> : null}
          <p className="mt-1">{t('admin.deals.rentPerMonth', { amount: money(deal.monthlyRent) })}</p>
          <p>
            {label(t('admin.deals.col.moveIn'))}
            {date(`${deal.moveInDate}T00:00:00.000Z`)} · {t('admin.deals.months', { count: deal.tenancyMonths })}
          </p>
          <p>
            {label(t('admin.deals.bookingFee'))}
            {sen(deal.bookingFeeSen)}
          </p>
        </section>
        {(['tenant', 'landlord'] as const).map((side) => (
          <section key={side} className="rounded-xl border border-gray-200 p-4" aria-labelledby={`deal-${side}`}>
            <h2 id={`deal-${side}`} className="font-semibold">
              {t(side === 'tenant' ? 'admin.deals.col.tenant' : 'admin.deals.col.landlord')}
            </h2>
            <p>
              <Link to={href('adminUser', { id: deal[side].id })} className="text-brand-700 hover:underline">
                {deal[side].name}
              </Link>
            </p>
            <p className="text-sm text-gray-700">{deal[side].phoneNumber}</p>
          </section>
        ))}
      </div>

      <Section id="deal-documents" title={t('admin.deals.documents')}>
        <p className="text-sm text-gray-700">{t('admin.deals.viewHint')}</p>
        {!screening ? <p className="text-sm text-gray-700">{t('admin.deals.verifyWhen')}</p> : null}
        {deal.documents.length === 0 ? <p className="mt-2 text-gray-700">{t('admin.deals.noDocuments')}</p> : null}
        <ul className="mt-2 space-y-3">
          {deal.documents.map((document) => {
            const kind = kindOf(document.kind);
            const view = done && 'view' in done && done.view?.documentId === document.id ? done.view : null;
            const refuseError = failed && failed.intent === 'refuse' && result?.documentId === document.id ? failed.fields?.['reason'] : undefined;
            const lastRead = document.reads[0];
            return (
              <li key={document.id} className="rounded-xl border border-gray-200 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium">{kind}</p>
                  <p className="text-sm">{t('screening.docs.status', { status: document.status })}</p>
                </div>
                {document.refusalReason ? <p className="mt-1 text-sm text-red-800">{document.refusalReason}</p> : null}
                <p className="mt-1 text-sm text-gray-700">
                  {t('admin.deals.reads', { count: document.reads.length })}
                  {lastRead ? ` · ${t('admin.deals.lastRead', { name: lastRead.readerName, date: dateTime(lastRead.readAt) })}` : ''}
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {document.uploadedAt ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="view" />
                      <input type="hidden" name="documentId" value={document.id} />
                      <button type="submit" disabled={busy} className={`${button} border border-gray-300 hover:bg-gray-50`}>
                        {t('admin.deals.viewLabel', { kind })}
                      </button>
                    </Form>
                  ) : null}
                  {screening && document.status === 'UPLOADED' ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="verify" />
                      <input type="hidden" name="documentId" value={document.id} />
                      <button type="submit" disabled={busy} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
                        {t('admin.deals.verifyLabel', { kind })}
                      </button>
                    </Form>
                  ) : null}
                </div>
                {view ? (
                  <p role="status" className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-green-900">
                    {t('admin.deals.viewReady', { kind })}{' '}
                    <a href={view.url} target="_blank" rel="noreferrer" className="font-medium text-brand-800 underline">
                      {t('admin.deals.openFile', { kind })}
                    </a>
                    <span className="text-sm">{aside(t('admin.deals.expires', { time: dateTime(view.expiresAt) }))}</span>
                  </p>
                ) : null}
                {screening && document.status === 'UPLOADED' ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="refuse" />
                    <input type="hidden" name="documentId" value={document.id} />
                    <label htmlFor={`refuse-${document.id}`} className="block text-sm font-medium">
                      {t('admin.deals.refuseReason', { kind })}
                    </label>
                    <textarea
                      id={`refuse-${document.id}`}
                      name="reason"
                      required
                      minLength={3}
                      maxLength={500}
                      rows={2}
                      aria-invalid={refuseError ? true : undefined}
                      aria-describedby={refuseError ? `refuse-${document.id}-error` : undefined}
                      className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
                    />
                    {refuseError ? (
                      <p id={`refuse-${document.id}-error`} className="mt-1 text-sm text-red-800">
                        {refuseError}
                      </p>
                    ) : null}
                    <button type="submit" disabled={busy} className={`${button} mt-2 border border-red-700 text-red-800 hover:bg-red-50`}>
                      {t('admin.deals.refuseLabel', { kind })}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Section>

      {screening ? (
        <Section id="deal-booking" title={t('admin.deals.booking')}>
          <Form method="post" className="mt-2 space-y-2 rounded-xl border border-gray-200 p-4">
            <label htmlFor="booking-note" className="block text-sm font-medium">
              {t('admin.deals.bookingNote')}
            </label>
            <textarea
              id="booking-note"
              name="note"
              required
              minLength={3}
              maxLength={500}
              rows={2}
              className="block w-full rounded-lg border border-gray-300 px-3 py-2"
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="approve" disabled={busy} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
                {t('admin.deals.approve')}
              </button>
              <button
                type="submit"
                name="intent"
                value="reject"
                disabled={busy}
                className={`${button} border border-red-700 text-red-800 hover:bg-red-50`}
              >
                {t('admin.deals.reject')}
              </button>
            </div>
          </Form>
        </Section>
      ) : null}

      <Section id="deal-timeline" title={t('admin.deals.timeline')}>
        <AdminTable
          caption={t('admin.deals.timeline')}
          head={[t('admin.deals.col.when'), t('admin.deals.col.who'), t('admin.deals.col.step'), t('admin.deals.col.why')]}
          empty={null}
        >
          {deal.events.map((event) => (
            <tr key={event.id}>
              <td className={`${cell} whitespace-nowrap`}>{dateTime(event.createdAt)}</td>
              <td className={cell}>
                {t('admin.deals.actor', { actor: event.actor })}
                {event.actorName ? <span className="block text-gray-700">{event.actorName}</span> : null}
              </td>
              <td className={cell}>
                {event.from ? `${t('deal.state', { state: event.from })} → ` : ''}
                {t('deal.state', { state: event.to })}
              </td>
              <td className={cell}>
                {event.reason ? t('deal.reason', { reason: event.reason }) : ''}
                {event.note ? <span className="block text-gray-700">{event.note}</span> : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      </Section>

      <div className="grid grid-cols-1 gap-x-6 lg:grid-cols-2">
        <Section id="deal-ledger" title={t('admin.deals.ledger')}>
          <AdminTable
            caption={t('admin.deals.ledger')}
            head={[t('admin.deals.col.when'), t('admin.deals.col.kind'), t('admin.deals.col.account'), t('admin.deals.col.amount')]}
            empty={deal.ledger.length === 0 ? t('admin.deals.noLedger') : null}
          >
            {deal.ledger.map((line) => (
              <tr key={line.id}>
                <td className={`${cell} whitespace-nowrap`}>{dateTime(line.createdAt)}</td>
                <td className={cell}>{line.kind}</td>
                <td className={`${cell} break-all`}>{line.account}</td>
                <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{sen(line.amountSen)}</td>
              </tr>
            ))}
          </AdminTable>
          <h3 className="mt-3 font-medium">{t('admin.deals.balances')}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {deal.balances.map((balance) => (
              <li key={balance.account} className="flex justify-between gap-3">
                <span className="break-all">{balance.account}</span>
                <span className="whitespace-nowrap tabular-nums">{sen(balance.balanceSen)}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="deal-refund" title={t('admin.deals.refund')}>
          <ul className="mt-1 space-y-1 text-sm">
            {deal.payments.map((payment) => (
              <li key={payment.id}>
                {t('admin.deals.paymentLine', {
                  purpose: payment.purpose,
                  amount: sen(payment.amountSen),
                  refunded: sen(payment.refundedSen),
                  pending: sen(payment.pendingRefundSen),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-2 font-medium">{t('admin.deals.refundable', { amount: sen(deal.refundableSen) })}</p>
          {deal.refundableSen > 0 ? (
            <Form method="post" className="mt-2 space-y-2 rounded-xl border border-gray-200 p-4">
              <input type="hidden" name="intent" value="refund" />
              <label htmlFor="refund-amount" className="block text-sm font-medium">
                {t('admin.deals.refundAmount')}
              </label>
              <input
                id="refund-amount"
                name="amount"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                max={(deal.refundableSen / 100).toFixed(2)}
                required
                aria-invalid={failed?.intent === 'refund' && failed.fields?.['amountSen'] ? true : undefined}
                className="block w-40 rounded-lg border border-gray-300 px-3 py-2"
              />
              <label htmlFor="refund-reason" className="block text-sm font-medium">
                {t('admin.reasonLabel')}
              </label>
              <textarea
                id="refund-reason"
                name="reason"
                required
                minLength={3}
                maxLength={500}
                rows={2}
                aria-describedby="refund-reason-hint"
                className="block w-full rounded-lg border border-gray-300 px-3 py-2"
              />
              <p id="refund-reason-hint" className="text-sm text-gray-700">
                {t('admin.reasonHint')}
              </p>
              <button type="submit" disabled={busy} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
                {t('admin.deals.refundSubmit')}
              </button>
            </Form>
          ) : (
            <p className="mt-2 text-gray-700">{t('admin.deals.nothingToRefund')}</p>
          )}
        </Section>
      </div>

      <div className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
        <Section id="deal-credit" title={t('admin.deals.credit')}>
          {deal.credit ? (
            <p className="mt-1">
              {t('admin.deals.creditResult', { outcome: deal.credit.outcome ?? 'NONE', nric: deal.credit.nricMasked })}
              {deal.credit.checkedAt ? ` · ${date(deal.credit.checkedAt)}` : ''}
            </p>
          ) : (
            <p className="mt-1 text-gray-700">{t('admin.deals.noCredit')}</p>
          )}
          {deal.screening ? <p className="mt-1">{t('admin.deals.screening', { decision: deal.screening.decision ?? 'PENDING' })}</p> : null}
        </Section>
        <Section id="deal-justifications" title={t('admin.deals.justifications')}>
          {deal.justifications.zeroDeposit.length + deal.justifications.marketPrice.length === 0 ? (
            <p className="mt-1 text-gray-700">{t('admin.deals.noJustifications')}</p>
          ) : (
            <ul className="mt-1 space-y-2">
              {deal.justifications.zeroDeposit.map((j) => (
                <li key={j.id}>
                  <span className="font-medium">{t('admin.deals.zeroDeposit', { status: j.status })}</span>
                  <span className="block text-gray-800">{j.reason}</span>
                </li>
              ))}
              {deal.justifications.marketPrice.map((j) => (
                <li key={j.id}>
                  <span className="font-medium">{t('admin.deals.marketPrice', { status: j.status, rent: j.rent })}</span>
                  <span className="block text-gray-800">{j.reason}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2">
            <Link to={href('adminJustifications')} className="text-brand-700 hover:underline">
              {t('admin.deals.reviewJustifications')}
            </Link>
          </p>
        </Section>
      </div>

      <Section id="deal-history" title={t('admin.deals.history')}>
        {deal.history.length === 0 ? (
          <p className="mt-1 text-gray-700">{t('admin.deals.noHistory')}</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {deal.history.map((entry) => (
              <li key={entry.id} className="text-sm">
                <span className="whitespace-nowrap">{dateTime(entry.createdAt)}</span> · {entry.actorName} · <code>{entry.action}</code>
                {typeof entry.after?.['kind'] === 'string' ? ` · ${kindOf(entry.after['kind'])}` : ''}
                {entry.reason ? ` · ${entry.reason}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </AdminShell>
  );
}
