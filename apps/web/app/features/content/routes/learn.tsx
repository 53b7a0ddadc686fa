import { Link } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { sharedPageHeaders } from '../../../lib/page-cache.server.ts';
import { seo } from '../../../lib/seo.ts';
import { ContentCard } from '../components/content-card.tsx';
import { contentPath } from '../content-links.ts';
import type { Route } from './+types/learn';

/** The same for every signed-out visitor: kept in the shared page cache until content changes. */
export const headers = sharedPageHeaders('content');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const { lang } = parsePath(pathname.replace(/\.data$/, ''));
  const api = serverApi(context, lang);
  const [guides, faqs, posts, events] = await Promise.all([
    api.content({ kind: 'GUIDE', language: lang }),
    api.content({ kind: 'FAQ', language: lang }),
    api.content({ kind: 'POST', language: lang }),
    api.content({ kind: 'EVENT', language: lang, upcoming: true }),
  ]);
  return {
    path: pathname.replace(/\.data$/, ''),
    tenantGuides: guides.content.filter((g) => g.audience === 'TENANT'),
    landlordGuides: guides.content.filter((g) => g.audience === 'LANDLORD'),
    faqs: faqs.content,
    posts: posts.content.slice(0, 3),
    events: events.content.slice(0, 2),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t, publicUrl } = metaI18n(matches);
  return seo({
    title: `${t('content.learn.title')} | ${t('app.name')}`,
    description: t('content.learn.lead'),
    canonicalPath: loaderData?.path ?? '/learn',
    publicUrl,
  });
};

/** The learning centre: the six guides by reader, the FAQs (by role and by area), the latest posts and coming events. */
export default function Learn({ loaderData }: Route.ComponentProps) {
  const { t, href, lang } = useI18n();
  const { areas } = useRootData();
  const { tenantGuides, landlordGuides, faqs, posts, events } = loaderData;
  const roleFaqs = faqs.filter((f) => !f.areaSlug);
  const areaFaqs = faqs.filter((f) => f.areaSlug);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold md:text-4xl">{t('content.learn.title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-gray-700">{t('content.learn.lead')}</p>
      {[
        { id: 'tenant-guides', title: t('content.learn.forTenants'), guides: tenantGuides },
        { id: 'landlord-guides', title: t('content.learn.forLandlords'), guides: landlordGuides },
      ].map((group) => (
        <section key={group.id} aria-labelledby={group.id} className="mt-10">
          <h2 id={group.id} className="text-2xl font-semibold">
            {group.title}
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.guides.map((guide) => (
              <ContentCard key={guide.id} entry={guide} />
            ))}
          </div>
        </section>
      ))}
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="faqs">
          <h2 id="faqs" className="text-2xl font-semibold">
            {t('content.learn.faqs')}
          </h2>
          <ul className="mt-3 space-y-2">
            {roleFaqs.map((faq) => (
              <li key={faq.id}>
                <Link to={contentPath(lang, faq) ?? href('learn')} className="text-brand-700 hover:underline">
                  {faq.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="area-faqs">
          <h2 id="area-faqs" className="text-2xl font-semibold">
            {t('content.learn.areaFaqs')}
          </h2>
          <ul className="mt-3 space-y-3">
            {areaFaqs.map((faq) => (
              <li key={faq.id}>
                <Link to={contentPath(lang, faq) ?? href('learn')} className="font-medium text-brand-700 hover:underline">
                  {areas.find((a) => a.slug === faq.areaSlug)?.name[lang] ?? faq.title}
                </Link>
                <p className="text-sm text-gray-600">{faq.description}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="latest-posts" className="mt-10">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="latest-posts" className="text-2xl font-semibold">
            {t('content.learn.latestPosts')}
          </h2>
          <Link to={href('learnBlog')} className="text-brand-700 hover:underline">
            {t('content.learn.allPosts')}
          </Link>
        </div>
        {posts.length ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <ContentCard key={post.id} entry={post} />
            ))}
          </div>
        ) : (
          <p className="mt-3 text-gray-600">{t('content.blog.empty')}</p>
        )}
      </section>
      <section aria-labelledby="upcoming-events" className="mt-10">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="upcoming-events" className="text-2xl font-semibold">
            {t('content.learn.upcomingEvents')}
          </h2>
          <Link to={href('learnEvents')} className="text-brand-700 hover:underline">
            {t('content.learn.allEvents')}
          </Link>
        </div>
        {events.length ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {events.map((event) => (
              <ContentCard key={event.id} entry={event} />
            ))}
          </div>
        ) : (
          <p className="mt-3 text-gray-600">{t('content.events.empty')}</p>
        )}
      </section>
    </div>
  );
}
