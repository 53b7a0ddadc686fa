import { PAGE_CACHE_HEADER } from '@kunci/contracts/server-context';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguage, type Language } from '@kunci/i18n/locales';
import { parsePath } from '@kunci/i18n/paths';
import type { RouterContextProvider } from 'react-router';
import { attributionCookies } from './attribution.server.ts';
import { COOKIE, deviceIdCookie, readCookie, type RequestHead } from './session.server.ts';

const YEAR_SECONDS = 31_536_000;

/** What invalidates a kept page: any listing's change (`listings`), the information pages' text (`content`). */
export type PageCacheTag = 'listings' | 'content';

/**
 * A route's `headers` for a page that is the same for every signed-out visitor: the server keeps it in the shared
 * page cache until something tagged changes (docs/decisions/0013-page-cache.md). Only a 200 is ever kept, and only
 * for a request `sharedPage` accepts.
 */
export function sharedPageHeaders(...tags: PageCacheTag[]) {
  return () => ({ [PAGE_CACHE_HEADER]: tags.join(' ') });
}

/** The language a visitor chose before (the `lang` cookie). */
export function rememberedLanguage(request: RequestHead): Language | undefined {
  const value = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.get('cookie') ?? '')?.[1];
  return isLanguage(value) ? value : undefined;
}

/**
 * Whether a request may be answered with the page every signed-out visitor gets: a GET or HEAD without a session
 * (no session cookie, no bearer credential), not a sign-in link, and not the bare home page of a visitor who chose
 * another language (the root middleware may send them to it).
 */
export function sharedPage(request: RequestHead): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers.has('authorization') || readCookie(request, COOKIE.token) !== undefined) return false;
  const url = new URL(request.url);
  if (url.searchParams.has('token')) return false;
  const remembered = rememberedLanguage(request);
  return !(url.pathname === '/' && remembered && remembered !== DEFAULT_LANGUAGE);
}

/**
 * The cookies every page sets for a visitor: the language of the address, a device id the first time, and the tracking
 * params of a landing URL (lib/attribution.server.ts).
 */
export function visitorCookies(request: RequestHead, context: Readonly<RouterContextProvider>): string[] {
  const { lang } = parsePath(new URL(request.url).pathname.replace(/\.data$/, ''));
  const cookies: string[] = [];
  if (rememberedLanguage(request) !== lang) cookies.push(`${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  if (!readCookie(request, COOKIE.deviceId)) cookies.push(deviceIdCookie(context));
  cookies.push(...attributionCookies(request, context));
  return cookies;
}
