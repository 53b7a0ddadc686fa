import { data, type RouterContextProvider } from 'react-router';
import { holdsRole, type StaffRole } from '@kunci/contracts/staff';
import { parsePath } from '@kunci/i18n/paths';
import { ApiError, serverApi, type Api } from '../../lib/api.ts';
import { readForm } from '../../lib/form-action.server.ts';
import { requireUser } from '../../lib/session.server.ts';

/** Console pages: signed-out visitors go to sign in; signed-in users without one of `roles` get a 403 page. */
export function requireStaff(request: Request, context: Readonly<RouterContextProvider>, roles: readonly StaffRole[]) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  if (!holdsRole(user.role, roles)) throw data(null, { status: 403 });
  return { user, lang, url };
}

/** The posted form of a console page (as `requireStaff` lets in): the page's language, the API as the staff member, and the form read as `readForm` reads it. */
export async function staffForm(request: Request, context: Readonly<RouterContextProvider>, roles: readonly StaffRole[]) {
  const { lang } = requireStaff(request, context, roles);
  return { lang, api: serverApi(context, lang), ...(await readForm(request)) };
}

/** A part of a console page: what the API answers, or null when it refuses (the page says so); a 5xx fails the page. */
export async function unlessRefused<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return null;
  }
}

/** What a console action answers: done, refused (with the API's message and fields), or a PIN is needed first. */
export type StaffActionResult<T> =
  | { ok: true; value: T; intent: string }
  | { ok: false; error: string; fields?: Record<string, string> | undefined; intent: string }
  | { ok: false; needsPin: true; phoneNo: string; intent: string; resubmit: Record<string, string>; error?: string };

/**
 * Runs a console action. A sensitive one answered 428 (no recent PIN confirmation) sends the staff member a PIN and
 * asks for it; the form comes back with the PIN and the same fields, which confirms and then runs the action.
 */
export async function staffAction<T>(api: Api, form: FormData, run: () => Promise<T>): Promise<StaffActionResult<T>> {
  const intent = String(form.get('intent') ?? '');
  const resubmit = Object.fromEntries([...form.entries()].filter(([key]) => key !== 'pin').map(([key, value]) => [key, String(value)]));
  const pin = form.get('pin');
  try {
    if (typeof pin === 'string' && pin !== '') await api.staffConfirm(pin);
    return { ok: true, value: await run(), intent };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (error.status === 428) {
      const { phoneNo } = await api.staffSendPin();
      return { ok: false, needsPin: true, phoneNo, intent, resubmit };
    }
    if (typeof pin === 'string' && pin !== '' && error.body?.errorCode === 10020) {
      return { ok: false, needsPin: true, phoneNo: '', intent, resubmit, error: error.body.message };
    }
    const fields = Object.fromEntries((error.body?.fields ?? []).map((f) => [f.path.split('.').at(-1)!, f.message]));
    return { ok: false, error: error.body?.message ?? error.message, fields, intent };
  }
}
