import { useContext } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  data,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { DEFAULT_LANGUAGE, HTML_LANG } from '@kunci/i18n/locales';
import { canonicalRedirect, href, parsePath } from '@kunci/i18n/paths';
import { serverApi, type BannedPage } from './lib/api.ts';
import { holdSignInLink } from './features/auth/sign-in-link.server.ts';
import { trackAttribution } from './features/growth/attribution.server.ts';
import { APP_POPUP_BOOT_SCRIPT } from './features/growth/index.ts';
import { clearSessionCookies, getSession, resolveSession, sessionContext } from './lib/session.server.ts';
import { rememberedLanguage, visitorCookies } from './lib/page-cache.server.ts';
import { getServerContext, serverContext } from './lib/server-context.ts';
import { I18nProvider } from './lib/i18n.tsx';
import { VIEW_MODE_BOOT_SCRIPT } from './lib/view-mode.ts';
import { ZOD_BOOT_SCRIPT } from './lib/zod-browser.ts';
import { START_BOOT_SCRIPT, useHydratedMarker } from './lib/deferred-start.ts';
import { AppShell } from './shell/app-shell.tsx';
import type { RootData } from './lib/root-data.ts';
import { InlineStylesheet } from './lib/stylesheet.tsx';
import { CatalogueScript, catalogue, hasCatalogue } from './lib/catalogue.tsx';
import { BanScreen, BanWatcher } from './components/layout/ban-screen.tsx';
import { ErrorPage } from './components/layout/error-page.tsx';
import type { Route } from './+types/root';

/**
 * Before any loader: canonical paths (301 for /rent/kuala-lumpur, a trailing slash or a first segment of
 * another language); a sign-in token in the URL stripped and held for the visitor to confirm; the visitor's session
 * resolved once; the home page of a remembered language for visitors arriving from elsewhere; the
 * language cookie and the device id kept in step with the URL.
 */
export const middleware: Route.MiddlewareFunction[] = [
  // First, around everything else: a page that failed because the API answered "too many requests" (429) or
  // "unavailable" (503) answers with that status and says so in its language, rather than a 500.
  async ({ context }, next) => {
    const server = getServerContext(context);
    let temporary: number | undefined;
    context.set(serverContext, {
      ...server,
      fetchApi: async (path, init) => {
        const response = await server.fetchApi(path, init);
        if (response.status === 429 || response.status === 503) temporary = response.status;
        return response;
      },
    });
    const response = await next();
    if (response.status !== 500 || !temporary) return response;
    await response.body?.cancel();
    throw data(null, { status: temporary });
  },
  async ({ request, context }, next) => {
    const url = new URL(request.url);
    const server = getServerContext(context);
    const ownOrigins = [url.origin, new URL(server.publicUrl).origin];
    const origin = request.headers.get('origin');
    if (request.method !== 'GET' && request.method !== 'HEAD' && origin && !ownOrigins.includes(origin)) {
      throw data(null, { status: 403 });
    }
    const target = canonicalRedirect(url.pathname);
    if (target) throw redirect(target + url.search, 301);
    const { lang } = parsePath(url.pathname);

    // A sign-in link waits for the visitor to confirm the account it signs into.
    if (url.searchParams.get('token') && url.searchParams.get('id')) throw await holdSignInLink(url, context, lang);

    const session = await resolveSession(request, context, lang);
    context.set(sessionContext, session);

    const remembered = rememberedLanguage(request);
    const referer = request.headers.get('referer');
    const fromOutside = !referer || !ownOrigins.includes(new URL(referer, url).origin);
    if (url.pathname === '/' && remembered && remembered !== DEFAULT_LANGUAGE && fromOutside && request.method === 'GET') {
      throw redirect(href(remembered, 'home') + url.search, 302);
    }
    // A signed-in user's stored language (messages, the next sign-in) changes only in their profile, never by browsing.

    const response = await next();
    // The same cookies a page from the shared cache gets (lib/page-cache.server.ts).
    for (const cookie of visitorCookies(request, context)) response.headers.append('set-cookie', cookie);
    // A banned account's cookie goes with the next page it loads, which says why. A data request keeps it: an open
    // page reloading its data (its chat socket closed) asks for the root's data and the page's side by side, and the
    // page's own request, sent after the root's had cleared the cookie, would find nobody signed in and send the person
    // to the login page without a word instead of showing the ban screen.
    const dataRequest = url.pathname.endsWith('.data');
    if (session.expired || (session.restricted && !dataRequest))
      for (const cookie of clearSessionCookies(context)) response.headers.append('set-cookie', cookie);
    if (url.pathname === '/') response.headers.append('vary', 'Cookie');
    return response;
  },
  // A signed-in visitor's tracking params (landing URL or cookies) are stored with their account.
  trackAttribution,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const server = getServerContext(context);
  const areas = await serverApi(context, lang).areas();
  const { user, expired, restricted } = getSession(context);
  return data<RootData>({
    lang,
    areas,
    publicUrl: server.publicUrl,
    nonce: server.nonce,
    managementAppUrl: server.managementAppUrl,
    mapTileUrl: server.mapTileUrl,
    user,
    sessionExpired: expired,
    restricted,
  });
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  // This page holds one language's catalogue: a page in another language is loaded whole.
  if (!hasCatalogue(parsePath(new URL(request.url).pathname).lang)) {
    window.location.assign(request.url);
    return new Promise<never>(() => {});
  }
  return serverLoader();
}

// Language and catalogue change only with the URL's language; other navigations reuse them.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // After a form (sign-in, profile...) the user may have changed.
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  // The same address again: an explicit revalidation (the chat socket learnt the session has ended) or a link to the
  // page one is on, which a visitor follows to see it afresh.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return parsePath(currentUrl.pathname).lang !== parsePath(nextUrl.pathname).lang;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  // Without the root's data (its loader failed) the language still comes from the address.
  const { pathname } = useLocation();
  const lang = root?.lang ?? parsePath(pathname).lang;
  // The page's nonce, also when the root's data is missing (the server's router has it): the head script starts the app.
  const framework = useContext(UNSAFE_FrameworkContext);
  const nonce = root?.nonce ?? framework?.nonce;
  useHydratedMarker();
  return (
    <html lang={HTML_LANG[lang]} data-view="grid">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f7a5a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {root ? <meta name="map-tiles" content={root.mapTileUrl} /> : null}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: ZOD_BOOT_SCRIPT + VIEW_MODE_BOOT_SCRIPT + APP_POPUP_BOOT_SCRIPT + START_BOOT_SCRIPT }}
        />
        <InlineStylesheet />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <CatalogueScript lang={lang} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <I18nProvider lang={loaderData.lang} messages={catalogue(loaderData.lang)}>
      <AppShell areas={loaderData.areas}>
        <Outlet />
        <BanWatcher />
      </AppShell>
    </I18nProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A call refused with 10100 (lib/api.ts): the ban screen, not an error page.
  const banned =
    isRouteErrorResponse(error) && error.status === 403 && (error.data as Partial<BannedPage> | null)?.banned ? (error.data as BannedPage) : null;
  const page = banned ? <BanScreen message={banned.message} /> : <ErrorPage status={status} />;
  const { lang } = parsePath(useLocation().pathname);
  if (!root) {
    // The root loader itself failed (no areas for the shell): the page alone, in the address's language.
    return (
      <I18nProvider lang={lang} messages={catalogue(lang)}>
        <main>{page}</main>
      </I18nProvider>
    );
  }
  return (
    <I18nProvider lang={root.lang} messages={catalogue(root.lang)}>
      <AppShell areas={root.areas}>{page}</AppShell>
    </I18nProvider>
  );
}
