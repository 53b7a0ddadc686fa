import { Link } from 'react-router';
import { CONTENT_KINDS, ContentKind } from '@kunci/contracts/content';
import { serverApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { contentPath } from '../content-links.ts';
import { requireStaffPage } from '../staff.server.ts';
import type { Route } from './+types/admin-content';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = requireStaffPage(request, context, ['editor']);
  const parsed = ContentKind.safeParse(new URL(request.url).searchParams.get('kind'));
  const kind = parsed.success ? parsed.data : undefined;
  const { content } = await serverApi(context, lang).adminContentList(kind);
  return { kind: kind ?? null, entries: content };
}

export const meta: Route.MetaFunction = noindexMeta('content.admin.title');

/** The back office's content list: every guide, post, event, FAQ and page with its state, and new entries. */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { t, href, lang, dateTime } = useI18n();
  const { kind, entries } = loaderData;
  const tab = 'rounded-full border px-3 py-1.5 text-sm';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">{t('content.admin.title')}</h1>
          <p className="mt-1 text-gray-700">{t('content.admin.lead')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {(['POST', 'EVENT', 'FAQ'] as const).map((newKind) => (
            <Link
              key={newKind}
              to={href('adminContentEdit', { id: 'new' }, { kind: newKind })}
              className="rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
            >
              {t(`content.admin.new.${newKind}`)}
            </Link>
          ))}
          <Link to={href('adminInbox')} className="rounded-full border border-gray-300 px-4 py-2 text-sm hover:border-brand-600">
            {t('content.admin.inbox')}
          </Link>
        </div>
      </div>
      <nav aria-label={t('content.admin.kind')} className="mt-6 flex flex-wrap gap-2">
        <Link
          to={href('adminContent')}
          aria-current={kind === null ? 'page' : undefined}
          className={`${tab} ${kind === null ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-gray-300'}`}
        >
          {t('content.admin.all')}
        </Link>
        {CONTENT_KINDS.map((k) => (
          <Link
            key={k}
            to={href('adminContent', undefined, { kind: k })}
            aria-current={kind === k ? 'page' : undefined}
            className={`${tab} ${kind === k ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-gray-300'}`}
          >
            {t(`content.admin.kind.${k}`)}
          </Link>
        ))}
      </nav>
      {entries.length ? (
        <ul className="mt-6 divide-y divide-gray-200 rounded-xl border border-gray-200">
          {entries.map((entry) => {
            const live = entry.status === 'PUBLISHED' ? contentPath(lang, entry) : null;
            return (
              <li key={entry.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium">
                    <Link to={href('adminContentEdit', { id: entry.id })} className="text-brand-700 hover:underline">
                      {entry.title}
                    </Link>
                  </p>
                  <p className="mt-1 flex flex-wrap gap-2 text-sm text-gray-600">
                    <span>{t(`content.admin.kind.${entry.kind}`)}</span>
                    <span aria-hidden="true">·</span>
                    <span className={entry.status === 'PUBLISHED' ? 'text-green-800' : 'text-amber-800'}>
                      {t(`content.admin.status.${entry.status}`)}
                    </span>
                    {entry.status === 'PUBLISHED' && entry.unpublishedChanges ? (
                      <>
                        <span aria-hidden="true">·</span>
                        <span className="text-amber-800">{t('content.admin.changes')}</span>
                      </>
                    ) : null}
                    <span aria-hidden="true">·</span>
                    <span>{t('content.admin.saved', { date: dateTime(entry.draftSavedAt) })}</span>
                  </p>
                </div>
                <div className="flex shrink-0 gap-3 text-sm">
                  <Link
                    to={href('adminContentEdit', { id: entry.id })}
                    className="rounded-full border border-gray-300 px-3 py-1.5 hover:border-brand-600"
                  >
                    {t('content.admin.edit')}
                  </Link>
                  {live ? (
                    <Link to={live} className="rounded-full border border-gray-300 px-3 py-1.5 hover:border-brand-600">
                      {t('content.admin.view')}
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-6 text-gray-600">{t('content.admin.empty')}</p>
      )}
    </div>
  );
}
