import { LANGUAGES, URL_PREFIX } from '@kunci/i18n/locales';
import { href } from '@kunci/i18n/paths';
import { getServerContext } from '../../../lib/server-context.ts';
import type { Route } from './+types/robots';

/** Crawlers may read every public page; accounts, the API and sign-in flows stay out. One sitemap per language. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = getServerContext(context);
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /auth/',
    'Disallow: /dev/',
    ...LANGUAGES.filter((lang) => URL_PREFIX[lang]).flatMap((lang) => [
      `Disallow: /${URL_PREFIX[lang]}/dashboard`,
      `Disallow: /${URL_PREFIX[lang]}/login`,
      `Disallow: /${URL_PREFIX[lang]}/register`,
    ]),
    '',
    ...LANGUAGES.map((lang) => `Sitemap: ${publicUrl}${href(lang, 'sitemapXml')}`),
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
