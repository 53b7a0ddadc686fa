// For tests of route modules: a loader's or action's context with a fake API and a signed-in (or signed-out)
// visitor, and the calls the route made. Not imported by the app.
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, RouterContextProvider, StaticRouterProvider, type RouteObject } from 'react-router';
import type { User } from '@kunci/contracts/users';
import type { Language } from '@kunci/i18n/locales';
import { CATALOGUES } from '@kunci/i18n/messages';
import { I18nProvider } from './i18n.tsx';
import type { RootData } from './root-data.ts';
import { serverContext } from './server-context.ts';
import { sessionContext } from './session.server.ts';

export interface ApiCall {
  method: string;
  /** Path and query, relative to /api. */
  path: string;
  body: unknown;
}

/**
 * Answers keyed by method and path without the query (`'GET /properties/search'`): a value is sent as JSON with
 * 200, a Response as it is, a function is called with the request first. A call without an answer fails the test.
 */
export type FakeApi = Record<string, unknown>;

export function routeContext({ api = {}, user = null }: { api?: FakeApi; user?: User | null } = {}) {
  const calls: ApiCall[] = [];
  const context = new RouterContextProvider();
  context.set(serverContext, {
    fetchApi: async (path, init) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const key = `${method} ${path.split('?')[0]}`;
      if (!(key in api)) throw new Error(`unexpected API call: ${method} ${path}`);
      const given = api[key];
      const answer = typeof given === 'function' ? (given as (call: ApiCall) => unknown)({ method, path, body }) : given;
      // A copy: the same answer may be given to several calls.
      return answer instanceof Response ? answer.clone() : Response.json(answer);
    },
    nonce: 'test',
    publicUrl: 'http://localhost:3000',
    managementAppUrl: 'http://localhost:3000/refresh',
    mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    sessionTtlDays: 30,
    secureCookies: false,
  });
  context.set(sessionContext, { user, expired: false, restricted: false });
  return { context, calls };
}

/** The API's refusal in its contract shape. */
export function refusal(status: number, message: string, fields?: { path: string; message: string }[]): Response {
  return Response.json({ errorCode: status === 400 ? 10000 : 10001, message, ...(fields ? { fields } : {}) }, { status });
}

/** A signed-in user as the API describes them. */
export function testUser(changes: Partial<User> = {}): User {
  return {
    id: 'u1',
    phoneNumber: '+60123456789',
    phoneNo: '0123456789',
    name: 'Aisyah',
    email: null,
    avatar: null,
    language: 'EN',
    userType: 1,
    userTypeName: 'WORKING_ADULT',
    passwordSet: true,
    role: 'user',
    rentalRole: 'TENANT',
    stats: { lastActivityDate: null },
    isDoneDealLandlord: false,
    ...changes,
  } as User;
}

/**
 * What a loader or action threw as an answer (a redirect, or a 404 thrown as `data(null, { status })`) as a
 * Response, for assertions; anything else it threw fails the test.
 */
export async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    const withInit = error as { type?: string; init?: ResponseInit | null };
    if (withInit?.type === 'DataWithResponseInit') return new Response(null, withInit.init ?? {});
    throw error;
  }
  throw new Error('expected a thrown answer');
}

/**
 * A page or component server-rendered as the app renders it: inside a router (links and forms need one), given a
 * language, with that language's catalogue, and given `root`, under a root route with that loader data (what
 * `useRootData` reads: the areas, the signed-in user). Answers the HTML.
 */
export async function renderPage(
  element: ReactElement,
  { lang, url = 'http://localhost:3000/', root }: { lang?: Language; url?: string; root?: Partial<RootData> } = {},
): Promise<string> {
  const page = lang ? createElement(I18nProvider, { lang, messages: CATALOGUES[lang], children: element }) : element;
  const routes: RouteObject[] = root
    ? [{ id: 'root', path: '/', loader: () => ({ lang, ...root }), element: createElement(Outlet), children: [{ path: '*', element: page }] }]
    : [{ path: '*', element: page }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }));
}
