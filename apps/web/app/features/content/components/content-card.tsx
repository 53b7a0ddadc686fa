import { Link } from 'react-router';
import type { ContentSummary } from '@kunci/contracts/content';
import { useI18n } from '../../../lib/i18n.tsx';
import { contentPath } from '../content-links.ts';

/** One guide, post or event in a list: its picture, title (the link) and short description. */
export function ContentCard({ entry, headingLevel = 3 }: { entry: ContentSummary; headingLevel?: 2 | 3 }) {
  const { t, lang, date, weekday, time } = useI18n();
  const path = contentPath(lang, entry);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600">
      {entry.cover ? (
        <img src={entry.cover.replace('{w}', '640')} alt="" loading="lazy" width={640} height={427} className="aspect-[3/2] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <Heading className="text-lg font-semibold leading-snug">
          {path ? (
            <Link to={path} className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none">
              {entry.title}
            </Link>
          ) : (
            entry.title
          )}
        </Heading>
        {entry.kind === 'EVENT' && entry.startsAt ? (
          <p className="mt-1 text-sm font-medium text-brand-800">
            <time dateTime={entry.startsAt}>
              {weekday(entry.startsAt, { year: true })}, {time(entry.startsAt)}
            </time>
            {' · '}
            {entry.venue?.toLowerCase() === 'online' ? t('content.event.online') : entry.venue}
          </p>
        ) : null}
        {entry.kind === 'POST' && entry.publishedAt ? (
          <p className="mt-1 text-sm text-gray-500">{t('content.published', { date: date(entry.publishedAt) })}</p>
        ) : null}
        <p className="mt-2 text-sm text-gray-700">{entry.description}</p>
      </div>
    </article>
  );
}
