import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@kunci/contracts/saved-searches';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';

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
  const [name, setName] = useState(defaultName);
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('INSTANT');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const nameId = useId();

  const cleanQuery = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<
    string,
    string | number | boolean
  >;

  async function save(chosenName: string, chosenFrequency: SavedSearchFrequency): Promise<boolean> {
    setSaving(true);
    setError(undefined);
    try {
      await api.saveSearch({ name: chosenName, frequency: chosenFrequency, query: cleanQuery });
      toast(t('notifications.saved.done'));
      return true;
    } catch (failure) {
      setError(failure instanceof ApiError && failure.body ? failure.body.message : t('notifications.saved.error'));
      return false;
    } finally {
      setSaving(false);
    }
  }

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
        setName(pendingName.slice(0, 80));
        setFrequency(pendingFrequency);
        setOpen(true);
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return from sign-in
  }, [user?.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) return setError(t('field.required'));
    if (!user) {
      const params = new URLSearchParams(location.search);
      params.set(NAME_PARAM, chosen);
      params.set(FREQUENCY_PARAM, frequency);
      void navigate(href('login', undefined, { origin: `${location.pathname}?${params.toString()}`, originType: 'SH' }));
      return;
    }
    if (await save(chosen, frequency)) setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setName(defaultName);
          setError(undefined);
          setOpen(true);
        }}
        className="rounded-full border border-brand-700 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('notifications.saved.save')}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={titleId}
        className="w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-xl"
      >
        <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5" noValidate>
          <h2 id={titleId} className="text-lg font-semibold">
            {t('notifications.saved.dialogTitle')}
          </h2>
          <p className="text-sm text-gray-700">{t('notifications.saved.dialogIntro')}</p>
          <Field
            id={nameId}
            label={t('notifications.saved.name')}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            error={error}
          />
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">{t('notifications.saved.frequency')}</legend>
            <div className="mt-2 space-y-2">
              {SAVED_SEARCH_FREQUENCIES.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="frequency"
                    value={value}
                    checked={frequency === value}
                    onChange={() => setFrequency(value)}
                    className="size-4 accent-brand-700"
                  />
                  {t(`notifications.saved.frequency.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50"
            >
              {t('notifications.saved.cancel')}
            </button>
            <button
              type="submit"
              disabled={saving}
              className="rounded-full bg-brand-700 px-5 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {saving ? t('notifications.saved.saving') : user ? t('notifications.saved.submit') : t('notifications.saved.signIn')}
            </button>
          </div>
          {user ? (
            <p className="text-right text-sm">
              <Link to={href('savedSearches')} className="text-brand-700 hover:underline">
                {t('notifications.saved.manage')}
              </Link>
            </p>
          ) : null}
        </form>
      </Modal>
    </>
  );
}
