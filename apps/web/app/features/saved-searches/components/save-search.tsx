import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { NoticePreferences } from '@kunci/contracts/notifications';
import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@kunci/contracts/saved-searches';
import { useToast } from '../../../components/ui/toast.tsx';
import { useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { alertChannels, alertIntroKey } from '../alert-channels.ts';
import { SearchAlertDialog, useSearchAlertForm } from './search-alert-dialog.tsx';

/** Query parameters a signed-out visitor's choice rides on through sign-in, to be saved on return. */
const NAME_PARAM = 'saveSearchName';
const FREQUENCY_PARAM = 'saveSearchFrequency';

type SearchValues = Record<string, string | number | boolean | undefined>;

/**
 * "Save this search" on a results page: a name and how often, then saved with the page's search. A signed-out
 * visitor is sent to sign in, and the search is saved as they come back to this page.
 */
export function SaveSearchButton({ query, defaultName }: { query: SearchValues; defaultName: string }) {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const api = useApi();
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useSearchAlertForm({ name: defaultName, frequency: 'INSTANT' });
  // Where alerts will arrive, told truthfully: the person's notification settings, read as the dialog opens.
  const [preferences, setPreferences] = useState<NoticePreferences | undefined>();
  useEffect(() => {
    if (!open || !user) return;
    let current = true;
    api.noticePreferences().then(
      (answer) => current && setPreferences(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open, user, api]);
  const channels = alertChannels(Boolean(user?.email), form.frequency, preferences);

  const cleanQuery = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<
    string,
    string | number | boolean
  >;

  const save = (chosenName: string, chosenFrequency: SavedSearchFrequency) =>
    form.save(async () => {
      await api.saveSearch({ name: chosenName, frequency: chosenFrequency, query: cleanQuery });
      toast(t('notifications.saved.done'));
    });

  // Back from signing in with a choice made before: save it once, and take it out of the address.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const pendingName = params.get(NAME_PARAM);
    const pendingFrequency = params.get(FREQUENCY_PARAM) as SavedSearchFrequency | null;
    if (!user || !pendingName || !pendingFrequency || !SAVED_SEARCH_FREQUENCIES.includes(pendingFrequency)) return;
    params.delete(NAME_PARAM);
    params.delete(FREQUENCY_PARAM);
    const rest = params.toString();
    void navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true, preventScrollReset: true });
    void save(pendingName.slice(0, 80), pendingFrequency).then((saved) => {
      if (!saved) {
        form.setName(pendingName.slice(0, 80));
        form.setFrequency(pendingFrequency);
        setOpen(true);
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from sign-in
  }, [user?.id]);

  const submit = async (chosen: string) => {
    if (!user) {
      const params = new URLSearchParams(location.search);
      params.set(NAME_PARAM, chosen);
      params.set(FREQUENCY_PARAM, form.frequency);
      void navigate(href('login', undefined, { origin: `${location.pathname}?${params.toString()}`, originType: 'SH' }));
      return;
    }
    if (await save(chosen, form.frequency)) setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          form.setName(defaultName);
          form.setError(undefined);
          setOpen(true);
        }}
        className="rounded-full border border-brand-700 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('notifications.saved.save')}
      </button>
      <SearchAlertDialog
        form={form}
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={(chosen) => void submit(chosen)}
        title={t('notifications.saved.dialogTitle')}
        intro={
          user ? (
            <>
              <p>{t(alertIntroKey(channels))}</p>
              {user.email ? null : (
                <p>
                  <Link to={`${href('profile')}#email`} className="font-medium text-brand-700 underline hover:no-underline">
                    {t('notifications.saved.addEmail')}
                  </Link>
                </p>
              )}
            </>
          ) : (
            t('notifications.saved.dialogIntro')
          )
        }
        submitLabel={user ? t('notifications.saved.submit') : t('notifications.saved.signIn')}
      >
        {user ? (
          <p className="text-right text-sm">
            <Link to={href('savedSearches')} className="text-brand-700 hover:underline">
              {t('notifications.saved.manage')}
            </Link>
          </p>
        ) : null}
      </SearchAlertDialog>
    </>
  );
}
