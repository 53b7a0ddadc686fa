import { Link } from 'react-router';
import { USER_STATUSES } from '@kunci/contracts/admin';
import { USER_ROLES } from '@kunci/contracts/staff';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { AdminTable, FilterSelect, Pager, TableFilters, cell } from '../components/table-tools.tsx';
import { requireStaff } from '../staff.server.ts';
import type { Route } from './+types/users';

const ROLES = USER_ROLES;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, url } = requireStaff(request, context, ['moderator']);
  const params = url.searchParams;
  const q = params.get('q') ?? '';
  const status = (USER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') ?? '') : '';
  const role = (ROLES as readonly string[]).includes(params.get('role') ?? '') ? (params.get('role') ?? '') : '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const users = await serverApi(context, lang).adminUsers({ q: q || undefined, status: status || undefined, role: role || undefined, page });
  return { role: user.role, users, q, status, roleFilter: role };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('admin.nav.users')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/** Find a person by phone, name or email. */
export default function Users({ loaderData }: Route.ComponentProps) {
  const { t, date, href } = useI18n();
  const { users, q, status, roleFilter } = loaderData;
  return (
    <AdminShell role={loaderData.role} title={t('admin.nav.users')}>
      <TableFilters q={q} label={t('admin.users.search')}>
        <FilterSelect
          name="status"
          label={t('admin.filter.status')}
          value={status}
          options={[{ value: '', label: t('admin.filter.any') }, ...USER_STATUSES.map((value) => ({ value, label: t(`admin.status.${value}`) }))]}
        />
        <FilterSelect
          name="role"
          label={t('admin.filter.role')}
          value={roleFilter}
          options={[{ value: '', label: t('admin.filter.any') }, ...ROLES.map((value) => ({ value, label: t(`admin.role.${value}`) }))]}
        />
      </TableFilters>
      <AdminTable
        caption={t('admin.nav.users')}
        head={[
          t('admin.col.name'),
          t('admin.col.phone'),
          t('admin.col.email'),
          t('admin.filter.role'),
          t('admin.filter.status'),
          t('admin.col.listings'),
          t('admin.col.reportsAgainst'),
          t('admin.col.joined'),
        ]}
        empty={users.content.length === 0 ? t('admin.users.empty') : null}
      >
        {users.content.map((user) => (
          <tr key={user.id}>
            <td className={cell}>
              <Link to={href('adminUser', { id: user.id })} className="font-medium text-brand-700 hover:underline">
                {user.name}
              </Link>
            </td>
            <td className={`${cell} whitespace-nowrap`}>{user.phoneNumber}</td>
            <td className={cell}>{user.email}</td>
            <td className={cell}>{t(`admin.role.${user.role}`)}</td>
            <td className={cell}>{t(`admin.status.${user.status}`)}</td>
            <td className={cell}>{user.listings}</td>
            <td className={cell}>{user.reportsAgainst}</td>
            <td className={`${cell} whitespace-nowrap`}>{date(user.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={users.pageNumber} totalPages={users.totalPages} total={users.totalElements} />
    </AdminShell>
  );
}
