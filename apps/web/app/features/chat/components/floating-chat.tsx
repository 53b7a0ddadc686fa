import { useEffect, useRef, useState } from 'react';
import { Link, useMatches } from 'react-router';
import { CHAT_BUTTON_DELAY_MS } from '@kunci/contracts/constants';
import type { ChatConversation } from '@kunci/contracts/chat';
import { useApi } from '../../../lib/api.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { ChatIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { useChatEvents, useChatLive } from '../live.tsx';
import { BadgeCount } from '../../../components/ui/badge-count.tsx';
import { ConversationLink } from './conversation-link.tsx';

/**
 * Not on the chat pages themselves, nor on reels (spec section 2); nor where a page has its own chat action (a
 * listing's price-and-chat bar) or is a long form whose last fields it would cover (posting a listing, the profile).
 */
const HIDDEN_ON = /^(chat|reels|details|profile|post[A-Za-z]*)\./;

/** Below the layout breakpoint (md, as the bottom bar) the open panel covers the screen; app.css stops the page's scroll. */
const FULL_SCREEN = '(width < 48rem)';

/**
 * The floating chat button for signed-in visitors, shown after the spec's delay: a badge with unread
 * messages, and a panel with the latest conversations.
 */
export function FloatingChat() {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const api = useApi();
  const live = useChatLive();
  const leaf = useMatches().at(-1)?.id ?? '';
  const [visible, setVisible] = useState(false);
  const [open, setOpen] = useState(false);
  const [conversations, setConversations] = useState<ChatConversation[] | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Closed by its close button or Escape, focus goes back to the chat button; a conversation's link navigates instead.
  const returnFocus = useRef(false);
  const [fullScreen, setFullScreen] = useState(false);
  const hidden = !user || HIDDEN_ON.test(leaf);

  useEffect(() => {
    if (hidden) return;
    const timer = setTimeout(() => setVisible(true), CHAT_BUTTON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hidden]);

  const [failed, setFailed] = useState(false);
  async function load() {
    try {
      await refresh();
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }
  async function refresh() {
    // Notices from while the person was away are under the bell (the notification centre), not here.
    const list = await api.chatConversations().catch(() => []);
    setConversations(list.slice(0, 6));
  }

  useChatEvents((event) => {
    if (open && event.type === 'message') void load();
  });

  function close() {
    returnFocus.current = true;
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const phone = window.matchMedia(FULL_SCREEN);
    const opener = toggle.current;
    const sync = () => setFullScreen(phone.matches);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      returnFocus.current = true;
      setOpen(false);
    };
    // Covering the screen, the panel is modal: focus does not wander to the page hidden under it.
    const keepFocus = (e: FocusEvent) => {
      if (phone.matches && e.target instanceof Node && !panel.current?.contains(e.target)) panel.current?.focus();
    };
    sync();
    phone.addEventListener('change', sync);
    window.addEventListener('keydown', onKey);
    document.addEventListener('focusin', keepFocus);
    panel.current?.focus();
    return () => {
      phone.removeEventListener('change', sync);
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', keepFocus);
      // After the commit that closed the panel, so the button hidden under it on a phone is shown again.
      if (returnFocus.current) opener?.focus();
      returnFocus.current = false;
    };
  }, [open]);

  if (hidden || !visible) return null;

  return (
    // Placed by the shell, in the corner stack under "Back to top"; the page makes room for the stack (app.css).
    <div className="flex flex-col items-end" data-floating-chat>
      {open ? (
        <div
          ref={panel}
          id="floating-chat-panel"
          role="dialog"
          aria-modal={fullScreen || undefined}
          aria-labelledby="floating-chat-title"
          tabIndex={-1}
          data-floating-chat-panel
          // A phone's screen in full: the dynamic viewport height, so its browser bars do not hide the panel's end.
          className="mb-3 w-80 max-w-[calc(100vw-2rem)] rounded-2xl border border-gray-200 bg-white shadow-xl outline-none max-md:fixed max-md:inset-0 max-md:z-10 max-md:m-0 max-md:flex max-md:h-dvh max-md:w-auto max-md:max-w-none max-md:flex-col max-md:rounded-none max-md:border-0 max-md:pt-[env(safe-area-inset-top)] max-md:pr-[env(safe-area-inset-right)] max-md:pb-[env(safe-area-inset-bottom)] max-md:pl-[env(safe-area-inset-left)] max-md:shadow-none"
        >
          <div className="flex items-center justify-between border-b border-gray-100 p-3">
            <h2 id="floating-chat-title" className="font-semibold">
              {t('chat.title')}
            </h2>
            <button type="button" className="rounded-full p-1 hover:bg-gray-100" onClick={close} aria-label={t('chat.floating.close')}>
              <CloseIcon />
            </button>
          </div>
          <div className="max-md:min-h-0 max-md:flex-1 max-md:overflow-y-auto max-md:overscroll-contain">
            {failed ? (
              <p role="alert" className="p-3 text-sm text-red-700">
                {t('errors.network')}
              </p>
            ) : null}
            {conversations === null ? (
              failed ? null : (
                <p className="p-3 text-sm text-gray-600" role="status">
                  {t('chat.loading')}
                </p>
              )
            ) : conversations.length === 0 ? (
              <p className="p-3 text-sm text-gray-600">{t('chat.empty')}</p>
            ) : (
              <ul className="divide-y divide-gray-100 md:max-h-80 md:overflow-y-auto">
                {conversations.map((c) => (
                  <li key={c.id}>
                    <ConversationLink conversation={c} onClick={() => setOpen(false)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Link
            to={href('chat')}
            className="block border-t border-gray-100 p-3 text-center text-sm font-medium text-brand-700 hover:bg-gray-50"
            onClick={() => setOpen(false)}
          >
            {t('chat.floating.all')}
          </Link>
        </div>
      ) : null}
      <button
        type="button"
        ref={toggle}
        data-testid="floating-chat"
        aria-expanded={open}
        aria-controls={open ? 'floating-chat-panel' : undefined}
        aria-label={open ? t('chat.floating.close') : t('chat.floating.open')}
        onClick={() => {
          const next = !open;
          setOpen(next);
          if (next) void load();
        }}
        className={`relative ml-auto flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${open ? 'max-md:hidden' : ''}`}
      >
        <ChatIcon />
        <BadgeCount count={live.unread} label={t('nav.unreadChats', { count: live.unread })} />
      </button>
    </div>
  );
}
