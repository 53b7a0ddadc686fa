import { Link } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { seo } from '../../../lib/seo.ts';
import type { Route } from './+types/home-ownership';

/** The same for every signed-out visitor: kept in the shared page cache until content changes. */
export const headers = sharedPageHeaders('content');

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const { content } = await serverApi(context, parsePath(path).lang).homeProjects();
  return { path, projects: content };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('content.homes.title')} | ${t('app.name')}`,
    description: t('content.homes.lead'),
    canonicalPath: loaderData?.path ?? '/home-ownership',
    publicUrl,
  });
};

/** Home ownership: new projects for sale, cheapest first, each with its price range and size. */
export default function HomeOwnership({ loaderData }: Route.ComponentProps) {
  const { t, href, lang, money, number } = useI18n();
  const { areas } = useRootData();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold md:text-4xl">{t('content.homes.title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-gray-700">{t('content.homes.lead')}</p>
      {loaderData.projects.length ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.projects.map((project) => (
            <li key={project.id}>
              <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600">
                {project.gallery[0] ? (
                  <img
                    src={project.gallery[0].replace('{w}', '640')}
                    alt=""
                    loading="lazy"
                    width={640}
                    height={427}
                    className="aspect-[3/2] w-full object-cover"
                  />
                ) : null}
                <div className="flex flex-1 flex-col p-4">
                  <h2 className="text-lg font-semibold">
                    <Link
                      to={href('homeProject', { id: project.id })}
                      className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none"
                    >
                      {project.name}
                    </Link>
                  </h2>
                  <p className="text-sm text-gray-600">
                    {areas.find((a) => a.slug === project.areaSlug)?.name[lang] ?? project.areaSlug} ·{' '}
                    {t(`content.homes.kind.${project.propertyKind}`)}
                  </p>
                  <p className="mt-2 font-semibold text-brand-800">
                    {t('content.homes.priceRange', { min: money(project.priceMin), max: money(project.priceMax) })}
                  </p>
                  <p className="mt-1 text-sm text-gray-700">
                    {t('content.homes.bedrooms', { min: project.bedroomsMin, max: project.bedroomsMax })} ·{' '}
                    {t('content.homes.size', { min: number(project.sizeMinSqft), max: number(project.sizeMaxSqft) })}
                  </p>
                  <p className="mt-2 text-sm text-gray-700">{project.summary}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 text-gray-600">{t('content.homes.empty')}</p>
      )}
    </div>
  );
}
