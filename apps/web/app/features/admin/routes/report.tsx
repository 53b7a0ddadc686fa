import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { REPORT_KINDS, REPORT_OUTCOMES, type ReportKind, type ReportOutcome } from '@kunci/contracts/admin';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { requireStaff, staffAction, staffForm } from '../staff.server.ts';
import type { Route } from './+types/report';

function reportOf(params: { kind?: string; id?: string }): { kind: ReportKind; id: number } {
  const id = Number(params.id);
  if (!(REPORT_KINDS as readonly string[]).includes(params.kind ?? '') || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw data(null, { status: 404 });
  }
  return { kind: params.kind as ReportKind, id };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, lang } = requireStaff(request, context, ['moderator']);
  const { kind, id } = reportOf(params);
  return { role: user.role, report: await serverApi(context, lang).adminReport(kind, id) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { api, form } = await staffForm(request, context, ['moderator']);
  const { kind, id } = reportOf(params);
  const outcome = String(form.get('outcome') ?? '') as ReportOutcome;
  const result = await staffAction(api, form, () => api.decideReport(kind, id, { outcome, reason: String(form.get('reason') ?? '') }));
  return result.ok ? result : data(result, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('admin.report.detail')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/** One report: who reported whom, about what, the conversation behind it, and the decision. */
export default function Report({ loaderData }: Route.ComponentProps) {
  const { t, dateTime, href, label, aside } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const report = loaderData.report;
  const reasonOf = (reason: string) => (report.kind === 'LISTING' ? t(`admin.reason.${reason as 'SCAM'}`) : reason);
  const fieldError = result && !result.ok && 'fields' in result ? result.fields?.['reason'] : undefined;
  return (
    <AdminShell role={loaderData.role} title={`${label(`${t(`admin.kind.${report.kind}`)} #${report.id}`)}${reasonOf(report.reason)}`}>
      <p>
        <Link to={href('adminReports')} className="text-brand-700 hover:underline">
          {t('admin.reports.back')}
        </Link>
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <section className="rounded-xl border border-gray-200 p-4" aria-labelledby="reporter">
          <h2 id="reporter" className="font-semibold">
            {t('admin.col.reporter')}
          </h2>
          <p>
            <Link to={href('adminUser', { id: report.reporter.id })} className="text-brand-700 hover:underline">
              {report.reporter.name}
            </Link>
          </p>
          <p className="text-sm text-gray-700">{report.reporter.phoneNumber}</p>
          <p className="mt-2 text-sm">{dateTime(report.createdAt)}</p>
          {report.note ? <blockquote className="mt-2 border-l-4 border-gray-300 pl-3 text-gray-800">{report.note}</blockquote> : null}
        </section>
        <section className="rounded-xl border border-gray-200 p-4" aria-labelledby="reported">
          <h2 id="reported" className="font-semibold">
            {t('admin.col.reported')}
          </h2>
          <p>
            <Link to={href('adminUser', { id: report.reported.id })} className="text-brand-700 hover:underline">
              {report.reported.name}
            </Link>
            <span className="text-sm">{aside(t(`admin.status.${report.reported.status as 'active'}`))}</span>
          </p>
          <p className="text-sm text-gray-700">{report.reported.phoneNumber}</p>
          <p className="mt-2 text-sm">{t('admin.report.earlier', { count: report.earlierReports })}</p>
        </section>
        <section className="rounded-xl border border-gray-200 p-4" aria-labelledby="listing">
          <h2 id="listing" className="font-semibold">
            {t('admin.col.listing')}
          </h2>
          {report.property ? (
            <>
              <p>
                <Link to={href('reviewPreview', { id: report.property.id })} className="text-brand-700 hover:underline">
                  {report.property.name}
                </Link>
              </p>
              <p className="text-sm">{t(`admin.listingStatus.${report.property.status as 'ACTIVE'}`)}</p>
            </>
          ) : (
            <p className="text-gray-700">{t('admin.report.noListing')}</p>
          )}
        </section>
      </div>

      <section className="mt-6" aria-labelledby="conversation">
        <h2 id="conversation" className="text-lg font-semibold">
          {t('admin.report.conversation')}
        </h2>
        <p className="text-sm text-gray-700">{t('admin.report.conversationNote')}</p>
        {report.conversation && report.conversation.messages.length > 0 ? (
          <ol
            className="mt-3 max-h-[28rem] space-y-2 overflow-y-auto rounded-xl border border-gray-200 bg-gray-50 p-3"
            tabIndex={0}
            aria-label={t('admin.report.conversation')}
          >
            {report.conversation.messages.map((message) => (
              <li key={message.id} className={`max-w-prose rounded-lg p-2 ${message.senderId === report.reported.id ? 'bg-amber-100' : 'bg-white'}`}>
                <p className="text-xs text-gray-700">
                  <span className="font-semibold">{message.senderName || t('admin.report.system')}</span> · {dateTime(message.createdAt)}
                </p>
                <p className="whitespace-pre-wrap">{message.kind === 'TEXT' || message.kind === 'SYSTEM' ? message.body : t('admin.report.media')}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-gray-700">{t('admin.report.noConversation')}</p>
        )}
      </section>

      <section className="mt-6" aria-labelledby="decision">
        <h2 id="decision" className="text-lg font-semibold">
          {t('admin.report.decision')}
        </h2>
        {report.decision ? (
          <div className="mt-2 rounded-xl border border-gray-200 p-4">
            <p className="font-medium">{t(`admin.outcome.${report.decision.outcome}`)}</p>
            <p className="mt-1">{report.decision.reason}</p>
            <p className="mt-1 text-sm text-gray-700">
              {report.decision.decidedBy} · {dateTime(report.decision.decidedAt)}
            </p>
          </div>
        ) : (
          <Form method="post" className="mt-2 space-y-3 rounded-xl border border-gray-200 p-4">
            <input type="hidden" name="intent" value="decide" />
            <fieldset>
              <legend className="font-medium">{t('admin.report.outcome')}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {REPORT_OUTCOMES.map((outcome) => (
                  <label key={outcome} className="flex items-start gap-2 rounded-lg border border-gray-200 p-2 has-[:checked]:border-brand-700">
                    <input
                      type="radio"
                      name="outcome"
                      value={outcome}
                      required
                      className="mt-1"
                      disabled={outcome === 'LISTING_SUSPENDED' && !report.property}
                    />
                    <span>
                      <span className="block font-medium">{t(`admin.outcome.${outcome}`)}</span>
                      <span className="block text-sm text-gray-700">{t(`admin.outcome.${outcome}.hint`)}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor="decision-reason" className="block font-medium">
                {t('admin.reasonLabel')}
              </label>
              <textarea
                id="decision-reason"
                name="reason"
                required
                minLength={3}
                maxLength={500}
                rows={3}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby="decision-reason-hint"
                className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
              />
              <p id="decision-reason-hint" className="mt-1 text-sm text-gray-700">
                {fieldError ?? t('admin.reasonHint')}
              </p>
            </div>
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t('admin.report.decide')}
            </button>
          </Form>
        )}
        <PinPrompt result={result} />
        <ActionMessage result={result} done={t('admin.report.decided')} />
      </section>
    </AdminShell>
  );
}
