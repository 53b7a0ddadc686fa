import { useEffect } from 'react';
import { Link } from 'react-router';
import { isLanguage } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import type { Route } from './+types/refresh';

/** Local entries the spec clears at logout. */
const LOCAL_ENTRIES = ['posData', 'originClickCR', 'currentRole'];

export function loader({ request }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get('lang');
  return { home: href(isLanguage(lang) ? lang : 'en', 'home') };
}

export const meta: Route.MetaFunction = noindexMeta('logout.title');

/** The hand-off page after logout: rendered bare (no layout), clears local state, then goes home. */
export default function Refresh({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  useEffect(() => {
    try {
      for (const key of LOCAL_ENTRIES) localStorage.removeItem(key);
    } catch {
      // Storage unavailable: nothing was kept there either.
    }
    const timer = setTimeout(() => window.location.replace(loaderData.home), 1200);
    return () => clearTimeout(timer);
  }, [loaderData.home]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t('logout.title')}</h1>
      <p className="text-gray-600">{t('logout.body')}</p>
      <Link to={loaderData.home} className="mt-4 rounded-full bg-brand-700 px-6 py-3 font-medium text-white">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
