import { redirect, type RouterContextProvider } from 'react-router';
import type { Language } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { apiAs } from '../../lib/api.ts';
import { getServerContext } from '../../lib/server-context.ts';

/** Where a sign-in link's token waits for the visitor to confirm the account (httpOnly, ten minutes). */
export const PENDING_LINK_COOKIE = 'signInLink';
const PENDING_SECONDS = 600;
/** Query parameters a sign-in link carries, removed from the URL at once (spec section 4). */
const SIGN_IN_PARAMS = ['id', 'token', 'deviceId', 'originClickCR', 'isNewUser'];

export function pendingLinkCookie(context: Readonly<RouterContextProvider>, token: string | undefined): string {
  const secure = getServerContext(context).secureCookies ? '; Secure' : '';
  return token
    ? `${PENDING_LINK_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${PENDING_SECONDS}; HttpOnly; SameSite=Lax${secure}`
    : `${PENDING_LINK_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/** A number as the confirmation shows it: enough for its owner to know it, not enough to learn it. */
export function maskPhone(phone: string): string {
  return phone.length > 8 ? `${phone.slice(0, 5)}•••${phone.slice(-4)}` : '•••';
}

/**
 * A sign-in link (`?token=&id=` on any page) is not obeyed at once: anyone can send a link that signs the
 * visitor into the sender's account and then read whatever the visitor saves there (login CSRF). A valid
 * token waits in an httpOnly cookie and the visitor confirms on a page naming the account; an invalid one
 * is dropped. Either way the token leaves the URL.
 */
export async function holdSignInLink(url: URL, context: Readonly<RouterContextProvider>, lang: Language): Promise<Response> {
  const token = url.searchParams.get('token') ?? '';
  const userId = url.searchParams.get('id');
  for (const name of SIGN_IN_PARAMS) url.searchParams.delete(name);
  const back = url.pathname + url.search;
  const user = await apiAs(context, token, lang)
    .me()
    .catch(() => null);
  if (!user || user.id !== userId) return redirect(back);
  return redirect(href(lang, 'signInLink', undefined, { origin: back }), { headers: { 'set-cookie': pendingLinkCookie(context, token) } });
}
