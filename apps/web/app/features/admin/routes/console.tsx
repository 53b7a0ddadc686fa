import { Link } from 'react-router';
import { holdsRole } from '@kunci/contracts/staff';
import type { RouteId, Query } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { BarChart } from '../components/bar-chart.tsx';
import { requireStaff } from '../staff.server.ts';
import type { Route } from './+types/console';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang } = requireStaff(request, context, ['moderator', 'operations', 'editor']);
  return { role: user.role, name: user.name, dashboard: await serverApi(context, lang).adminDashboard() };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t('admin.title') }, { name: 'robots', content: 'noindex' }];
};

/** The console's first page: what needs doing now, each number a link to its list, and the last 30 days. */
export default function Console({ loaderData }: Route.ComponentProps) {
  const { t, number, href } = useI18n();
  const { dashboard } = loaderData;
  const counts: { label: string; value: number; route: RouteId; query?: Query }[] = [
    { label: t('admin.dash.reviewQueue'), value: dashboard.reviewQueue, route: 'adminListings', query: { view: 'queue' } },
    { label: t('admin.dash.reportsOpen'), value: dashboard.reportsOpen, route: 'adminReports', query: { status: 'open' } },
    { label: t('admin.dash.suspended'), value: dashboard.suspendedListings, route: 'adminListings', query: { view: 'suspended' } },
    { label: t('admin.dash.banned'), value: dashboard.bannedUsers, route: 'adminUsers', query: { status: 'banned' } },
  ];
  return (
    <AdminShell role={loaderData.role} title={t('admin.title')}>
      <p className="text-gray-700">{t('admin.dash.hello', { name: loaderData.name })}</p>
      <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {counts.map((count) => (
          <li key={count.label}>
            <Link
              to={href(count.route, undefined, count.query)}
              className="block rounded-xl border border-gray-200 p-4 hover:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <span className="block text-3xl font-bold text-brand-800">{number(count.value)}</span>
              <span className="block text-sm text-gray-800">{count.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-lg font-semibold">{t('admin.dash.trends')}</h2>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <Link to={href('adminListings', undefined, { view: 'all' })} className="block hover:opacity-90">
          <BarChart title={t('admin.dash.newListings')} points={dashboard.newListings} unit={t('admin.unit.listings')} />
        </Link>
        <Link to={href('adminListings', undefined, { view: 'queue' })} className="block hover:opacity-90">
          <BarChart title={t('admin.dash.approvalHours')} points={dashboard.approvalHours} unit={t('admin.unit.hours')} />
        </Link>
        <Link to={href('adminReports', undefined, { status: 'all' })} className="block hover:opacity-90">
          <BarChart title={t('admin.dash.reports')} points={dashboard.reports} unit={t('admin.unit.reports')} />
        </Link>
        <BarChart title={t('admin.dash.chatResponse')} points={dashboard.chatResponseMinutes} unit={t('admin.unit.minutes')} />
      </div>
      <section className="mt-8" aria-labelledby="deals-by-state">
        <h2 id="deals-by-state" className="text-lg font-semibold">
          {t('admin.dash.deals')}
        </h2>
        {dashboard.dealsByState.length === 0 ? <p className="mt-2 text-gray-700">{t('admin.dash.noDeals')}</p> : null}
        <ul className="mt-2 flex flex-wrap gap-2">
          {dashboard.dealsByState.map((row) => (
            <li key={row.state}>
              {holdsRole(loaderData.role, ['operations']) ? (
                <Link
                  to={href('adminDeals', undefined, { state: row.state })}
                  className="block rounded-lg border border-gray-200 px-3 py-2 hover:border-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <span className="font-semibold">{number(row.count)}</span>{' '}
                  <span className="text-sm text-gray-800">{t('deal.state', { state: row.state })}</span>
                </Link>
              ) : (
                <span className="block rounded-lg border border-gray-200 px-3 py-2">
                  <span className="font-semibold">{number(row.count)}</span>{' '}
                  <span className="text-sm text-gray-800">{t('deal.state', { state: row.state })}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </AdminShell>
  );
}
