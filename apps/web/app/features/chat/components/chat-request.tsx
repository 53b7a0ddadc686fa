import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CHAT_REQUEST_LIMITS, MOVING_REASONS, TENANT_INFO_COOKIES } from '@kunci/contracts/chat-constants';
import type { ErrorBody } from '@kunci/contracts/errors';
import type { MessageKey } from '@kunci/i18n/messages';
import { ApiError, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { Button, Field, FormError, SelectField } from '../../../components/ui/field.tsx';
import { CENTRED_DIALOG, Modal } from '../../../components/ui/modal.tsx';
import { chatRequestProblems, type ChatRequestProblem } from '../chat-request-form.ts';

type Info = Record<keyof typeof TENANT_INFO_COOKIES, string>;

function readInfo(): Info {
  const get = (name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie)?.[1];
  const out = {} as Info;
  for (const [key, { name }] of Object.entries(TENANT_INFO_COOKIES)) out[key as keyof Info] = decodeURIComponent(get(name) ?? '');
  return out;
}

/** Keeps the tenant's answers in the spec's cookies (15 days; the reason 7), so the next request is prefilled. */
function saveInfo(info: Info) {
  for (const [key, { name, days }] of Object.entries(TENANT_INFO_COOKIES)) {
    const value = info[key as keyof Info].trim();
    if (!value) continue; // Empty values are ignored, not stored.
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86_400}; SameSite=Lax`;
  }
}

/** The query mark (`?chat=1`) a signed-out visitor's sign-in returns with, so the form opens where they left off. */
export const CHAT_FORM_MARK = 'chat';

/**
 * "Chat with the landlord": asks the tenant's needs first, then opens the conversation. Signed out, it goes to
 * sign-in with a way back marked `?chat=1`; back here signed in, the form opens and the mark leaves the URL.
 */
export function ChatRequestButton({ propertyId }: { propertyId: number }) {
  const { t, href } = useI18n();
  const api = useApi();
  const { user } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [info, setInfo] = useState<Info>({ budget: '', moveInDate: '', tenancyDuration: '12', reasonForMoving: 'NEAR_WORK' });
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  // Found in the browser before sending; kept as message keys, worded when shown.
  const [problems, setProblems] = useState<Partial<Record<string, ChatRequestProblem>>>({});
  const [busy, setBusy] = useState(false);
  const message = useRef<HTMLTextAreaElement>(null);

  const returning = Boolean(user) && new URLSearchParams(location.search).get(CHAT_FORM_MARK) === '1';
  useEffect(() => {
    if (!returning) return;
    setOpen(true);
    const search = new URLSearchParams(location.search);
    search.delete(CHAT_FORM_MARK);
    const rest = search.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
  }, [returning, location.pathname, location.search, location.hash, navigate]);

  useEffect(() => {
    if (open) setInfo((current) => ({ ...current, ...Object.fromEntries(Object.entries(readInfo()).filter(([, v]) => v)) }));
  }, [open]);

  const style =
    'inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-5 py-3 text-center font-semibold leading-tight text-white hover:bg-brand-800 max-md:min-h-12 max-md:px-3 max-md:py-2 max-md:text-sm';
  if (!user) {
    const back = new URLSearchParams(location.search);
    back.set(CHAT_FORM_MARK, '1');
    return (
      <Link to={href('login', undefined, { origin: `${location.pathname}?${back.toString()}` })} className={style}>
        {t('chat.request.open')}
      </Link>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFields({});
    setError(undefined);
    const found = chatRequestProblems(info);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`#${first}`)?.focus();
      return;
    }
    setBusy(true);
    saveInfo(info);
    let body: ErrorBody | undefined;
    try {
      const { id } = await api.openChat({
        propertyId,
        moveInDate: info.moveInDate,
        budget: Number(info.budget),
        tenancyDuration: Number(info.tenancyDuration),
        reasonForMoving: info.reasonForMoving as (typeof MOVING_REASONS)[number],
        ...(message.current?.value.trim() ? { message: message.current.value.trim() } : {}),
      });
      setBusy(false);
      void navigate(href('chat', undefined, { chatId: String(id) }));
      return;
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError) body = error.body;
    }
    setError(body?.message ?? t('error.body'));
    setFields(Object.fromEntries((body?.fields ?? []).map((f) => [f.path.replace(/^body\./, ''), f.message])));
  }

  const set = (key: keyof Info) => (e: { currentTarget: { value: string } }) => setInfo({ ...info, [key]: e.currentTarget.value });
  const problem = (key: keyof Info) => {
    const found = problems[key];
    return found ? t(found) : fields[key];
  };
  return (
    <>
      <button type="button" className={style} onClick={() => setOpen(true)}>
        {t('chat.request.open')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy="chat-request-title" className={`${CENTRED_DIALOG} p-6`}>
        <h2 id="chat-request-title" className="text-xl font-semibold">
          {t('chat.request.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('chat.request.hint')}</p>
        <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
          <FormError message={error ?? (Object.keys(problems).length ? t('errors.11422') : undefined)} />
          <Field
            id="moveInDate"
            label={t('chat.request.moveIn')}
            type="date"
            required
            value={info.moveInDate}
            onChange={set('moveInDate')}
            error={problem('moveInDate')}
          />
          <Field
            id="budget"
            label={t('chat.request.budget')}
            type="number"
            inputMode="numeric"
            min={CHAT_REQUEST_LIMITS.budget.min}
            max={CHAT_REQUEST_LIMITS.budget.max}
            required
            value={info.budget}
            onChange={set('budget')}
            error={problem('budget')}
          />
          <Field
            id="tenancyDuration"
            label={t('chat.request.tenancy')}
            type="number"
            inputMode="numeric"
            min={CHAT_REQUEST_LIMITS.tenancyMonths.min}
            max={CHAT_REQUEST_LIMITS.tenancyMonths.max}
            required
            value={info.tenancyDuration}
            onChange={set('tenancyDuration')}
            error={problem('tenancyDuration')}
          />
          <SelectField
            id="reasonForMoving"
            label={t('chat.request.reason')}
            value={info.reasonForMoving}
            onChange={set('reasonForMoving')}
            options={MOVING_REASONS.map((r) => ({ value: r, label: t(`chat.reasonOption.${r}` as MessageKey) }))}
          />
          <label className="block text-sm font-medium" htmlFor="chat-first-message">
            {t('chat.request.message')}
          </label>
          <textarea ref={message} id="chat-first-message" rows={3} maxLength={2000} className="w-full rounded-lg border border-gray-300 p-3" />
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button type="submit" disabled={busy}>
              {t('chat.request.send')}
            </Button>
            <button type="button" className="rounded-full px-4 py-2 text-sm font-medium hover:bg-gray-100" onClick={() => setOpen(false)}>
              {t('chat.cancel')}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
