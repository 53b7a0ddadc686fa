import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { SavedSearch, SavedSearchFrequency } from '@kunci/contracts/saved-searches';
import { parsePath } from '@kunci/i18n/paths';
import { useToast } from '../../../components/ui/toast.tsx';
import { serverApi, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { SearchAlertDialog, useSearchAlertForm } from '../components/search-alert-dialog.tsx';
import { searchFilters } from '../search-filters.ts';
import type { Route } from './+types/saved-searches';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  const api = serverApi(context, lang);
  // The types' names, for the filters on each card (the areas' come with the root loader's data).
  const [saved, types] = await Promise.all([api.savedSearches(), api.propertyTypes()]);
  return { ...saved, types };
}

export const meta: Route.MetaFunction = noindexMeta('notifications.saved.title');

/** The person's saved searches, each with its filters: open the results, rename or change how often, pause and resume, delete. */
export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const { areas } = useRootData();
  const api = useApi();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [failed, setFailed] = useState(false);
  const searches = loaderData.content;

  const run = async (work: () => Promise<unknown>, done: string) => {
    setFailed(false);
    try {
      await work();
      toast(done);
      await revalidator.revalidate();
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold md:text-3xl">{t('notifications.saved.title')}</h1>
      <p className="mt-2 text-gray-700">{t('notifications.saved.intro')}</p>
      {failed ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('notifications.saved.error')}
        </p>
      ) : null}
      {searches.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-gray-300 p-8 text-center">
          <p className="text-gray-700">{t('notifications.saved.empty')}</p>
          <Link to={href('rent')} className="mt-4 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800">
            {t('notifications.saved.startSearch')}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {searches.map((search) => (
            <li key={search.id} className="rounded-xl border border-gray-200 p-4" data-testid="saved-search">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-semibold">
                    {search.name}
                    {search.paused ? (
                      <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
                        {t('notifications.saved.paused')}
                      </span>
                    ) : null}
                  </h2>
                  <ul aria-label={t('filters.title')} className="mt-2 flex flex-wrap gap-1.5">
                    {searchFilters(search.query, i18n, { areas, types: loaderData.types }).map((chip) => (
                      <li key={chip} className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs text-gray-800">
                        {chip}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-2 text-sm text-gray-700">
                    {t(`notifications.saved.frequency.${search.frequency}`)} · {t('notifications.saved.found', { count: search.found })}
                  </p>
                </div>
                <Link to={search.url} className="text-sm font-medium text-brand-700 hover:underline">
                  {t('notifications.saved.viewResults')}
                </Link>
              </div>
              <div className="mt-3 flex flex-wrap gap-2 text-sm">
                <button
                  type="button"
                  onClick={() => setEditing(search)}
                  className="rounded-full border border-gray-300 px-3 py-1.5 font-medium hover:bg-gray-50"
                >
                  {t('notifications.saved.edit')}
                </button>
                <button
                  type="button"
                  onClick={() => void run(() => api.updateSavedSearch(search.id, { paused: !search.paused }), t('notifications.saved.updated'))}
                  className="rounded-full border border-gray-300 px-3 py-1.5 font-medium hover:bg-gray-50"
                >
                  {search.paused ? t('notifications.saved.resume') : t('notifications.saved.pause')}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    if (window.confirm(t('notifications.saved.deleteConfirm', { name: search.name })))
                      void run(() => api.deleteSavedSearch(search.id), t('notifications.saved.deleted'));
                  }}
                  className="rounded-full border border-red-200 px-3 py-1.5 font-medium text-red-700 hover:bg-red-50"
                >
                  {t('notifications.saved.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <EditDialog
          search={editing}
          onClose={() => setEditing(null)}
          onSave={async (changes) => {
            await api.updateSavedSearch(editing.id, changes);
            setEditing(null);
            toast(t('notifications.saved.updated'));
            await revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}

function EditDialog({
  search,
  onClose,
  onSave,
}: {
  search: SavedSearch;
  onClose: () => void;
  onSave: (changes: { name: string; frequency: SavedSearchFrequency }) => Promise<void>;
}) {
  const { t } = useI18n();
  const form = useSearchAlertForm({ name: search.name, frequency: search.frequency });
  return (
    <SearchAlertDialog
      form={form}
      onClose={onClose}
      onSubmit={(name) => void form.save(() => onSave({ name, frequency: form.frequency }))}
      title={t('notifications.saved.editTitle')}
      submitLabel={t('notifications.saved.submit')}
    />
  );
}
