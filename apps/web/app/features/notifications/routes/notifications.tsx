import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { NoticeView } from '@kunci/contracts/notifications';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi, useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { noindexMeta } from '../../../lib/seo.ts';
import { requireUser } from '../../../lib/session.server.ts';
import { NoticeItem } from '../components/notice-item.tsx';
import { useNoticeUnread } from '../unread.tsx';
import type { Route } from './+types/notifications';

const PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = parsePath(new URL(request.url).pathname);
  requireUser(request, context, lang);
  return serverApi(context, lang).notices({ limit: PAGE });
}

export const meta: Route.MetaFunction = noindexMeta('notifications.title');

/** Every notice, newest first, with "mark all as read" and older pages; new ones appear as they arrive. */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const api = useApi();
  const { unread, arrivals, setUnread } = useNoticeUnread();
  const revalidator = useRevalidator();
  const [older, setOlder] = useState<NoticeView[]>([]);
  const [hasMore, setHasMore] = useState(loaderData.hasMore);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [readIds, setReadIds] = useState<ReadonlySet<number> | 'all'>(new Set());

  // A notice that arrives live reloads the newest page.
  useEffect(() => {
    if (arrivals) void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrivals
  }, [arrivals]);
  useEffect(() => setUnread(loaderData.unread), [loaderData.unread, setUnread]);

  const notices = [...loaderData.content, ...older.filter((n) => !loaderData.content.some((m) => m.id === n.id))].map((n) =>
    readIds === 'all' || readIds.has(n.id) ? { ...n, read: true } : n,
  );

  const loadMore = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const answer = await api.notices({ before: notices.at(-1)!.id, limit: PAGE });
      setOlder((list) => [...list, ...answer.content]);
      setHasMore(answer.hasMore);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  const markAll = async () => {
    const answer = await api.markNoticesRead({ all: true }).catch(() => undefined);
    if (!answer) return setFailed(true);
    setUnread(answer.unread);
    setReadIds('all');
  };
  const opened = (notice: NoticeView) => {
    if (notice.read) return;
    void api.markNoticesRead({ ids: [notice.id] }).then(
      (answer) => setUnread(answer.unread),
      () => undefined,
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl">{t('notifications.title')}</h1>
        <div className="flex items-center gap-4 text-sm">
          {unread ? (
            <button type="button" onClick={() => void markAll()} className="font-medium text-brand-700 hover:underline">
              {t('notifications.markAllRead')}
            </button>
          ) : null}
          <Link to={href('notificationSettings')} className="text-gray-700 hover:underline">
            {t('notifications.settingsLink')}
          </Link>
        </div>
      </div>
      {notices.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-700">{t('notifications.empty')}</p>
      ) : (
        <ul className="mt-6 divide-y divide-gray-100 rounded-xl border border-gray-200 p-1" data-testid="notice-list">
          {notices.map((notice) => (
            <li key={notice.id} className="py-0.5">
              <NoticeItem notice={notice} onOpen={opened} />
            </li>
          ))}
        </ul>
      )}
      {failed ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t('notifications.error')}
        </p>
      ) : null}
      {hasMore ? (
        <button
          type="button"
          onClick={() => void loadMore()}
          disabled={loading}
          className="mt-4 rounded-full border border-gray-300 px-5 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-60"
        >
          {loading ? t('notifications.loading') : t('notifications.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
