import { Form, data, useActionData, useNavigation } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { formatMoneyExact, malaysiaDay } from '@kunci/i18n/format';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { DecisionForm, SECONDARY_BUTTON, StaffQueue } from '../components/staff-queue.tsx';
import { requireStaff, staffAction, staffForm, unlessRefused } from '../staff.server.ts';
import type { Route } from './+types/protection-claims';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang } = requireStaff(request, context, ['operations']);
  const api = serverApi(context, lang);
  const today = malaysiaDay(new Date().toISOString());
  const [queue, approved] = await Promise.all([
    unlessRefused(api.protectionClaimQueue()),
    unlessRefused(api.protectionClaimQueue('APPROVED', 'OCD')),
  ]);
  // Either list refused: the page says it did not load, as one.
  if (!queue || !approved) return { role: user.role, today, queue: null, overstays: [] };
  // Overstays still being paid: staff mark them ended when the tenant has left.
  return { role: user.role, today, queue, overstays: approved.content.filter((claim) => claim.ocd && !claim.ocd.endedOn) };
}

const rules = BUSINESS.protection;

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form } = await staffForm(request, context, ['operations']);
  const id = String(form.get('id') ?? '');
  const intent = form.get('intent');
  const approve = intent === 'approve';
  const amount = Number(form.get('amount'));
  const deduction = String(form.get('deductionPercent') ?? '');
  const result = await staffAction(api, form, async () => {
    if (intent === 'end') {
      await api.endProtectionOverstay(id, { endDate: String(form.get('endDate') ?? '') });
      return { status: 'ENDED' as const };
    }
    const claim = await api.decideProtectionClaim(id, {
      status: approve ? 'APPROVED' : 'REJECTED',
      ...(approve && amount > 0 ? { approvedAmount: amount } : {}),
      ...(approve && deduction ? { deductionPercent: Number(deduction) } : {}),
      note: String(form.get('note') ?? ''),
    });
    return { status: claim.status };
  });
  return result.ok ? { ...result, id } : data({ ...result, id }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('services.protection.review.title')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/**
 * Operations decide landlords' protection claims: the claim, its photos and receipts (private reads, opened in a
 * new tab), and an amount approved or a rejection with a note the landlord reads. Deciding asks for a PIN when the
 * session has not confirmed one recently; each decision is in the audit log.
 */
export default function AdminProtectionClaims({ loaderData }: Route.ComponentProps) {
  const { t, lang, date, dateTime } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { queue, overstays, today } = loaderData;
  const sen = (amount: number) => formatMoneyExact(lang, amount / 100);
  const decided = result?.ok ? result.value : null;
  return (
    <AdminShell role={loaderData.role} title={t('services.protection.review.title')}>
      <p className="max-w-prose text-gray-700">{t('services.protection.review.intro')}</p>
      {decided ? (
        <ActionMessage
          result={result}
          done={
            decided.status === 'ENDED'
              ? t('services.protection.review.ended')
              : t('services.protection.review.done', { status: t('services.protection.claim.status', { status: decided.status }) })
          }
        />
      ) : null}
      <PinPrompt result={result} />
      <StaffQueue queue={queue} loadError={t('services.protection.review.failed')} empty={t('services.protection.review.empty')}>
        {(claim) => {
          const mine = result && !result.ok && result.id === claim.id ? result : undefined;
          const headingId = `claim-${claim.id}`;
          const counted: Partial<Record<string, number>> = {};
          const ocd = claim.kind === 'OCD';
          // Damage or theft without a receipt is settled less a deduction staff choose within the band.
          const noReceipt = (claim.kind === 'DAMAGE' || claim.kind === 'THEFT') && !claim.files.some((file) => file.kind === 'RECEIPT');
          return (
            <article aria-labelledby={headingId} className="rounded-xl border border-gray-200 p-4">
              <h2 id={headingId} className="text-lg font-semibold">
                {t('services.protection.claim.kind', { kind: claim.kind })} · {claim.propertyName}
              </h2>
              <p className="text-sm text-gray-700">{dateTime(claim.createdAt)}</p>
              <dl className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium">{t('services.protection.review.landlord')}</dt>
                <dd>
                  {claim.landlord.name} <span className="text-sm text-gray-700">{claim.landlord.phone}</span>
                </dd>
                <dt className="font-medium">{t('services.protection.review.policy')}</dt>
                <dd>
                  {claim.policyReference} · {t('services.protection.plan', { plan: claim.plan })}
                </dd>
                <dt className="font-medium">{t('services.protection.review.incident')}</dt>
                <dd>{date(`${claim.incidentDate}T00:00:00+08:00`)}</dd>
                {claim.moveOutDate ? (
                  <>
                    <dt className="font-medium">{t('services.protection.review.moveOut')}</dt>
                    <dd>{date(`${claim.moveOutDate}T00:00:00+08:00`)}</dd>
                  </>
                ) : null}
                <dt className="font-medium">{t('services.protection.review.claimed')}</dt>
                <dd>
                  {sen(claim.amountSen)}
                  {claim.electrical ? (
                    <span className="block text-sm text-gray-700">
                      {t('services.protection.review.electrical', { amount: rules.technicianReportOver })}
                    </span>
                  ) : null}
                </dd>
                <dt className="font-medium">{t('services.protection.claims.description')}</dt>
                <dd className="whitespace-pre-wrap">{claim.description}</dd>
                <dt className="font-medium">{t('services.protection.claims.files', { count: claim.files.length })}</dt>
                <dd>
                  <ul className="space-y-1">
                    {claim.files.map((file) => (
                      <li key={file.id}>
                        <a href={file.url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                          {t('services.protection.review.file', { kind: file.kind, index: (counted[file.kind] = (counted[file.kind] ?? 0) + 1) })}
                        </a>
                      </li>
                    ))}
                  </ul>
                </dd>
              </dl>
              <DecisionForm
                fields={{ id: claim.id }}
                note={{ label: t('services.protection.review.note') }}
                choices={[
                  { intent: 'approve', label: t('services.protection.review.approve') },
                  { intent: 'reject', label: t('services.protection.review.reject') },
                ]}
                busy={busy}
                failure={mine && !('needsPin' in mine) ? mine.error || t('services.protection.review.failed') : undefined}
              >
                {ocd ? (
                  <p className="max-w-prose text-sm text-gray-700">
                    {t('services.protection.review.ocdPays', { amount: sen(claim.monthlyRentSen), max: rules.ocdMonths })}
                  </p>
                ) : (
                  <>
                    <label htmlFor={`amount-${claim.id}`} className="block font-medium">
                      {t('services.protection.review.amount')}
                    </label>
                    <input
                      id={`amount-${claim.id}`}
                      name="amount"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={claim.amountSen / 100}
                      defaultValue={claim.amountSen / 100}
                      className="block w-40 rounded-lg border border-gray-300 px-3 py-2"
                    />
                  </>
                )}
                {noReceipt ? (
                  <>
                    <label htmlFor={`deduction-${claim.id}`} className="block font-medium">
                      {t('services.protection.review.deduction')}
                    </label>
                    <input
                      id={`deduction-${claim.id}`}
                      name="deductionPercent"
                      type="number"
                      inputMode="numeric"
                      min={rules.noReceiptDeduction.min}
                      max={rules.noReceiptDeduction.max}
                      defaultValue={rules.noReceiptDeduction.min}
                      aria-describedby={`deduction-${claim.id}-hint`}
                      className="block w-40 rounded-lg border border-gray-300 px-3 py-2"
                    />
                    <p id={`deduction-${claim.id}-hint`} className="text-sm text-gray-700">
                      {t('services.protection.review.deductionHint', { min: rules.noReceiptDeduction.min, max: rules.noReceiptDeduction.max })}
                    </p>
                  </>
                ) : null}
              </DecisionForm>
            </article>
          );
        }}
      </StaffQueue>

      <section aria-labelledby="overstays-title" className="mt-8 space-y-3">
        <h2 id="overstays-title" className="text-xl font-semibold">
          {t('services.protection.review.ocdTitle')}
        </h2>
        <p className="max-w-prose text-gray-700">{t('services.protection.review.ocdIntro')}</p>
        {overstays.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">{t('services.protection.review.ocdEmpty')}</p>
        ) : (
          <ul className="space-y-4">
            {overstays.map((claim) => {
              const mine = result && !result.ok && result.id === claim.id ? result : undefined;
              return (
                <li key={claim.id} className="rounded-xl border border-gray-200 p-4">
                  <p className="font-semibold break-words">
                    {claim.propertyName} · {claim.policyReference}
                  </p>
                  <p className="text-sm text-gray-700">
                    {claim.landlord.name} {claim.landlord.phone} · {date(`${claim.incidentDate}T00:00:00+08:00`)}
                  </p>
                  <p className="text-sm">
                    {t('services.protection.review.ocdPaid', { months: claim.ocd?.monthsPaid ?? 0, amount: sen(claim.ocd?.paidSen ?? 0) })}
                  </p>
                  <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={claim.id} />
                    <div>
                      <label htmlFor={`end-${claim.id}`} className="block text-sm font-medium">
                        {t('services.protection.review.endDate')}
                      </label>
                      <input
                        id={`end-${claim.id}`}
                        name="endDate"
                        type="date"
                        required
                        min={claim.incidentDate}
                        max={today}
                        defaultValue={today}
                        className="mt-1 block rounded-lg border border-gray-300 px-3 py-2"
                      />
                    </div>
                    <button type="submit" name="intent" value="end" disabled={busy} className={SECONDARY_BUTTON}>
                      {t('services.protection.review.endOverstay')}
                    </button>
                    {mine && !('needsPin' in mine) ? (
                      <p role="alert" className="w-full text-sm text-red-700">
                        {mine.error || t('services.protection.review.failed')}
                      </p>
                    ) : null}
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </AdminShell>
  );
}
