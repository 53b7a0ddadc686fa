import { redirect, type RouterContextProvider } from 'react-router';
import type { LoginResponse } from '@kunci/contracts/auth';
import type { Language } from '@kunci/i18n/locales';
import { href, parsePath } from '@kunci/i18n/paths';
import { ApiError, type Api } from '../../lib/api.ts';
import { getSession, safeReturnPath, sessionCookies } from '../../lib/session.server.ts';

export type FormResult = {
  step: 'phone' | 'pin';
  phoneNo?: string;
  error?: { code: number; message: string };
  info?: string;
  /** A new PIN was asked for too soon: the PIN already sent still works, another may be sent after `seconds`. */
  cooldown?: { seconds: number };
};

/** An API refusal as the form shows it: the server's message, already in the page's language. */
export function formError(error: unknown, step: FormResult['step'], phoneNo?: string): FormResult {
  if (error instanceof ApiError && error.body)
    return { step, ...(phoneNo ? { phoneNo } : {}), error: { code: error.body.errorCode, message: error.body.message } };
  throw error;
}

/**
 * "Send a new PIN" refused during the resend cooldown: the visitor stays on the PIN step (the PIN they have
 * still works) and is told when another can be sent. Anything else is not a cooldown (undefined).
 */
export function resendCooldown(error: unknown, phoneNo: string): FormResult | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return { step: 'pin', phoneNo, cooldown: { seconds: error.retryAfter ?? 60 } };
}

/**
 * A failed phone, PIN or password step, as the form shows it: a redirect passes through; "send a new PIN" too soon
 * keeps the PIN step and says how long to wait (429); any other API refusal is the step's error (400).
 */
export function signInFailure(error: unknown, form: FormData, intent: string, phoneNo: string): { result: FormResult; status: 400 | 429 } {
  if (error instanceof Response) throw error;
  const cooldown = form.get('resend') === '1' ? resendCooldown(error, phoneNo) : undefined;
  if (cooldown) return { result: cooldown, status: 429 };
  return { result: formError(error, intent === 'verify-pin' ? 'pin' : 'phone', phoneNo), status: 400 };
}

/**
 * A sign-in page's loader start: the page's language and the safe place to return to; a visitor already signed in
 * goes straight there (or to the dashboard) instead.
 */
export function signedOutVisit(request: Request, context: Readonly<RouterContextProvider>): { url: URL; lang: Language; origin: string | undefined } {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const origin = safeReturnPath(url.searchParams.get('origin'));
  if (getSession(context).user) throw redirect(origin ?? href(lang, 'dashboard'));
  return { url, lang, origin };
}

/**
 * After a successful sign-in: the session cookies, then back to where the visitor came from (or the
 * dashboard), in the language they are browsing. The language stored in the profile is for messages
 * (SMS, email) only; it never switches the site's language.
 */
export async function completeSignIn(
  context: Readonly<RouterContextProvider>,
  login: LoginResponse,
  lang: Language,
  returnTo: string | undefined,
): Promise<never> {
  const target = safeReturnPath(returnTo) ?? href(lang, 'dashboard');
  throw redirect(target, { headers: sessionCookies(context, login).map((cookie) => ['set-cookie', cookie] as [string, string]) });
}

export async function outboxActive(api: Api): Promise<boolean> {
  return api.outbox('+60100000000').then(
    () => true,
    () => false,
  );
}

export const FACEBOOK_STATE_COOKIE = 'fbState';
/** Facebook must send people back to exactly the address the app registered: one, without a language prefix. */
export function facebookRedirectUri(publicUrl: string): string {
  return `${publicUrl}/auth/facebook/callback`;
}
