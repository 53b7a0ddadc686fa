import { Form, Link, data, redirectDocument, useActionData, useNavigation } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import { CLAIM_KINDS, type ClaimFileKind, type ClaimKind } from '@kunci/contracts/protection';
import { formatMoneyExact } from '@kunci/i18n/format';
import { parsePath } from '@kunci/i18n/paths';
import { ApiError, fieldErrors, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { signedInForm } from '../../../lib/form-action.server.ts';
import { Field } from '../../../components/ui/field.tsx';
import type { Route } from './+types/protection-policies';

const rules = BUSINESS.protection;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  return { overview: await serverApi(context, lang).protection() };
}

/** A browser file as base64 for the API (its type is checked there by its bytes). */
async function encode(file: File, kind: ClaimFileKind) {
  return { kind, ...(file.type ? { contentType: file.type } : {}), data: Buffer.from(await file.arrayBuffer()).toString('base64') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form, intent } = await signedInForm(request, context);
  try {
    if (intent === 'pay') {
      const { paymentUrl } = await api.payProtectionInstalment(String(form.get('policyId')), Number(form.get('number')));
      // The gateway's page is not one of ours: the browser loads it as a document.
      return redirectDocument(paymentUrl);
    }
    if (intent === 'transfer') {
      await api.transferProtectionPolicy(String(form.get('policyId')), { dealId: String(form.get('dealId')) });
      return { ok: true as const, intent, policyId: String(form.get('policyId')) };
    }
    const chosen = (name: string) => form.getAll(name).filter((value): value is File => typeof value !== 'string' && value.size > 0);
    const evidence: [ClaimFileKind, File[]][] = [
      ['PHOTO', chosen('photos')],
      ['RECEIPT', chosen('receipts')],
      ['POLICE_REPORT', chosen('policeReport')],
      ['TECHNICIAN_REPORT', chosen('technicianReport')],
    ];
    if (evidence.some(([, files]) => files.some((file) => file.size > rules.claimFileMaxBytes)))
      return data({ ok: false as const, intent, error: 'tooBig' as const, fields: {} as Record<string, string> }, { status: 413 });
    const moveOutDate = String(form.get('moveOutDate') ?? '');
    await api.fileProtectionClaim({
      policyId: String(form.get('policyId')),
      kind: String(form.get('kind')) as ClaimKind,
      incidentDate: String(form.get('incidentDate') ?? ''),
      description: String(form.get('description') ?? ''),
      amount: Number(form.get('amount')),
      ...(moveOutDate ? { moveOutDate } : {}),
      electrical: form.get('electrical') === 'on',
      files: (await Promise.all(evidence.map(([kind, files]) => Promise.all(files.map((file) => encode(file, kind)))))).flat(),
    });
    return { ok: true as const, intent };
  } catch (error) {
    if (error instanceof ApiError && error.body)
      return data(
        {
          ok: false as const,
          intent,
          policyId: String(form.get('policyId') ?? ''),
          error: error.body.message,
          fields: fieldErrors(error.body.fields),
        },
        { status: error.status },
      );
    throw error;
  }
}

export const meta: Route.MetaFunction = noindexMeta('services.protection.policies.title');

/** The landlord's policies (instalments to pay, the document), on-time rental paid, and claims: filed and followed. */
export default function ProtectionPolicies({ loaderData }: Route.ComponentProps) {
  const { t, lang, href, date, dateTime } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const { overview } = loaderData;
  const sen = (amount: number) => formatMoneyExact(lang, amount / 100);
  const day = (iso: string) => date(`${iso}T00:00:00+08:00`);
  const active = overview.policies.filter((policy) => policy.status === 'ACTIVE');
  const error =
    result && !result.ok
      ? result.error === 'tooBig'
        ? t('services.protection.claims.tooBig', { mb: rules.claimFileMaxBytes / 1024 / 1024 })
        : result.error
      : undefined;
  const fields = result && !result.ok ? result.fields : {};
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t('services.protection.policies.title')}</h1>
      <p className="text-gray-700">{t('services.protection.policies.intro')}</p>
      {result?.ok && result.intent === 'claim' ? (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-800">
          {t('services.protection.claims.filed')}
        </p>
      ) : null}
      {result?.ok && result.intent === 'transfer' ? (
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-800">
          {t('services.protection.transfer.done')}
        </p>
      ) : null}
      {error && result?.intent === 'pay' ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {error}
        </p>
      ) : null}

      {overview.policies.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-700">
          {t('services.protection.policies.empty')}{' '}
          <Link to={href('protection')} className="text-brand-700 font-medium underline">
            {t('services.protection.policies.compare')}
          </Link>
        </p>
      ) : (
        <ul className="space-y-4">
          {overview.policies.map((policy) => (
            <li key={policy.id}>
              <article aria-labelledby={`policy-${policy.id}`} className="rounded-xl border border-gray-200 p-4">
                <h2 id={`policy-${policy.id}`} className="text-lg font-semibold break-words">
                  {t('services.protection.plan', { plan: policy.plan })} · {policy.propertyName}
                </h2>
                <p className="text-sm text-gray-700">
                  {policy.reference} · {t('services.protection.policies.status', { status: policy.status })} ·{' '}
                  {t('services.protection.policies.period', { start: day(policy.startDate), end: day(policy.endDate) })}
                </p>
                <p className="mt-1 text-sm">{t('services.protection.policies.total', { total: sen(policy.totalSen) })}</p>
                <ul className="mt-2 space-y-2">
                  {policy.instalments.map((instalment) => (
                    <li key={instalment.id} className="flex flex-wrap items-center gap-2 text-sm">
                      <span>
                        {t('services.protection.policies.instalment', {
                          number: instalment.number,
                          amount: sen(instalment.amountSen),
                          date: day(instalment.dueDate),
                        })}
                      </span>
                      {instalment.status === 'PAID' ? (
                        <span className="rounded-full bg-green-100 px-2 py-0.5 text-green-800">{t('services.protection.policies.paid')}</span>
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="pay" />
                          <input type="hidden" name="policyId" value={policy.id} />
                          <input type="hidden" name="number" value={instalment.number} />
                          <button
                            type="submit"
                            disabled={busy}
                            className="bg-brand-600 hover:bg-brand-700 rounded-full px-3 py-1.5 font-semibold text-white disabled:opacity-60"
                          >
                            {t('services.protection.policies.pay', { amount: sen(instalment.amountSen) })}
                          </button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
                {policy.otrPaidSen > 0 ? (
                  <p className="mt-2 text-sm">{t('services.protection.policies.otr', { amount: sen(policy.otrPaidSen) })}</p>
                ) : null}
                {policy.transfers.length > 0 ? (
                  <ul className="mt-2 space-y-1 text-sm text-gray-700">
                    {policy.transfers.map((transfer) => (
                      <li key={transfer.transferredAt}>
                        {t('services.protection.transfer.history', {
                          date: date(transfer.transferredAt),
                          end: day(transfer.fromEnd),
                          start: day(transfer.toStart),
                        })}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <a
                  href={`/api/services/protection/policies/${policy.id}/pdf`}
                  className="text-brand-700 mt-3 inline-block font-medium hover:underline"
                >
                  {t('services.protection.policies.download')}
                </a>
                {policy.status === 'ACTIVE' ? (
                  <TransferForm
                    policyId={policy.id}
                    coverLimit={day(policy.coverLimit)}
                    tenancies={overview.insurable.filter((deal) => deal.dealId !== policy.dealId && deal.refusal !== 'EXISTS')}
                    busy={busy}
                    error={
                      result && !result.ok && result.intent === 'transfer' && 'policyId' in result && result.policyId === policy.id
                        ? error
                        : undefined
                    }
                  />
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="claims-title" className="space-y-3">
        <h2 id="claims-title" className="text-xl font-bold">
          {t('services.protection.claims.title')}
        </h2>
        {overview.claims.length === 0 ? (
          <p className="text-gray-700">{t('services.protection.claims.empty')}</p>
        ) : (
          <ul className="space-y-3">
            {overview.claims.map((claim) => (
              <li key={claim.id} className="rounded-xl border border-gray-200 p-4">
                <p className="font-semibold break-words">
                  {t('services.protection.claim.kind', { kind: claim.kind })} · {claim.propertyName}
                </p>
                <p className="text-sm text-gray-700">
                  {t('services.protection.claims.sent', { date: dateTime(claim.createdAt), amount: sen(claim.amountSen) })} ·{' '}
                  {t('services.protection.claims.files', { count: claim.files.length })}
                </p>
                <p className="mt-1 font-medium">{t('services.protection.claim.status', { status: claim.status })}</p>
                {claim.approvedSen !== null && claim.ocd === null ? (
                  <p className="text-sm">
                    {claim.deductionPercent !== null
                      ? t('services.protection.claims.settled', { amount: sen(claim.approvedSen), percent: claim.deductionPercent })
                      : t('services.protection.claims.approved', { amount: sen(claim.approvedSen) })}
                  </p>
                ) : null}
                {claim.ocd ? (
                  <p className="text-sm">
                    {t('services.protection.claims.ocdPaid', { months: claim.ocd.monthsPaid, amount: sen(claim.ocd.paidSen), max: rules.ocdMonths })}
                    {claim.ocd.endedOn ? ` ${t('services.protection.claims.ocdEnded', { date: day(claim.ocd.endedOn) })}` : null}
                  </p>
                ) : null}
                {claim.decisionNote ? (
                  <p className="text-sm whitespace-pre-wrap">{t('services.protection.claims.note', { note: claim.decisionNote })}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}

        {active.length > 0 ? (
          <Form method="post" encType="multipart/form-data" className="space-y-3 rounded-xl border border-gray-200 p-4">
            <h3 className="text-lg font-semibold">{t('services.protection.claims.new')}</h3>
            <input type="hidden" name="intent" value="claim" />
            <div>
              <label htmlFor="claim-policy" className="block text-sm font-medium text-gray-800">
                {t('services.protection.claims.policy')}
              </label>
              <select id="claim-policy" name="policyId" className="mt-1 block w-full min-w-0 rounded-lg border border-gray-300 px-3 py-2">
                {active.map((policy) => (
                  <option key={policy.id} value={policy.id}>
                    {policy.reference} · {t('services.protection.plan', { plan: policy.plan })} · {policy.propertyName}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="claim-kind" className="block text-sm font-medium text-gray-800">
                {t('services.protection.claims.kind')}
              </label>
              <select
                id="claim-kind"
                name="kind"
                aria-describedby="claim-ocd-hint"
                className="mt-1 block w-full min-w-0 rounded-lg border border-gray-300 px-3 py-2"
              >
                {CLAIM_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t('services.protection.claim.kind', { kind })}
                  </option>
                ))}
              </select>
              {/* What an OCD claim must show (the server checks the same: the term ended, a collected rent long unpaid). */}
              <p id="claim-ocd-hint" className="mt-1 text-sm text-gray-600">
                {t('services.protection.claims.ocdHint', { days: rules.evictionAfterDays })}
              </p>
            </div>
            <Field
              id="claim-date"
              name="incidentDate"
              type="date"
              required
              max={overview.today}
              label={t('services.protection.claims.incidentDate')}
              error={fields['incidentDate']}
            />
            <Field
              id="claim-move-out"
              name="moveOutDate"
              type="date"
              max={overview.today}
              label={t('services.protection.claims.moveOutDate')}
              hint={t('services.protection.claims.moveOutHint', { days: rules.policeReportDays })}
              error={fields['moveOutDate']}
            />
            <div>
              <label htmlFor="claim-description" className="block text-sm font-medium text-gray-800">
                {t('services.protection.claims.description')}
              </label>
              <textarea
                id="claim-description"
                name="description"
                required
                minLength={10}
                maxLength={2000}
                rows={4}
                aria-invalid={fields['description'] ? true : undefined}
                className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
              />
            </div>
            <Field
              id="claim-amount"
              name="amount"
              type="number"
              inputMode="numeric"
              min={1}
              required
              label={t('services.protection.claims.amount')}
              error={fields['amount']}
            />
            <div>
              <div className="flex items-center gap-2">
                <input id="claim-electrical" name="electrical" type="checkbox" aria-describedby="claim-electrical-hint" className="h-5 w-5" />
                <label htmlFor="claim-electrical" className="text-sm font-medium text-gray-800">
                  {t('services.protection.claims.electrical')}
                </label>
              </div>
              <p id="claim-electrical-hint" className="mt-1 text-sm text-gray-600">
                {t('services.protection.claims.electricalHint', { amount: rules.technicianReportOver })}
              </p>
            </div>
            <p id="claim-files-hint" className="text-sm text-gray-700">
              {t('services.protection.claims.filesHint', {
                photos: rules.claimMinPhotos,
                mb: rules.claimFileMaxBytes / 1024 / 1024,
                max: rules.claimMaxFiles,
                days: rules.claimWithinDays,
              })}
            </p>
            <div>
              <label htmlFor="claim-photos" className="block text-sm font-medium text-gray-800">
                {t('services.protection.claims.photos')}
              </label>
              <input
                id="claim-photos"
                name="photos"
                type="file"
                multiple
                accept="image/jpeg,image/png"
                aria-describedby="claim-files-hint"
                className="mt-1 block w-full min-w-0 text-sm"
              />
            </div>
            <div>
              <label htmlFor="claim-receipts" className="block text-sm font-medium text-gray-800">
                {t('services.protection.claims.receipts')}
              </label>
              <input
                id="claim-receipts"
                name="receipts"
                type="file"
                multiple
                accept="application/pdf,image/jpeg,image/png"
                aria-describedby="claim-files-hint claim-receipts-hint"
                className="mt-1 block w-full min-w-0 text-sm"
              />
              <p id="claim-receipts-hint" className="mt-1 text-sm text-gray-600">
                {t('services.protection.claims.receiptsHint', { min: rules.noReceiptDeduction.min, max: rules.noReceiptDeduction.max })}
              </p>
            </div>
            <div>
              <label htmlFor="claim-police-report" className="block text-sm font-medium text-gray-800">
                {t('services.protection.claims.policeReport')}
              </label>
              <input
                id="claim-police-report"
                name="policeReport"
                type="file"
                accept="application/pdf,image/jpeg,image/png"
                aria-describedby="claim-files-hint claim-police-report-hint"
                className="mt-1 block w-full min-w-0 text-sm"
              />
              <p id="claim-police-report-hint" className="mt-1 text-sm text-gray-600">
                {t('services.protection.claims.policeReportHint')}
              </p>
            </div>
            <div>
              <label htmlFor="claim-technician-report" className="block text-sm font-medium text-gray-800">
                {t('services.protection.claims.technicianReport')}
              </label>
              <input
                id="claim-technician-report"
                name="technicianReport"
                type="file"
                accept="application/pdf,image/jpeg,image/png"
                aria-describedby="claim-files-hint claim-electrical-hint"
                className="mt-1 block w-full min-w-0 text-sm"
              />
            </div>
            {error && result?.intent === 'claim' ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={busy}
              className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 rounded-full px-4 py-2.5 font-semibold text-white focus-visible:outline-2 disabled:opacity-60"
            >
              {t('services.protection.claims.submit')}
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}

/** Moves an ACTIVE policy to the landlord's tenancy of a replacement tenant (the server checks the home and the screening). */
function TransferForm({
  policyId,
  coverLimit,
  tenancies,
  busy,
  error,
}: {
  policyId: string;
  coverLimit: string;
  tenancies: { dealId: string; propertyName: string; moveInDate: string }[];
  busy: boolean;
  error: string | undefined;
}) {
  const { t, date } = useI18n();
  const id = `transfer-${policyId}`;
  return (
    <Form method="post" aria-labelledby={`${id}-title`} className="mt-4 space-y-2 border-t border-gray-200 pt-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('services.protection.transfer.title')}
      </h3>
      <p id={`${id}-intro`} className="text-sm text-gray-700">
        {t('services.protection.transfer.intro', { months: rules.transferMaxMonths, limit: coverLimit })}
      </p>
      {tenancies.length === 0 ? (
        <p className="text-sm text-gray-700">{t('services.protection.transfer.none')}</p>
      ) : (
        <>
          <input type="hidden" name="intent" value="transfer" />
          <input type="hidden" name="policyId" value={policyId} />
          <label htmlFor={`${id}-deal`} className="block text-sm font-medium text-gray-800">
            {t('services.protection.transfer.deal')}
          </label>
          <select
            id={`${id}-deal`}
            name="dealId"
            required
            aria-describedby={`${id}-intro`}
            className="block w-full min-w-0 rounded-lg border border-gray-300 px-3 py-2"
          >
            {tenancies.map((deal) => (
              <option key={deal.dealId} value={deal.dealId}>
                {deal.propertyName} · {date(`${deal.moveInDate}T00:00:00+08:00`)}
              </option>
            ))}
          </select>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="border-brand-600 text-brand-700 hover:bg-brand-50 rounded-full border px-3 py-1.5 font-semibold disabled:opacity-60"
          >
            {t('services.protection.transfer.submit')}
          </button>
        </>
      )}
    </Form>
  );
}
