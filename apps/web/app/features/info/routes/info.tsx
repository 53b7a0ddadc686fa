import { Link, data } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import type { MessageKey } from '@kunci/i18n/messages';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { seo } from '../../../lib/seo.ts';
import type { Route } from './+types/info';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';

const PAGES = ['about', 'contact', 'tenant', 'landlord'] as const;
type Page = (typeof PAGES)[number];

/** The same for every signed-out visitor: kept in the shared page cache until the pages' text changes. */
export const headers = sharedPageHeaders('content');

export function loader({ request }: Route.LoaderArgs) {
  // A client-side navigation asks for the page's data at its path plus ".data".
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const page = parsePath(path).rest.split('/')[2] as Page;
  if (!PAGES.includes(page)) throw data(null, { status: 404 });
  return { page, path };
}

const key = (page: Page, part: 'title' | 'lead' | 'body') => `info.${page}.${part}` as MessageKey;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  if (!loaderData) return [];
  return seo({
    title: `${t(key(loaderData.page, 'title'))} | ${t('app.name')}`,
    description: t(key(loaderData.page, 'lead')),
    canonicalPath: loaderData.path,
    publicUrl,
  });
};

export default function Info({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t(key(page, 'title'))}</h1>
      <p className="mt-4 text-lg text-gray-700">{t(key(page, 'lead'))}</p>
      {t(key(page, 'body'))
        .split('\n\n')
        .map((paragraph) => (
          <p key={paragraph} className="mt-4 leading-relaxed text-gray-800">
            {paragraph}
          </p>
        ))}
      {page === 'landlord' ? (
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <Link to={href('post')} className="inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
            {t('listings.new')}
          </Link>
          <Link to={href('landlordLead')} className="text-brand-700 hover:underline">
            {t('lead.title')}
          </Link>
        </div>
      ) : (
        <Link to={href('rent')} className="mt-8 inline-block rounded-full bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800">
          {t('home.seeAll')}
        </Link>
      )}
    </article>
  );
}
