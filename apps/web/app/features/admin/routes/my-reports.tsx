import { Link } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import type { Route } from './+types/my-reports';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  requireUser(request, context, lang);
  return { reports: await serverApi(context, lang).myReports(), reported: url.searchParams.has('reported') };
}

export const meta: Route.MetaFunction = noindexMeta('admin.mine.title');

/** The reports a user filed and what came of each. */
export default function MyReports({ loaderData }: Route.ComponentProps) {
  const { t, date, href, label } = useI18n();
  const { reports, reported } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('admin.mine.title')}</h1>
      {reported ? (
        <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-green-900">
          {t('admin.mine.thanks')}
        </p>
      ) : null}
      {reports.length === 0 ? <p className="mt-6 text-gray-700">{t('admin.mine.empty')}</p> : null}
      <ul className="mt-6 space-y-3">
        {reports.map((report) => (
          <li key={`${report.kind}-${report.id}`} className="rounded-xl border border-gray-200 p-4">
            <p className="font-semibold">
              {report.propertyId ? (
                <Link to={href('details', { id: report.propertyId })} className="hover:underline">
                  {report.subject}
                </Link>
              ) : (
                report.subject
              )}
            </p>
            <p className="text-sm text-gray-700">
              {report.kind === 'LISTING' ? t(`admin.reason.${report.reason as 'SCAM'}`) : report.reason} · {date(report.createdAt)}
            </p>
            <p className="mt-2">
              <span className="font-medium">{label(t('admin.mine.outcome'))}</span>
              {report.outcome ? t(`admin.outcome.told.${report.outcome}`) : t('admin.mine.pending')}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
