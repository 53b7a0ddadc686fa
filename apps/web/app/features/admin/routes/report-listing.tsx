import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router';
import { LISTING_REPORT_REASONS, type ListingReportReason } from '@kunci/contracts/admin';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/report-listing';

function listingId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const id = listingId(params.id);
  const listing = await serverApi(context, lang)
    .property(id)
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status < 500) throw data(null, { status: 404 });
      throw error;
    });
  return { id, name: listing.name };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const id = listingId(params.id);
  const form = await request.formData();
  const reason = String(form.get('reason') ?? '');
  if (!(LISTING_REPORT_REASONS as readonly string[]).includes(reason)) return data({ error: 'reason' as const }, { status: 400 });
  try {
    await serverApi(context, lang).reportListing(id, { reason: reason as ListingReportReason, note: String(form.get('note') ?? '') });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return data({ error: error.body?.message ?? error.message }, { status: error.status });
    throw error;
  }
  throw redirect(href(lang, 'myReports', undefined, { reported: String(id) }));
}

export const meta: Route.MetaFunction = noindexMeta('admin.report.title');

/** "Report this listing": why (scam, wrong information, asks for a deposit, discriminatory) and what happened. */
export default function ReportListing({ loaderData }: Route.ComponentProps) {
  const { t, href: link } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('admin.report.title')}</h1>
      <p className="mt-1 text-gray-700">
        <Link to={link('details', { id: loaderData.id })} className="font-medium text-brand-700 hover:underline">
          {loaderData.name}
        </Link>
      </p>
      <Form method="post" className="mt-6 space-y-5">
        <fieldset aria-describedby={result?.error === 'reason' ? 'reason-error' : undefined}>
          <legend className="font-semibold">{t('admin.report.why')}</legend>
          <div className="mt-2 space-y-2">
            {LISTING_REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex items-start gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-brand-700">
                <input type="radio" name="reason" value={reason} required className="mt-1" />
                <span>
                  <span className="block font-medium">{t(`admin.reason.${reason}`)}</span>
                  <span className="block text-sm text-gray-700">{t(`admin.reason.${reason}.hint`)}</span>
                </span>
              </label>
            ))}
          </div>
          {result?.error === 'reason' ? (
            <p id="reason-error" role="alert" className="mt-1 text-sm text-red-700">
              {t('admin.report.pickReason')}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor="report-note" className="block font-semibold">
            {t('admin.report.note')}
          </label>
          <textarea
            id="report-note"
            name="note"
            rows={4}
            maxLength={1000}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
          />
          <p className="mt-1 text-sm text-gray-700">{t('admin.report.noteHint')}</p>
        </div>
        {result && result.error !== 'reason' ? (
          <p role="alert" className="text-red-700">
            {result.error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-red-700 px-4 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-60 sm:w-auto"
        >
          {t('admin.report.send')}
        </button>
      </Form>
    </div>
  );
}
