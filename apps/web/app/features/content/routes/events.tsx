import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { seo } from '../../../lib/seo.ts';
import { Breadcrumb } from '../components/content-view.tsx';
import { ContentCard } from '../components/content-card.tsx';
import type { Route } from './+types/events';

/** The same for every signed-out visitor: kept in the shared page cache until content changes. */
export const headers = sharedPageHeaders('content');

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  const { lang } = parsePath(path);
  const { content } = await serverApi(context, lang).content({ kind: 'EVENT', language: lang, upcoming: true });
  return { path, events: content };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('content.events.title')} | ${t('app.name')}`,
    description: t('content.events.lead'),
    canonicalPath: loaderData?.path ?? '/learn/event',
    publicUrl,
  });
};

/** Events not yet over, soonest first. */
export default function Events({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      <Breadcrumb section="learn" current={t('content.events.title')} />
      <h1 className="mt-3 text-3xl font-bold md:text-4xl">{t('content.events.title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-gray-700">{t('content.events.lead')}</p>
      {loaderData.events.length ? (
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.events.map((event) => (
            <ContentCard key={event.id} entry={event} headingLevel={2} />
          ))}
        </div>
      ) : (
        <p className="mt-8 text-gray-600">{t('content.events.empty')}</p>
      )}
    </div>
  );
}
