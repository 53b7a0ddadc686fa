import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ContentPage } from '@kunci/contracts/content';
import { useI18n } from '../../../lib/i18n.tsx';
import { parseMarkdown } from '../markdown.ts';
import { RichText } from './rich-text.tsx';

/** Where a page sits: the learning centre or the "more" pages. */
export type Section = 'learn' | 'more';

export function Breadcrumb({ section, current }: { section: Section; current: string }) {
  const { t, href } = useI18n();
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={href(section === 'learn' ? 'learn' : 'more')} className="text-brand-700 hover:underline">
            {section === 'learn' ? t('content.learn.breadcrumb') : t('content.more.title')}
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="truncate">
          {current}
        </li>
      </ol>
    </nav>
  );
}

export function EventFacts({ page }: { page: Pick<ContentPage, 'startsAt' | 'endsAt' | 'venue'> }) {
  const { t, weekday, time } = useI18n();
  if (!page.startsAt) return null;
  const venue = page.venue?.toLowerCase() === 'online' ? t('content.event.online') : page.venue;
  return (
    <dl className="mt-4 grid gap-2 rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      <dt className="font-semibold">{t('content.event.when')}</dt>
      <dd>
        <time dateTime={page.startsAt}>
          {weekday(page.startsAt, { year: true })}, {time(page.startsAt)}
        </time>
        {page.endsAt ? (
          <>
            {' – '}
            <time dateTime={page.endsAt}>{time(page.endsAt)}</time>
          </>
        ) : null}
      </dd>
      <dt className="font-semibold">{t('content.event.where')}</dt>
      <dd>{venue}</dd>
    </dl>
  );
}

/** A managed page: its title, short description, cover, event facts and body, with an editor's preview banner. */
export function ContentView({ page, preview, section, children }: { page: ContentPage; preview: boolean; section: Section; children?: ReactNode }) {
  const { t, date } = useI18n();
  const blocks = parseMarkdown(page.body);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:py-10">
      {preview ? (
        <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('content.preview')}
        </p>
      ) : null}
      <Breadcrumb section={section} current={page.title} />
      <h1 className="mt-3 text-3xl font-bold leading-tight md:text-4xl">{page.title}</h1>
      <p className="mt-3 text-lg text-gray-700">{page.description}</p>
      {page.kind === 'POST' && page.publishedAt ? (
        <p className="mt-2 text-sm text-gray-500">{t('content.published', { date: date(page.publishedAt) })}</p>
      ) : null}
      {page.kind === 'EVENT' ? <EventFacts page={page} /> : null}
      {page.cover ? (
        <img
          src={page.cover.replace('{w}', '1024')}
          srcSet={[640, 1024, 1280].map((w) => `${page.cover!.replace('{w}', String(w))} ${w}w`).join(', ')}
          sizes="(min-width: 768px) 720px, 100vw"
          alt=""
          width={1280}
          height={853}
          className="mt-6 aspect-[3/2] w-full rounded-xl object-cover"
        />
      ) : null}
      <div className="mt-6">
        <RichText blocks={blocks} />
      </div>
      {children}
    </article>
  );
}
