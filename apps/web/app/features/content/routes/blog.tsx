import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { seo } from '../../../lib/seo.ts';
import { Breadcrumb } from '../components/content-view.tsx';
import { ContentCard } from '../components/content-card.tsx';
import type { Route } from './+types/blog';

/** The same for every signed-out visitor: kept in the shared page cache until content changes. */
export const headers = sharedPageHeaders('content');

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const { lang } = parsePath(path);
  const { content } = await serverApi(context, lang).content({ kind: 'POST', language: lang });
  return { path, posts: content };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('content.blog.title')} | ${t('app.name')}`,
    description: t('content.blog.lead'),
    canonicalPath: loaderData?.path ?? '/learn/blog',
    publicUrl,
  });
};

/** Every published post, newest first. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      <Breadcrumb section="learn" current={t('content.blog.title')} />
      <h1 className="mt-3 text-3xl font-bold md:text-4xl">{t('content.blog.title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-gray-700">{t('content.blog.lead')}</p>
      {loaderData.posts.length ? (
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.posts.map((post) => (
            <ContentCard key={post.id} entry={post} headingLevel={2} />
          ))}
        </div>
      ) : (
        <p className="mt-8 text-gray-600">{t('content.blog.empty')}</p>
      )}
    </div>
  );
}
