import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { BUSINESS } from '@kunci/contracts/business';
import {
  REQUIRED_DOCUMENTS,
  SCREENING_CONTENT_TYPES,
  SCREENING_PROFILES,
  type DealScreening as Screening,
  type RamciStatus,
  type ScreeningDocument,
  type ScreeningDocumentKind,
  type ScreeningProfile,
} from '@kunci/contracts/screening';
import { Button, FormError } from '../../../components/ui/field.tsx';
import { ApiError, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';

const MAX_MB = BUSINESS.screening.documentMaxBytes / (1024 * 1024);
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
/** While the tenant may still hand in or replace documents. */
const OPEN_STATES = ['BOOKED', 'SCREENING'];

/**
 * The booked tenant's screening on the deal page: their profile, the documents it asks for (upload, and replace a
 * refused one with the reason shown), the credit check and the zero-deposit decision. Read and written through the
 * API from the browser; the deal page is revalidated after each change so its state and commands follow.
 */
export function DealScreening({ dealId, dealState }: { dealId: string; dealState: string }) {
  const { t, href } = useI18n();
  const api = useApi();
  const revalidator = useRevalidator();
  const [screening, setScreening] = useState<Screening | null>(null);
  const [credit, setCredit] = useState<RamciStatus | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const open = OPEN_STATES.includes(dealState);

  const load = useCallback(async () => {
    try {
      const [next, own] = await Promise.all([api.screening(dealId), api.ramciStatus()]);
      setScreening(next);
      setCredit(own);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('errors.11500'));
    }
  }, [api, dealId, t]);

  useEffect(() => {
    void load();
  }, [load, dealState]);

  /** Runs one change, then reloads the screening and the deal page. */
  async function change(work: () => Promise<unknown>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      await load();
      void revalidator.revalidate();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('errors.11500'));
    } finally {
      setBusy(false);
    }
  }

  if (!screening) {
    return (
      <section aria-labelledby="screening-title" aria-busy={!error} className="mt-6 rounded-xl border border-gray-200 p-4">
        <h2 id="screening-title" className="font-semibold">
          {t('screening.docs.title')}
        </h2>
        {error ? <FormError message={error} /> : <p className="mt-2 text-sm text-gray-600">{t('screening.ramci.sending')}</p>}
      </section>
    );
  }

  const creditUsable = credit?.outcome && screening.credit.state === 'NONE';
  return (
    <section aria-labelledby="screening-title" aria-busy={busy} className="mt-6 space-y-5 rounded-xl border border-gray-200 p-4">
      <div>
        <h2 id="screening-title" className="font-semibold">
          {t('screening.docs.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t('screening.docs.intro', { mb: MAX_MB })}</p>
      </div>
      <FormError message={error} />

      <ProfileChoice
        profile={screening.profile}
        disabled={!open || busy}
        onSave={(profile) => change(() => api.setScreeningProfile(dealId, profile))}
      />

      {screening.profile ? (
        <>
          <ul className="space-y-2 text-sm" aria-label={t('screening.docs.title')}>
            {screening.requirements.map((requirement) => (
              <li key={requirement.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2">
                <span className="font-medium">{t('screening.requirement', { id: requirement.id, count: requirement.count })}</span>
                <span className={requirement.verified >= requirement.count ? 'text-green-800' : 'text-gray-700'}>
                  {t('screening.docs.progress', { uploaded: requirement.uploaded, count: requirement.count, verified: requirement.verified })}
                </span>
              </li>
            ))}
          </ul>
          {open ? (
            <UploadForm
              profile={screening.profile}
              busy={busy}
              onUpload={(kind, file) =>
                change(async () => {
                  const added = await api.addDocument(dealId, { kind });
                  await api.uploadDocument(added.id, file);
                })
              }
            />
          ) : null}
        </>
      ) : null}

      <DocumentList
        documents={screening.documents}
        open={open}
        busy={busy}
        onReplace={(document, file) => change(() => api.uploadDocument(document.id, file))}
      />

      <div className="rounded-lg border border-gray-200 p-3">
        <h3 className="font-semibold">{t('screening.credit.title')}</h3>
        <p className="mt-1 text-sm" data-testid="screening-credit">
          {t('screening.ramci.state', { state: screening.credit.state !== 'NONE' ? screening.credit.state : (credit?.state ?? 'NONE') })}
        </p>
        {open ? (
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            {creditUsable && screening.profile ? (
              <Button type="button" disabled={busy} className="sm:w-auto" onClick={() => change(() => api.dealRamci(dealId))}>
                {t('screening.credit.use')}
              </Button>
            ) : null}
            {!credit?.outcome ? (
              <Link
                to={href('ramci', undefined, { deal: dealId })}
                className="inline-block rounded-full bg-brand-700 px-5 py-3 text-center font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {t('screening.credit.do')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="rounded-lg border border-gray-200 p-3" aria-live="polite">
        <h3 className="font-semibold">{t('screening.decision.title')}</h3>
        <p className="mt-1 font-medium" data-testid="screening-decision">
          {t('screening.decision', { decision: screening.decision })}
        </p>
        {screening.conditions.length ? (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-700">
            {screening.conditions.map((condition) => (
              <li key={condition}>{t('screening.condition', { condition })}</li>
            ))}
          </ul>
        ) : null}
        {screening.decision === 'REJECTED' ? (
          <Link to={href('ramci', undefined, { deal: dealId })} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
            {t('screening.justify.title')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function ProfileChoice({
  profile,
  disabled,
  onSave,
}: {
  profile: ScreeningProfile | null;
  disabled: boolean;
  onSave: (profile: ScreeningProfile) => void;
}) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<ScreeningProfile | null>(profile);
  useEffect(() => setChosen(profile), [profile]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onSave(chosen);
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">{t('screening.profile.label')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SCREENING_PROFILES.map((option) => (
            <label key={option} className="flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 has-[:checked]:border-brand-600">
              <input type="radio" name="profile" value={option} checked={chosen === option} disabled={disabled} onChange={() => setChosen(option)} />
              {t('screening.profile', { profile: option })}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="secondary" disabled={disabled || !chosen || chosen === profile} className="mt-2 sm:w-auto">
        {t('screening.profile.save')}
      </Button>
    </form>
  );
}

/** Too large or not a PDF, JPEG or PNG: said before sending (the server checks the bytes again). */
function fileProblem(file: File, t: ReturnType<typeof useI18n>['t']): string | undefined {
  if (file.size > BUSINESS.screening.documentMaxBytes) return t('errors.11413');
  if (!(SCREENING_CONTENT_TYPES as readonly string[]).includes(file.type)) return t('errors.11455');
  return undefined;
}

function UploadForm({
  profile,
  busy,
  onUpload,
}: {
  profile: ScreeningProfile;
  busy: boolean;
  onUpload: (kind: ScreeningDocumentKind, file: File) => Promise<void>;
}) {
  const { t } = useI18n();
  const id = useId();
  const kinds = [...new Set(REQUIRED_DOCUMENTS[profile].flatMap((requirement) => requirement.kinds))];
  const [problem, setProblem] = useState<string | undefined>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return setProblem(t('field.required'));
    const refused = fileProblem(file, t);
    setProblem(refused);
    if (refused) return;
    await onUpload(String(data.get('kind')) as ScreeningDocumentKind, file);
    form.reset();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-gray-800">
          {t('screening.docs.kind')}
        </label>
        <select id={`${id}-kind`} name="kind" className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base">
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t('screening.kind', { kind })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-800">
          {t('screening.docs.file')}
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept={ACCEPT}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="mt-1 block w-full text-sm"
        />
      </div>
      <Button type="submit" disabled={busy} className="sm:w-auto">
        {busy ? t('screening.docs.uploading') : t('screening.docs.upload')}
      </Button>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700 sm:col-span-3">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function DocumentList({
  documents,
  open,
  busy,
  onReplace,
}: {
  documents: ScreeningDocument[];
  open: boolean;
  busy: boolean;
  onReplace: (document: ScreeningDocument, file: File) => Promise<void>;
}) {
  const { t, dateTime, label } = useI18n();
  const [problem, setProblem] = useState<{ id: string; text: string } | null>(null);
  const uploaded = documents.filter((document) => document.fileUrl);
  return (
    <div>
      <h3 className="font-semibold">{t('screening.docs.list')}</h3>
      {uploaded.length === 0 ? (
        <p className="mt-1 text-sm text-gray-600">{t('screening.docs.empty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200 text-sm">
          {uploaded.map((document) => (
            <li key={document.id} className="py-2" data-testid="screening-document">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{t('screening.kind', { kind: document.kind })}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${document.status === 'VERIFIED' ? 'bg-green-100 text-green-900' : document.status === 'REJECTED' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
                >
                  {t('screening.docs.status', { status: document.status })}
                </span>
              </div>
              {document.uploadedAt ? (
                <p className="text-gray-600">
                  {label(t('screening.docs.uploaded'))}
                  {dateTime(document.uploadedAt)}
                </p>
              ) : null}
              {document.status === 'REJECTED' && document.refusalReason ? (
                <p className="mt-1 text-red-800">{t('screening.docs.refused', { reason: document.refusalReason })}</p>
              ) : null}
              <div className="mt-1 flex flex-wrap items-center gap-3">
                {/* Served by the API to its owner only, as an attachment, never cached. */}
                <a href={`/api/documents/${document.id}/file`} className="font-medium text-brand-700 hover:underline">
                  {t('screening.docs.open')}
                </a>
                {open && document.status === 'REJECTED' ? (
                  <label className="font-medium text-brand-700">
                    <span className="cursor-pointer underline">{t('screening.docs.replace')}</span>
                    <input
                      type="file"
                      accept={ACCEPT}
                      disabled={busy}
                      className="sr-only"
                      onChange={(event) => {
                        const file = event.currentTarget.files?.[0];
                        if (!file) return;
                        const refused = fileProblem(file, t);
                        setProblem(refused ? { id: document.id, text: refused } : null);
                        if (!refused) void onReplace(document, file);
                      }}
                    />
                  </label>
                ) : null}
              </div>
              {problem?.id === document.id ? (
                <p role="alert" className="mt-1 text-red-700">
                  {problem.text}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
