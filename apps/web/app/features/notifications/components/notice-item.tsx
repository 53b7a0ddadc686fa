import { Link } from 'react-router';
import type { NoticeView } from '@kunci/contracts/notifications';
import { useI18n } from '../../../lib/i18n.tsx';

/** One notice: title, text, when, and its cards counted; unread ones marked (in words too, for screen readers). */
export function NoticeItem({ notice, onOpen, compact = false }: { notice: NoticeView; onOpen?: (notice: NoticeView) => void; compact?: boolean }) {
  const { t, dateTime } = useI18n();
  return (
    <Link
      to={notice.url}
      onClick={() => onOpen?.(notice)}
      className={`block rounded-lg px-3 py-2.5 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600 ${notice.read ? '' : 'bg-brand-50'}`}
      data-testid="notice"
    >
      <span className="flex items-start gap-2">
        {notice.read ? null : (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-700">
            <span className="sr-only">{t('notifications.unreadLabel')}</span>
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-gray-900">{notice.title}</span>
          <span className={`block text-sm text-gray-700 ${compact ? 'line-clamp-2' : ''}`}>{notice.body}</span>
          {notice.items.length > 1 ? (
            <span className="mt-0.5 block text-sm text-gray-600">{t('notifications.moreItems', { count: notice.items.length })}</span>
          ) : null}
          <time dateTime={notice.createdAt} className="mt-0.5 block text-xs text-gray-500">
            {dateTime(notice.createdAt)}
          </time>
        </span>
      </span>
    </Link>
  );
}
