import { useEffect } from 'react';
import { data } from 'react-router';
import { LANGUAGE_COOKIE, isLanguage } from '@kunci/i18n/locales';
import { parsePath, switchLanguage } from '@kunci/i18n/paths';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { safeReturnPath } from '../../../lib/session.server.ts';
import type { Route } from './+types/setcookie';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * A hand-off page (rendered bare, no layout): the apps and partner pages open `/setcookie?lang=ms&redirect=/learn` to
 * keep the visitor's language on this device, then continue to that page in that language, on this site only.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('lang');
  const lang = isLanguage(asked) ? asked : parsePath(url.pathname).lang;
  const target = switchLanguage(safeReturnPath(url.searchParams.get('redirect')) ?? '/', lang);
  return data(
    { target },
    { headers: { 'set-cookie': `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`, 'cache-control': 'no-store' } },
  );
}

export const meta: Route.MetaFunction = noindexMeta('content.setcookie.title');

export default function SetCookie({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  useEffect(() => {
    const timer = setTimeout(() => window.location.replace(loaderData.target), 600);
    return () => clearTimeout(timer);
  }, [loaderData.target]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t('content.setcookie.title')}</h1>
      <p className="text-gray-600">{t('content.setcookie.body')}</p>
      <a href={loaderData.target} className="mt-4 rounded-full bg-brand-700 px-6 py-3 font-medium text-white">
        {t('content.setcookie.continue')}
      </a>
    </main>
  );
}
