import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { AdminTable, FilterSelect, Pager, TableFilters, cell } from '../components/table-tools.tsx';
import { requireStaff } from '../staff.server.ts';
import type { Route } from './+types/audit';

const TARGETS = ['', 'listing', 'user', 'listing-report', 'chat-report', 'conversation', 'building'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, url } = requireStaff(request, context, ['moderator', 'operations']);
  const params = url.searchParams;
  const q = params.get('q') ?? '';
  const targetType = (TARGETS as readonly string[]).includes(params.get('target') ?? '') ? (params.get('target') ?? '') : '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const log = await serverApi(context, lang).auditLog({ q: q || undefined, targetType: targetType || undefined, page, pageSize: 30 });
  return { role: user.role, log, q, targetType };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('admin.nav.audit')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

const show = (value: Record<string, unknown> | null) =>
  value === null
    ? ''
    : Object.entries(value)
        .map(([key, v]) => `${key}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join(', ');

/** Every staff action, newest first: who, what, when, the reason, before and after. Nobody can change it. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t, dateTime } = useI18n();
  const { log, q, targetType } = loaderData;
  return (
    <AdminShell role={loaderData.role} title={t('admin.nav.audit')}>
      <p className="text-gray-700">{t('admin.audit.intro')}</p>
      <div className="mt-3">
        <TableFilters q={q} label={t('admin.audit.search')}>
          <FilterSelect
            name="target"
            label={t('admin.audit.target')}
            value={targetType}
            options={TARGETS.map((value) => ({ value, label: value ? value : t('admin.filter.any') }))}
          />
        </TableFilters>
      </div>
      <AdminTable
        caption={t('admin.nav.audit')}
        head={[
          t('admin.col.when'),
          t('admin.col.who'),
          t('admin.col.action'),
          t('admin.col.target'),
          t('admin.col.reason'),
          t('admin.col.before'),
          t('admin.col.after'),
        ]}
        empty={log.content.length === 0 ? t('admin.audit.empty') : null}
      >
        {log.content.map((entry) => (
          <tr key={entry.id}>
            <td className={`${cell} whitespace-nowrap`}>{dateTime(entry.createdAt)}</td>
            <td className={cell}>
              {entry.actorName} <span className="text-gray-700">({entry.actorRole})</span>
            </td>
            <td className={`${cell} font-mono`}>{entry.action}</td>
            <td className={cell}>
              {entry.targetType} <span className="font-mono text-xs break-all">{entry.targetId}</span>
            </td>
            <td className={cell}>{entry.reason}</td>
            <td className={`${cell} text-xs break-all`}>{show(entry.before)}</td>
            <td className={`${cell} text-xs break-all`}>{show(entry.after)}</td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={log.pageNumber} totalPages={log.totalPages} total={log.totalElements} />
    </AdminShell>
  );
}
