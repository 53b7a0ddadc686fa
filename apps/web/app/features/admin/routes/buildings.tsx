import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import type { AdminBuilding } from '@kunci/contracts/admin';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { AdminShell } from '../components/admin-shell.tsx';
import { ActionMessage } from '../components/pin-prompt.tsx';
import { AdminTable, FilterSelect, Pager, TableFilters, cell } from '../components/table-tools.tsx';
import { requireStaff, staffAction, staffForm } from '../staff.server.ts';
import type { Route } from './+types/buildings';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, lang, url } = requireStaff(request, context, ['moderator']);
  const params = url.searchParams;
  const q = params.get('q') ?? '';
  const area = params.get('area') ?? '';
  const verified = params.get('verified') === 'yes' || params.get('verified') === 'no' ? (params.get('verified') as 'yes' | 'no') : undefined;
  const page = Math.max(0, Number(params.get('page')) || 0);
  const edit = params.get('edit');
  const api = serverApi(context, lang);
  const [buildings, areas] = await Promise.all([api.adminBuildings({ q: q || undefined, area: area || undefined, verified, page }), api.areas()]);
  const editing = edit === 'new' ? ('new' as const) : (buildings.content.find((building) => String(building.id) === edit) ?? null);
  return { role: user.role, buildings, areas, q, area, verified: verified ?? '', editing };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, form, text } = await staffForm(request, context, ['moderator']);
  const id = Number(form.get('id')) || undefined;
  const result = await staffAction(api, form, async () => {
    if (form.get('intent') === 'merge') {
      return api.mergeBuilding(id!, { duplicateId: Number(form.get('duplicateId')), reason: text('reason') });
    }
    return api.saveBuilding(id, {
      name: text('name'),
      address: text('address'),
      postcode: text('postcode'),
      areaSlug: text('areaSlug'),
      listingType: text('listingType') === 'LANDED' ? 'LANDED' : 'HIGHRISE',
      lat: Number(form.get('lat')),
      lng: Number(form.get('lng')),
      verified: form.get('verified') === 'on',
    });
  });
  return result.ok ? result : data(result, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('admin.nav.buildings')} | ${t('admin.title')}` }, { name: 'robots', content: 'noindex' }];
};

/** The building directory: add, edit, verify, merge duplicates; a building's area decides where its listings are found. */
export default function Buildings({ loaderData }: Route.ComponentProps) {
  const { t, lang, href } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { buildings, areas, q, area, verified, editing } = loaderData;
  const fields = result && !result.ok && 'fields' in result ? (result.fields ?? {}) : {};
  const areaName = (slug: string) => areas.find((a) => a.slug === slug)?.name[lang] ?? slug;
  const saved =
    result?.ok && 'listingsMoved' in result.value
      ? t('admin.buildings.moved', { count: Number(result.value.listingsMoved) })
      : t('admin.buildings.saved');
  const input = (name: string, label: string, value: string | number, extra: Record<string, string | number | boolean> = {}) => (
    <div>
      <label htmlFor={`b-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`b-${name}`}
        name={name}
        defaultValue={value}
        required
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `b-${name}-error` : undefined}
        className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
        {...extra}
      />
      {fields[name] ? (
        <p id={`b-${name}-error`} className="mt-1 text-sm text-red-700">
          {fields[name]}
        </p>
      ) : null}
    </div>
  );
  const form = (building: AdminBuilding | null) => (
    <section className="mt-4 rounded-xl border border-gray-200 p-4" aria-labelledby="building-form">
      <h2 id="building-form" className="font-semibold">
        {building ? t('admin.buildings.edit', { name: building.name }) : t('admin.buildings.add')}
      </h2>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="save" />
        {building ? <input type="hidden" name="id" value={building.id} /> : null}
        {input('name', t('admin.col.name'), building?.name ?? '', { minLength: 2, maxLength: 120 })}
        {input('address', t('admin.col.address'), building?.address ?? '', { minLength: 3, maxLength: 300 })}
        {input('postcode', t('admin.col.postcode'), building?.postcode ?? '', { pattern: '\\d{5}', inputMode: 'numeric', maxLength: 5 })}
        <div>
          <label htmlFor="b-areaSlug" className="block text-sm font-medium">
            {t('admin.col.area')}
          </label>
          <select
            id="b-areaSlug"
            name="areaSlug"
            defaultValue={building?.areaSlug ?? ''}
            required
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
          >
            <option value="">{t('admin.buildings.pickArea')}</option>
            {areas.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.name[lang]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="b-listingType" className="block text-sm font-medium">
            {t('admin.col.type')}
          </label>
          <select
            id="b-listingType"
            name="listingType"
            defaultValue={building?.listingType ?? 'HIGHRISE'}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
          >
            <option value="HIGHRISE">{t('admin.buildings.HIGHRISE')}</option>
            <option value="LANDED">{t('admin.buildings.LANDED')}</option>
          </select>
        </div>
        {input('lat', t('admin.col.lat'), building?.lat ?? '', { type: 'number', step: 'any', min: -90, max: 90 })}
        {input('lng', t('admin.col.lng'), building?.lng ?? '', { type: 'number', step: 'any', min: -180, max: 180 })}
        <label className="flex items-center gap-2 self-end">
          <input type="checkbox" name="verified" defaultChecked={building?.verified ?? false} />
          <span>{t('admin.buildings.verifiedLabel')}</span>
        </label>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {t('admin.buildings.save')}
          </button>
        </div>
      </Form>
      {building ? (
        <Form method="post" className="mt-4 grid gap-3 border-t border-gray-200 pt-4 sm:grid-cols-3" aria-label={t('admin.buildings.merge')}>
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="id" value={building.id} />
          <div>
            <label htmlFor="b-duplicate" className="block text-sm font-medium">
              {t('admin.buildings.duplicateId')}
            </label>
            <input
              id="b-duplicate"
              name="duplicateId"
              type="number"
              min={1}
              required
              className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="b-merge-reason" className="block text-sm font-medium">
              {t('admin.reasonLabel')}
            </label>
            <input
              id="b-merge-reason"
              name="reason"
              required
              minLength={3}
              className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2"
            />
          </div>
          <button type="submit" disabled={busy} className="self-end rounded-lg border border-gray-400 px-4 py-2 font-medium hover:bg-gray-50">
            {t('admin.buildings.merge')}
          </button>
        </Form>
      ) : null}
    </section>
  );
  return (
    <AdminShell
      role={loaderData.role}
      title={t('admin.nav.buildings')}
      actions={
        <Link
          to={href('adminBuildings', undefined, { edit: 'new' })}
          className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t('admin.buildings.add')}
        </Link>
      }
    >
      <TableFilters q={q} label={t('admin.buildings.search')}>
        <FilterSelect
          name="area"
          label={t('admin.col.area')}
          value={area}
          options={[{ value: '', label: t('admin.filter.any') }, ...areas.map((a) => ({ value: a.slug, label: a.name[lang] }))]}
        />
        <FilterSelect
          name="verified"
          label={t('admin.buildings.verified')}
          value={verified}
          options={[
            { value: '', label: t('admin.filter.any') },
            { value: 'yes', label: t('admin.yes') },
            { value: 'no', label: t('admin.no') },
          ]}
        />
      </TableFilters>
      <ActionMessage result={result} done={saved} />
      {editing ? form(editing === 'new' ? null : editing) : null}
      <AdminTable
        caption={t('admin.nav.buildings')}
        head={[
          '#',
          t('admin.col.name'),
          t('admin.col.area'),
          t('admin.col.postcode'),
          t('admin.buildings.verified'),
          t('admin.col.listings'),
          t('admin.col.actions'),
        ]}
        empty={buildings.content.length === 0 ? t('admin.buildings.empty') : null}
      >
        {buildings.content.map((building) => (
          <tr key={building.id}>
            <td className={cell}>{building.id}</td>
            <td className={cell}>
              <span className="font-medium">{building.name}</span>
              <div className="text-xs text-gray-700">{building.address}</div>
            </td>
            <td className={cell}>{areaName(building.areaSlug)}</td>
            <td className={cell}>{building.postcode}</td>
            <td className={cell}>{building.verified ? t('admin.yes') : t('admin.no')}</td>
            <td className={cell}>{building.listings}</td>
            <td className={cell}>
              <Link
                to={href('adminBuildings', undefined, { ...(q ? { q } : {}), edit: String(building.id) })}
                className="text-brand-700 hover:underline"
              >
                {t('admin.buildings.editLink')}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={buildings.pageNumber} totalPages={buildings.totalPages} total={buildings.totalElements} />
    </AdminShell>
  );
}
