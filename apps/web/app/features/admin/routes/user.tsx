import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { USER_STATUSES } from '@kunci/contracts/admin';
import { USER_ROLES, holdsRole, type UserRole } from '@kunci/contracts/staff';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage, PinPrompt } from '../components/pin-prompt.tsx';
import { requireStaff, staffAction, staffForm } from '../staff.server.ts';
import type { Route } from './+types/user';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function userId(raw: string | undefined): string {
  if (!raw || !UUID.test(raw)) throw data(null, { status: 404 });
  return raw;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, lang } = requireStaff(request, context, ['moderator']);
  return { role: user.role, me: user.id, person: await serverApi(context, lang).adminUser(userId(params.id)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { api, form } = await staffForm(request, context, ['moderator']);
  const id = userId(params.id);
  const reason = String(form.get('reason') ?? '');
  const result = await staffAction(api, form, () =>
    form.get('intent') === 'role'
      ? api.setUserRole(id, { role: String(form.get('role')) as UserRole, reason })
      : api.setUserStatus(id, { status: String(form.get('status')) as (typeof USER_STATUSES)[number], reason }),
  );
  return result.ok ? result : data(result, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('admin.users.profile')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/** A person: profile, listings, deals and reports; ban, restrict or unban with a reason; their role (admins). */
export default function User({ loaderData }: Route.ComponentProps) {
  const { t, date, dateTime, href, aside } = useI18n();
  // Deals are operations' (a moderator sees the list, not the deal).
  const canSeeDeals = holdsRole(loaderData.role, ['operations']);
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { person, role, me } = loaderData;
  const reasonField = (id: string) => (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {t('admin.reasonLabel')}
      </label>
      <input id={id} name="reason" required minLength={3} maxLength={500} className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2" />
    </div>
  );
  return (
    <AdminShell role={role} title={person.name}>
      <p>
        <Link to={href('adminUsers')} className="text-brand-700 hover:underline">
          {t('admin.users.back')}
        </Link>
      </p>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 rounded-xl border border-gray-200 p-4 sm:grid-cols-2 lg:grid-cols-3">
        {[
          [t('admin.col.phone'), person.phoneNumber],
          [t('admin.col.email'), person.email ?? '—'],
          [t('admin.filter.role'), t(`admin.role.${person.role}`)],
          [t('admin.filter.status'), t(`admin.status.${person.status}`)],
          [t('admin.col.joined'), date(person.createdAt)],
          [t('admin.col.lastSeen'), person.lastActivityAt ? dateTime(person.lastActivityAt) : '—'],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-gray-700">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>

      {person.id !== me ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <Form method="post" className="space-y-3 rounded-xl border border-gray-200 p-4" aria-labelledby="status-title">
            <h2 id="status-title" className="font-semibold">
              {t('admin.users.statusTitle')}
            </h2>
            <input type="hidden" name="intent" value="status" />
            <div>
              <label htmlFor="user-status" className="block text-sm font-medium">
                {t('admin.filter.status')}
              </label>
              <select
                id="user-status"
                name="status"
                defaultValue={person.status === 'active' ? 'banned' : 'active'}
                className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
              >
                {USER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`admin.statusAction.${status}`)}
                  </option>
                ))}
              </select>
            </div>
            {reasonField('status-reason')}
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              {t('admin.users.applyStatus')}
            </button>
          </Form>
          {role === 'admin' ? (
            <Form method="post" className="space-y-3 rounded-xl border border-gray-200 p-4" aria-labelledby="role-title">
              <h2 id="role-title" className="font-semibold">
                {t('admin.users.roleTitle')}
              </h2>
              <input type="hidden" name="intent" value="role" />
              <div>
                <label htmlFor="user-role" className="block text-sm font-medium">
                  {t('admin.filter.role')}
                </label>
                <select
                  id="user-role"
                  name="role"
                  defaultValue={person.role}
                  className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
                >
                  {USER_ROLES.map((value) => (
                    <option key={value} value={value}>
                      {t(`admin.role.${value}`)}
                    </option>
                  ))}
                </select>
              </div>
              {reasonField('role-reason')}
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
              >
                {t('admin.users.applyRole')}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      <PinPrompt result={result} />
      <ActionMessage result={result} done={t('admin.users.saved')} />

      <section className="mt-6" aria-labelledby="user-listings">
        <h2 id="user-listings" className="text-lg font-semibold">
          {t('admin.col.listings')}
          {aside(person.listingsList.length)}
        </h2>
        <ul className="mt-2 space-y-1">
          {person.listingsList.map((listing) => (
            <li key={listing.id}>
              <Link to={href('reviewPreview', { id: listing.id })} className="text-brand-700 hover:underline">
                {listing.name}
              </Link>{' '}
              <span className="text-sm text-gray-700">
                {t(`admin.listingStatus.${listing.status as 'ACTIVE'}`)} · {t(`admin.review.${listing.reviewStatus as 'PENDING'}`)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-6" aria-labelledby="user-deals">
        <h2 id="user-deals" className="text-lg font-semibold">
          {t('admin.users.deals')}
          {aside(person.deals.length)}
        </h2>
        <ul className="mt-2 space-y-1">
          {person.deals.map((deal) => (
            <li key={deal.id}>
              {canSeeDeals ? (
                <Link to={href('adminDeal', { id: deal.id })} className="text-brand-700 hover:underline">
                  {deal.propertyName}
                </Link>
              ) : (
                deal.propertyName
              )}{' '}
              · {t(`admin.side.${deal.side}`)} · {t('deal.state', { state: deal.state })} · {date(deal.createdAt)}
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-6 grid gap-4 md:grid-cols-2">
        {(
          [
            ['reportsAgainst', person.reportsAgainstList],
            ['reportsBy', person.reportsBy],
          ] as const
        ).map(([key, reports]) => (
          <div key={key}>
            <h2 className="text-lg font-semibold">
              {t(`admin.users.${key}`)}
              {aside(reports.length)}
            </h2>
            <ul className="mt-2 space-y-1">
              {reports.map((report) => (
                <li key={`${report.kind}-${report.id}`}>
                  <Link to={href('adminReport', { kind: report.kind, id: report.id })} className="text-brand-700 hover:underline">
                    {t(`admin.kind.${report.kind}`)} #{report.id}
                  </Link>{' '}
                  <span className="text-sm text-gray-700">
                    {report.outcome ? t(`admin.outcome.${report.outcome}`) : t('admin.reports.status.open')}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </AdminShell>
  );
}
