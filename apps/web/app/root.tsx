import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  redirect,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGE_COOKIE, isLanguage, type Language } from '@kunci/i18n/locales';
import { canonicalRedirect, href, parsePath } from '@kunci/i18n/paths';
import { messagesFor } from './lib/i18n.server.ts';
import { serverApi } from './lib/api.ts';
import { getServerContext } from './lib/server-context.ts';
import { I18nProvider } from './lib/i18n.tsx';
import { VIEW_MODE_BOOT_SCRIPT } from './lib/view-mode.ts';
import { AppShell } from './components/layout/app-shell.tsx';
import { ErrorPage } from './components/layout/error-page.tsx';
import type { Route } from './+types/root';
import './app.css';

const YEAR_SECONDS = 31_536_000;

function cookieLanguage(request: Request): Language | undefined {
  const value = /(?:^|;\s*)lang=([a-z]{2})/.exec(request.headers.get('cookie') ?? '')?.[1];
  return isLanguage(value) ? value : undefined;
}

/**
 * Before any loader: canonical paths (301 for /rent/kuala-lumpur, a trailing slash or a first segment of
 * another language), the home page of a remembered language for visitors arriving from elsewhere, and the
 * language cookie kept in step with the URL.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const url = new URL(request.url);
    const target = canonicalRedirect(url.pathname);
    if (target) throw redirect(target + url.search, 301);

    const { lang } = parsePath(url.pathname);
    const remembered = cookieLanguage(request);
    const referer = request.headers.get('referer');
    const ownOrigins = [url.origin, new URL(getServerContext(context).publicUrl).origin];
    const fromOutside = !referer || !ownOrigins.includes(new URL(referer, url).origin);
    if (url.pathname === '/' && remembered && remembered !== DEFAULT_LANGUAGE && fromOutside && request.method === 'GET') {
      throw redirect(href(remembered, 'home') + url.search, 302);
    }

    const response = await next();
    if (remembered !== lang) {
      response.headers.append('set-cookie', `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
    }
    if (url.pathname === '/') response.headers.append('vary', 'Cookie');
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  const server = getServerContext(context);
  const areas = await serverApi(context).areas();
  return data({ lang, messages: messagesFor(lang), areas, publicUrl: server.publicUrl, nonce: server.nonce });
}

// Language and catalogue change only with the URL's language; other navigations reuse them.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return parsePath(currentUrl.pathname).lang !== parsePath(nextUrl.pathname).lang;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const lang = root?.lang ?? DEFAULT_LANGUAGE;
  return (
    <html lang={HTML_LANG[lang]} data-view="grid">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f7a5a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script nonce={root?.nonce} dangerouslySetInnerHTML={{ __html: VIEW_MODE_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <I18nProvider lang={loaderData.lang} messages={loaderData.messages}>
      <AppShell areas={loaderData.areas}>
        <Outlet />
      </AppShell>
    </I18nProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!root) {
    // The root loader itself failed: no catalogue to speak with, so a plain English page.
    return (
      <main className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="mt-2">Please try again in a moment.</p>
      </main>
    );
  }
  return (
    <I18nProvider lang={root.lang} messages={root.messages}>
      <AppShell areas={root.areas}>
        <ErrorPage status={status} />
      </AppShell>
    </I18nProvider>
  );
}
