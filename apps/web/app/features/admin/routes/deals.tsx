import { Link } from 'react-router';
import { DEAL_STATES } from '@kunci/contracts/deals';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { AdminTable, FilterSelect, Pager, TableFilters, cell } from '../components/table-tools.tsx';
import { requireStaff } from '../staff.server.ts';
import type { Route } from './+types/deals';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, url } = requireStaff(request, context, ['operations']);
  const params = url.searchParams;
  const q = params.get('q') ?? '';
  const state = (DEAL_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') ?? '') : '';
  const page = Math.max(0, Math.min(10_000, Number(params.get('page')) || 0));
  const deals = await serverApi(context, lang).adminDeals({ q: q || undefined, state: state || undefined, page });
  return { role: user.role, deals, q, state };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('admin.nav.deals')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/** Every deal, newest first: by state, or found by the tenant's or landlord's phone or name, or the listing. */
export default function Deals({ loaderData }: Route.ComponentProps) {
  const { t, date, money, href } = useI18n();
  const { deals, q, state } = loaderData;
  return (
    <AdminShell role={loaderData.role} title={t('admin.nav.deals')}>
      <TableFilters q={q} label={t('admin.deals.search')}>
        <FilterSelect
          name="state"
          label={t('admin.deals.col.state')}
          value={state}
          options={[
            { value: '', label: t('admin.filter.any') },
            ...DEAL_STATES.map((value) => ({ value, label: t('deal.state', { state: value }) })),
          ]}
        />
      </TableFilters>
      <AdminTable
        caption={t('admin.nav.deals')}
        head={[
          t('admin.col.listing'),
          t('admin.deals.col.state'),
          t('admin.deals.col.tenant'),
          t('admin.deals.col.landlord'),
          t('admin.deals.col.rent'),
          t('admin.deals.col.moveIn'),
          t('admin.deals.col.created'),
        ]}
        empty={deals.content.length === 0 ? t('admin.deals.empty') : null}
      >
        {deals.content.map((deal) => (
          <tr key={deal.id}>
            <td className={cell}>
              <Link
                to={href('adminDeal', { id: deal.id })}
                aria-label={t('admin.deals.openDeal', { listing: deal.property.name })}
                className="font-medium text-brand-700 hover:underline"
              >
                {deal.property.name}
              </Link>
            </td>
            <td className={`${cell} whitespace-nowrap`}>{t('deal.state', { state: deal.state })}</td>
            <td className={cell}>
              {deal.tenant.name}
              <span className="block whitespace-nowrap text-gray-700">{deal.tenant.phoneNumber}</span>
            </td>
            <td className={cell}>
              {deal.landlord.name}
              <span className="block whitespace-nowrap text-gray-700">{deal.landlord.phoneNumber}</span>
            </td>
            <td className={`${cell} whitespace-nowrap`}>{money(deal.monthlyRent)}</td>
            <td className={`${cell} whitespace-nowrap`}>{date(`${deal.moveInDate}T00:00:00.000Z`)}</td>
            <td className={`${cell} whitespace-nowrap`}>{date(deal.createdAt)}</td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={deals.pageNumber} totalPages={deals.totalPages} total={deals.totalElements} />
    </AdminShell>
  );
}
