import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { AdminTable, FilterSelect, Pager, TableFilters, cell } from '../components/table-tools.tsx';
import { requireStaff, staffAction, staffForm } from '../staff.server.ts';
import type { Route } from './+types/listings';

const VIEWS = ['queue', 'live', 'suspended', 'rejected', 'all'] as const;
type View = (typeof VIEWS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, url } = requireStaff(request, context, ['moderator']);
  const params = url.searchParams;
  const view: View = (VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as View) : 'queue';
  const q = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const historyId = Number(params.get('history')) || null;
  const api = serverApi(context, lang);
  const [listings, history] = await Promise.all([
    api.adminListings({ view, q: q || undefined, page }),
    historyId ? api.listingHistory(historyId) : Promise.resolve(null),
  ]);
  return { role: user.role, listings, view, q, history: history ? { id: historyId!, entries: history.content } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form } = await staffForm(request, context, ['moderator']);
  const id = Number(form.get('id'));
  const intent = form.get('intent') === 'restore' ? 'unsuspend' : 'suspend';
  const result = await staffAction(api, form, () => api.listingAction(id, intent, String(form.get('reason') ?? '')));
  return result.ok ? { ...result, value: null } : data(result, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('admin.nav.listings')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/** Listings by view: the review queue (opened in the real preview), live ones to suspend, suspended ones to restore. */
export default function Listings({ loaderData }: Route.ComponentProps) {
  const { t, money, date, dateTime, href } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { listings, view, q, history } = loaderData;
  return (
    <AdminShell role={loaderData.role} title={t('admin.nav.listings')}>
      <TableFilters q={q} label={t('admin.listings.search')}>
        <FilterSelect
          name="view"
          label={t('admin.listings.view')}
          value={view}
          options={VIEWS.map((value) => ({ value, label: t(`admin.listings.${value}`) }))}
        />
      </TableFilters>
      <PinPrompt result={result} />
      <ActionMessage result={result} done={t('admin.listings.done')} />
      {history ? (
        <section className="mt-4 rounded-xl border border-gray-200 p-4" aria-labelledby="history-title">
          <h2 id="history-title" className="font-semibold">
            {t('admin.listings.history', { id: history.id })}
          </h2>
          {history.entries.length === 0 ? <p className="text-gray-700">{t('admin.listings.noHistory')}</p> : null}
          <ol className="mt-2 space-y-1">
            {history.entries.map((entry) => (
              <li key={entry.id} className="text-sm">
                {dateTime(entry.createdAt)} · <span className="font-mono">{entry.action}</span> · {entry.actorName}
                {entry.reason ? ` · ${entry.reason}` : ''}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <AdminTable
        caption={t('admin.nav.listings')}
        head={[
          t('admin.col.listing'),
          t('admin.col.owner'),
          t('admin.col.area'),
          t('admin.col.price'),
          t('admin.filter.status'),
          t('admin.col.submitted'),
          t('admin.col.actions'),
        ]}
        empty={listings.content.length === 0 ? t('admin.listings.empty') : null}
      >
        {listings.content.map((listing) => (
          <tr key={listing.id}>
            <td className={cell}>
              <Link to={href('reviewPreview', { id: listing.id })} className="font-medium text-brand-700 hover:underline">
                {listing.name}
              </Link>
              <div className="text-xs text-gray-700">
                #{listing.id}
                {listing.openReports > 0 ? (
                  <span className="ml-1 rounded bg-red-100 px-1.5 text-red-800">{t('admin.listings.reports', { count: listing.openReports })}</span>
                ) : null}
              </div>
            </td>
            <td className={cell}>
              <Link to={href('adminUser', { id: listing.owner.id })} className="hover:underline">
                {listing.owner.name}
              </Link>
            </td>
            <td className={cell}>{listing.area}</td>
            <td className={`${cell} whitespace-nowrap`}>{money(listing.price)}</td>
            <td className={cell}>
              {t(`admin.listingStatus.${listing.status as 'ACTIVE'}`)} · {t(`admin.review.${listing.reviewStatus as 'PENDING'}`)}
            </td>
            <td className={`${cell} whitespace-nowrap`}>{listing.submittedAt ? date(listing.submittedAt) : '—'}</td>
            <td className={cell}>
              <div className="flex flex-col gap-2">
                <Link
                  to={href('adminListings', undefined, { view, ...(q ? { q } : {}), history: String(listing.id) })}
                  className="text-brand-700 hover:underline"
                >
                  {t('admin.listings.historyLink')}
                </Link>
                {listing.reviewStatus === 'APPROVED' ? (
                  <Form method="post" className="flex flex-col gap-1 sm:flex-row">
                    <input type="hidden" name="id" value={listing.id} />
                    <input type="hidden" name="intent" value={listing.status === 'SUSPENDED' ? 'restore' : 'suspend'} />
                    <label className="sr-only" htmlFor={`reason-${listing.id}`}>
                      {t('admin.reasonLabel')}
                    </label>
                    <input
                      id={`reason-${listing.id}`}
                      name="reason"
                      required
                      minLength={3}
                      placeholder={t('admin.reasonLabel')}
                      className="w-40 rounded border border-gray-300 px-2 py-1"
                    />
                    <button type="submit" disabled={busy} className="rounded border border-gray-400 px-2 py-1 font-medium hover:bg-gray-50">
                      {listing.status === 'SUSPENDED' ? t('admin.listings.restore') : t('admin.listings.suspend')}
                    </button>
                  </Form>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={listings.pageNumber} totalPages={listings.totalPages} total={listings.totalElements} />
    </AdminShell>
  );
}
