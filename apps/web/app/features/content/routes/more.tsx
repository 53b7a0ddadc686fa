import { Link } from 'react-router';
import type { RouteId } from '@kunci/i18n/paths';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { seo } from '../../../lib/seo.ts';
import { PAGE_ROUTES, type PageKey } from '../content-links.ts';
import type { Route } from './+types/more';

const GROUPS: { id: 'company' | 'tenants' | 'landlords'; pages: PageKey[] }[] = [
  { id: 'company', pages: ['about', 'about-company', 'about-featured', 'about-achievements', 'contact'] },
  { id: 'tenants', pages: ['tenant', 'tenant-no-deposit', 'tenant-video'] },
  { id: 'landlords', pages: ['landlord', 'landlord-how', 'landlord-video', 'service-rental-collection'] },
];

/** The same for every signed-out visitor: kept in the shared page cache until content changes. */
export const headers = sharedPageHeaders('content');

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const { lang } = parsePath(path);
  const { content } = await serverApi(context, lang).content({ kind: 'PAGE', language: lang });
  const pages = Object.fromEntries(content.filter((c) => c.key).map((c) => [c.key!, { title: c.title, description: c.description }]));
  return { path, pages };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('content.more.title')} | ${t('app.name')}`,
    description: t('content.more.lead'),
    canonicalPath: loaderData?.path ?? '/more',
    publicUrl,
  });
};

/** The "more" hub: the company, tenant and landlord pages, then the learning centre and the other ways to explore. */
export default function More({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { pages } = loaderData;
  const explore: { id: RouteId; label: string }[] = [
    { id: 'learn', label: t('content.learn.title') },
    { id: 'homeOwnership', label: t('content.more.homeOwnership') },
    { id: 'quicklinks', label: t('content.more.quicklinks') },
    { id: 'sitemap', label: t('footer.sitemap') },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold md:text-4xl">{t('content.more.title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-gray-700">{t('content.more.lead')}</p>
      <div className="mt-8 grid gap-8 md:grid-cols-3">
        {GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`more-${group.id}`}>
            <h2 id={`more-${group.id}`} className="text-xl font-semibold">
              {t(`content.more.${group.id}`)}
            </h2>
            <ul className="mt-3 space-y-3">
              {group.pages
                .filter((key) => pages[key])
                .map((key) => (
                  <li key={key}>
                    <Link to={href(PAGE_ROUTES[key])} className="font-medium text-brand-700 hover:underline">
                      {pages[key]!.title}
                    </Link>
                    <p className="text-sm text-gray-600">{pages[key]!.description}</p>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
      <section aria-labelledby="more-explore" className="mt-10 border-t border-gray-200 pt-6">
        <h2 id="more-explore" className="text-xl font-semibold">
          {t('content.more.explore')}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-3">
          {explore.map((item) => (
            <li key={item.id}>
              <Link
                to={href(item.id)}
                className="inline-block rounded-full border border-gray-300 px-4 py-2 hover:border-brand-600 hover:text-brand-700"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
