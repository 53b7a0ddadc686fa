import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApi } from '../../lib/api.ts';
import { useRootData } from '../../lib/root-data.ts';
import { useChatEvents } from '../chat/index.ts';

interface NoticeUnread {
  /** Unread notices of the signed-in visitor (0 signed out or before the first answer). */
  unread: number;
  /** Bumped at each notice that arrives live: lists showing notices reload on it. */
  arrivals: number;
  setUnread(count: number): void;
}

const Context = createContext<NoticeUnread>({ unread: 0, arrivals: 0, setUnread: () => undefined });

/**
 * The bell's count for the whole tab: asked once after the page loads, then kept by the chat socket's `notice`
 * events (a new notice, or notices read in another tab), so it changes without a reload.
 */
export function NoticeUnreadProvider({ children }: { children: ReactNode }) {
  const { user } = useRootData();
  const api = useApi();
  const [unread, setUnread] = useState(0);
  const [arrivals, setArrivals] = useState(0);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) {
      setUnread(0);
      return;
    }
    let current = true;
    api
      .noticesUnread()
      .then((answer) => current && setUnread(answer.unread))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, userId]);

  useChatEvents((event) => {
    if (event.type !== 'notice') return;
    setUnread(event.unread);
    if (event.noticeId) setArrivals((n) => n + 1);
  });
  // The socket reconnected after a gap: notices may have come meanwhile.
  const ready = useCallback(() => {
    if (userId)
      void api.noticesUnread().then(
        (answer) => setUnread(answer.unread),
        () => undefined,
      );
  }, [api, userId]);
  useChatEvents((event) => {
    if (event.type === 'ready') ready();
  });

  const value = useMemo(() => ({ unread, arrivals, setUnread }), [unread, arrivals]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useNoticeUnread = () => useContext(Context);
