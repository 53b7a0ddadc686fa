import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NoticeView } from '@kunci/contracts/notifications';
import { BadgeCount } from '../../../components/ui/badge-count.tsx';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { useNoticeUnread } from '../unread.tsx';
import { NoticeItem } from './notice-item.tsx';

const PANEL_SIZE = 6;

/**
 * The header's bell: the unread count (live), and a panel with the newest notices, "mark all as read", and links
 * to the list and the settings. A disclosure: Escape or a click outside closes it and focus returns to the bell.
 */
export function NotificationBell() {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const api = useApi();
  const { unread, arrivals, setUnread } = useNoticeUnread();
  const [open, setOpen] = useState(false);
  const [notices, setNotices] = useState<NoticeView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    let current = true;
    setFailed(false);
    api.notices({ limit: PANEL_SIZE }).then(
      (answer) => {
        if (!current) return;
        setNotices(answer.content);
        setUnread(answer.unread);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, arrivals, api, setUnread]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!user) return null;

  const markAll = async () => {
    const answer = await api.markNoticesRead({ all: true }).catch(() => undefined);
    if (!answer) return;
    setUnread(answer.unread);
    setNotices((list) => list?.map((n) => ({ ...n, read: true })) ?? null);
  };
  const opened = (notice: NoticeView) => {
    setOpen(false);
    if (!notice.read)
      void api.markNoticesRead({ ids: [notice.id] }).then(
        (answer) => setUnread(answer.unread),
        () => undefined,
      );
  };
  const label = t('notifications.bell.unread', { count: unread });

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        className="relative rounded-full p-2 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        data-testid="notification-bell"
      >
        <BellIcon />
        <BadgeCount count={unread} label={label} testId="notice-badge" />
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label={t('notifications.title')}
          // Under the bell from 480 px; on a phone the bell sits too far left of the screen's edge for a panel hanging
          // from it, so the panel spans the screen under the (sticky) header instead.
          className="absolute right-0 top-full z-40 mt-2 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-gray-200 bg-white p-2 shadow-lg max-sm:fixed max-sm:inset-x-2 max-sm:top-16 max-sm:mt-0 max-sm:w-auto"
        >
          <div className="flex items-center justify-between px-2 py-1">
            <h2 className="font-semibold">{t('notifications.title')}</h2>
            {unread ? (
              <button type="button" onClick={() => void markAll()} className="text-sm font-medium text-brand-700 hover:underline">
                {t('notifications.markAllRead')}
              </button>
            ) : null}
          </div>
          {failed ? (
            <p role="alert" className="px-3 py-4 text-sm text-red-700">
              {t('notifications.error')}
            </p>
          ) : notices === null ? (
            <p className="px-3 py-4 text-sm text-gray-600">{t('notifications.loading')}</p>
          ) : notices.length === 0 ? (
            <p className="px-3 py-4 text-sm text-gray-600">{t('notifications.empty')}</p>
          ) : (
            <ul className="max-h-[60vh] space-y-1 overflow-y-auto">
              {notices.map((notice) => (
                <li key={notice.id}>
                  <NoticeItem notice={notice} onOpen={opened} compact />
                </li>
              ))}
            </ul>
          )}
          <div className="mt-1 flex justify-between border-t border-gray-100 px-2 pt-2 text-sm">
            <Link to={href('notifications')} onClick={() => setOpen(false)} className="font-medium text-brand-700 hover:underline">
              {t('notifications.seeAll')}
            </Link>
            <Link to={href('notificationSettings')} onClick={() => setOpen(false)} className="text-gray-700 hover:underline">
              {t('notifications.settingsLink')}
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The phone menu's entry: "Notifications" with the same live count, which is part of the link's name ("Notifications,
 * 3 unread"): a label on the badge's span alone is one screen readers may skip.
 */
export function NotificationsMenuLink({ className, onNavigate }: { className: string; onNavigate: () => void }) {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const { unread } = useNoticeUnread();
  if (!user) return null;
  const label = t('notifications.bell.unread', { count: unread });
  return (
    <Link
      to={href('notifications')}
      onClick={onNavigate}
      aria-label={label}
      className={`${className} flex items-center gap-2`}
      data-testid="menu-notifications"
    >
      <span className="relative">
        <BellIcon />
        <BadgeCount count={unread} label={label} testId="notice-badge" />
      </span>
      {t('notifications.title')}
    </Link>
  );
}
