import { Link } from 'react-router';
import { REPORT_KINDS, type ReportKind } from '@kunci/contracts/admin';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { AdminTable, FilterSelect, Pager, TableFilters, cell } from '../components/table-tools.tsx';
import { requireStaff } from '../staff.server.ts';
import type { Route } from './+types/reports';

const STATUSES = ['open', 'decided', 'all'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, url } = requireStaff(request, context, ['moderator']);
  const params = url.searchParams;
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as (typeof STATUSES)[number]) : 'open';
  const kind = (REPORT_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as ReportKind) : undefined;
  const q = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const reports = await serverApi(context, lang).adminReports({ status, kind, q: q || undefined, page });
  return { role: user.role, reports, status, kind: kind ?? '', q };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('admin.nav.reports')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/** Listing and chat reports, open ones first and oldest first, each opening to its evidence and decision. */
export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t, dateTime, href } = useI18n();
  const { reports, status, kind, q } = loaderData;
  return (
    <AdminShell role={loaderData.role} title={t('admin.nav.reports')}>
      <TableFilters q={q} label={t('admin.reports.search')}>
        <FilterSelect
          name="status"
          label={t('admin.filter.status')}
          value={status}
          options={STATUSES.map((value) => ({ value, label: t(`admin.reports.status.${value}`) }))}
        />
        <FilterSelect
          name="kind"
          label={t('admin.filter.kind')}
          value={kind}
          options={[{ value: '', label: t('admin.filter.any') }, ...REPORT_KINDS.map((value) => ({ value, label: t(`admin.kind.${value}`) }))]}
        />
      </TableFilters>
      <AdminTable
        caption={t('admin.nav.reports')}
        head={[
          t('admin.col.report'),
          t('admin.col.reason'),
          t('admin.col.reported'),
          t('admin.col.reporter'),
          t('admin.col.filed'),
          t('admin.col.outcome'),
        ]}
        empty={reports.content.length === 0 ? t('admin.reports.empty') : null}
      >
        {reports.content.map((report) => (
          <tr key={`${report.kind}-${report.id}`}>
            <td className={cell}>
              <Link to={href('adminReport', { kind: report.kind, id: report.id })} className="font-medium text-brand-700 hover:underline">
                {t(`admin.kind.${report.kind}`)} #{report.id}
              </Link>
              {report.property ? <div className="text-gray-700">{report.property.name}</div> : null}
            </td>
            <td className={cell}>{report.kind === 'LISTING' ? t(`admin.reason.${report.reason as 'SCAM'}`) : report.reason}</td>
            <td className={cell}>
              {report.reported.name}
              {report.reported.status !== 'active' ? (
                <span className="ml-1 rounded bg-red-100 px-1.5 text-xs text-red-800">{t(`admin.status.${report.reported.status as 'banned'}`)}</span>
              ) : null}
            </td>
            <td className={cell}>{report.reporter.name}</td>
            <td className={`${cell} whitespace-nowrap`}>{dateTime(report.createdAt)}</td>
            <td className={cell}>
              {report.outcome ? (
                t(`admin.outcome.${report.outcome}`)
              ) : (
                <span className="font-medium text-amber-800">{t('admin.reports.status.open')}</span>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={reports.pageNumber} totalPages={reports.totalPages} total={reports.totalElements} />
    </AdminShell>
  );
}
