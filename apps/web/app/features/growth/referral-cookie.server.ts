import type { RouterContextProvider } from 'react-router';
import { REFERRAL_CODE } from '@kunci/contracts/growth';
import { getServerContext } from '../../lib/server-context.ts';
import { readCookie } from '../../lib/session.server.ts';

/** The spec's cookie for the referral code a visitor arrived with (kept for the spec's 30 days of a click id). */
export const REFERRAL_COOKIE = 'ajreferral';
const MAX_AGE_SECONDS = 30 * 86_400;

/** The cookie that keeps `code` (or clears it) until the visitor has signed up. */
export function referralCookie(context: Readonly<RouterContextProvider>, code: string | undefined): string {
  const secure = getServerContext(context).secureCookies ? '; Secure' : '';
  return code
    ? `${REFERRAL_COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`
    : `${REFERRAL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** The referral code the visitor arrived with, when it has the shape of one. */
export function referralCodeOf(request: Request): string | undefined {
  const code = readCookie(request, REFERRAL_COOKIE)?.toUpperCase();
  return code && REFERRAL_CODE.test(code) ? code : undefined;
}
