import { useId, useState, type ReactNode } from 'react';
import { SAVED_SEARCH_FREQUENCIES, type SavedSearchFrequency } from '@kunci/contracts/saved-searches';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

/** A saved search's name and how often it alerts, as the dialog edits them, and the saving of them. */
export function useSearchAlertForm(initial: { name: string; frequency: SavedSearchFrequency }) {
  const { t } = useI18n();
  const [name, setName] = useState(initial.name);
  const [frequency, setFrequency] = useState(initial.frequency);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  /** Runs `work` (the call that saves); a failure shows in the dialog: the API's reason, or that it did not save. True once saved. */
  async function save(work: () => Promise<unknown>): Promise<boolean> {
    setSaving(true);
    setError(undefined);
    try {
      await work();
      return true;
    } catch (failure) {
      setError(failure instanceof ApiError && failure.body ? failure.body.message : t('notifications.saved.error'));
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { name, setName, frequency, setFrequency, error, setError, saving, save };
}
export type SearchAlertForm = ReturnType<typeof useSearchAlertForm>;

/**
 * The dialog that names a saved search and says how often to hear of new homes, for saving one and for changing it.
 * `onSubmit` gets the name trimmed; an empty one is refused here.
 */
export function SearchAlertDialog({
  form,
  open = true,
  onClose,
  onSubmit,
  title,
  intro,
  submitLabel,
  children,
}: {
  form: SearchAlertForm;
  open?: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
  title: string;
  /** Said above the fields: a sentence, or paragraphs of their own. */
  intro?: ReactNode;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const titleId = useId();
  const nameId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-xl">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = form.name.trim();
          if (!chosen) return form.setError(t('field.required'));
          onSubmit(chosen);
        }}
        className="space-y-4 p-5"
        noValidate
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {intro ? <div className="space-y-2 text-sm text-gray-700">{typeof intro === 'string' ? <p>{intro}</p> : intro}</div> : null}
        <Field
          id={nameId}
          label={t('notifications.saved.name')}
          value={form.name}
          maxLength={80}
          onChange={(e) => form.setName(e.target.value)}
          error={form.error}
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
                  checked={form.frequency === value}
                  onChange={() => form.setFrequency(value)}
                  className="size-4 accent-brand-700"
                />
                {t(`notifications.saved.frequency.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className="rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50">
            {t('notifications.saved.cancel')}
          </button>
          <button
            type="submit"
            disabled={form.saving}
            className="rounded-full bg-brand-700 px-5 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {form.saving ? t('notifications.saved.saving') : submitLabel}
          </button>
        </div>
        {children}
      </form>
    </Modal>
  );
}
