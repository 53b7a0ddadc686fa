import { createContext, data, redirect, type RouterContextProvider } from 'react-router';
import type { User } from '@kunci/contracts/users';
import { DEVICE_ID_PREFIX } from '@kunci/contracts/constants';
import type { Language } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { ApiError, createApi, type BannedPage } from './api.ts';
import { getServerContext } from './server-context.ts';

/** The spec's stored cookies: authToken (httpOnly here), id and xDeviceId. */
export const COOKIE = { token: 'authToken', userId: 'id', deviceId: 'xDeviceId' } as const;
const YEAR_SECONDS = 31_536_000;

export interface SessionState {
  user: User | null;
  /** A token was presented but no longer signs anyone in: the shell says the session expired. */
  expired: boolean;
  /** The visitor's account is banned or restricted (errorCode 10100). */
  restricted: boolean;
  /** The API's words for the restriction, in the page's language (restricted only). */
  restrictedMessage?: string;
}
export const sessionContext = createContext<SessionState>({ user: null, expired: false, restricted: false });

/**
 * What the cookie and cache checks read of a request: its method, address and headers. The server answers a kept page
 * with only these (plugins/web.ts), without building a Fetch Request; a Request is one too.
 */
export interface RequestHead {
  method: string;
  url: string;
  headers: Pick<Headers, 'get' | 'has'>;
}

/** A pattern per cookie name: every page reads several cookies. */
const COOKIE_PATTERNS = new Map<string, RegExp>();

export function readCookie(request: RequestHead, name: string): string | undefined {
  let pattern = COOKIE_PATTERNS.get(name);
  if (!pattern) COOKIE_PATTERNS.set(name, (pattern = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`)));
  const match = pattern.exec(request.headers.get('cookie') ?? '');
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    // A malformed cookie (`authToken=%`) is no cookie: the page still renders.
    return undefined;
  }
}

function secure(context: Readonly<RouterContextProvider>): string {
  return getServerContext(context).secureCookies ? '; Secure' : '';
}

export function sessionCookies(context: Readonly<RouterContextProvider>, login: { userId: string; token: string }): string[] {
  const maxAge = getServerContext(context).sessionTtlDays * 86_400;
  return [
    `${COOKIE.token}=${encodeURIComponent(login.token)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure(context)}`,
    `${COOKIE.userId}=${encodeURIComponent(login.userId)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure(context)}`,
  ];
}

export function clearSessionCookies(context: Readonly<RouterContextProvider>): string[] {
  return [COOKIE.token, COOKIE.userId, COOKIE.deviceId].map((name) => `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure(context)}`);
}

/** A new device id ("web-" and a UUID), kept for a year. */
export function deviceIdCookie(context: Readonly<RouterContextProvider>): string {
  return `${COOKIE.deviceId}=${DEVICE_ID_PREFIX}${crypto.randomUUID()}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure(context)}`;
}

/** Resolves the visitor's session once per request (root middleware); loaders read it from the context. */
export async function resolveSession(request: Request, context: Readonly<RouterContextProvider>, lang: Language): Promise<SessionState> {
  const token = readCookie(request, COOKIE.token);
  if (!token) return { user: null, expired: false, restricted: false };
  const api = createApi(getServerContext(context).fetchApi, lang);
  try {
    return { user: await api.me(), expired: false, restricted: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { user: null, expired: true, restricted: false };
    if (error instanceof ApiError && error.body?.errorCode === 10100)
      return { user: null, expired: false, restricted: true, restrictedMessage: error.body.message };
    throw error;
  }
}

export function getSession(context: Readonly<RouterContextProvider>): SessionState {
  return context.get(sessionContext);
}

/** A path on this site only ("/..."), never an open redirect to another host. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/**
 * The page a request is for. The client router loads a page's data from `<path>.data?_routes=...` (`/_root.data` for
 * the home page): a return address made from that would lead back to the data, not the page.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith('.data')) {
    const path = url.pathname.slice(0, -'.data'.length);
    url.pathname = path === '/_root' ? '/' : path;
    url.searchParams.delete('_routes');
  }
  return url;
}

/** Signed-in users only: others go to the login page with origin set to where they were (spec section 4). */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>, lang: Language): User {
  const { user, restricted, restrictedMessage } = getSession(context);
  if (user) return user;
  // A banned account's page (opened before the ban, reloaded once its chat socket was closed) shows the ban screen:
  // sent to the login page, the person would not learn why.
  if (restricted) throw data<BannedPage>({ banned: true, message: restrictedMessage ?? '' }, { status: 403 });
  const url = pageUrl(request);
  const query: Record<string, string> = { origin: url.pathname + url.search, originType: 'SH' };
  const rid = url.searchParams.get('rid');
  if (rid) query['rid'] = rid;
  throw redirect(href(lang, 'login', undefined, query));
}
