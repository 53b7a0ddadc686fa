import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SOCKET_CLOSE_SIGNED_OUT, type ServerEvent } from '@kunci/contracts/chat';
import { useRevalidator } from 'react-router';
import { useRootData } from '../../lib/root-data.ts';

type Listener = (event: ServerEvent) => void;

interface ChatLive {
  /** The socket is open and has replayed what was missed. */
  online: boolean;
  /** Messages waiting across conversations (the header, bottom-bar and floating badges). */
  unread: number;
  subscribe(listener: Listener): () => void;
  /** Tells the other side we are typing, at most every 2 seconds; a closed socket drops it. */
  typing(conversationId: number): void;
  /** A message id the page already shows: a reconnect replays only what came after the newest. */
  seen(id: number): void;
}

const Context = createContext<ChatLive | null>(null);

/**
 * One chat socket per tab for a signed-in visitor, kept across page changes: live messages and badges on every
 * page. It reconnects with backoff and then asks for everything after the newest message it has seen. A socket closed
 * because the session has ended (signed out in another tab, revoked) is not reopened: the page's data is loaded again,
 * and the page shows the visitor signed out.
 */
export function ChatLiveProvider({ children }: { children: ReactNode }) {
  const { user } = useRootData();
  const [online, setOnline] = useState(false);
  const [unread, setUnread] = useState(0);
  const listeners = useRef(new Set<Listener>());
  const socketRef = useRef<WebSocket | undefined>(undefined);
  const newest = useRef<number | undefined>(undefined);
  const lastTyping = useRef(0);
  const userId = user?.id;
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | undefined;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/chat/ws`);
      socketRef.current = socket;
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'hello', since: newest.current }));
      socket.onmessage = (e) => {
        const event = JSON.parse(String(e.data)) as ServerEvent;
        if (event.type === 'ready') {
          retry = 0;
          setOnline(true);
        } else if (event.type === 'unread') setUnread(event.count);
        else if (event.type === 'message') newest.current = Math.max(newest.current ?? 0, event.message.id);
        for (const listener of listeners.current) listener(event);
      };
      socket.onclose = (e) => {
        setOnline(false);
        if (stopped) return;
        if (e.code === SOCKET_CLOSE_SIGNED_OUT) {
          void revalidateRef.current();
          return;
        }
        timer = setTimeout(connect, Math.min(10_000, 500 * 2 ** retry++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
      setUnread(0);
    };
  }, [userId]);

  // The methods only touch refs: one identity for the provider's life, so subscribers never churn.
  const methods = useMemo<Pick<ChatLive, 'subscribe' | 'typing' | 'seen'>>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      typing(conversationId) {
        const socket = socketRef.current;
        if (socket?.readyState !== WebSocket.OPEN || Date.now() - lastTyping.current < 2000) return;
        lastTyping.current = Date.now();
        socket.send(JSON.stringify({ type: 'typing', conversationId }));
      },
      seen(id) {
        newest.current = Math.max(newest.current ?? 0, id);
      },
    }),
    [],
  );
  const value = useMemo<ChatLive>(() => ({ online, unread, ...methods }), [online, unread, methods]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

const OFFLINE: ChatLive = {
  online: false,
  unread: 0,
  subscribe: () => () => undefined,
  typing: () => undefined,
  seen: () => undefined,
};

export function useChatLive(): ChatLive {
  return useContext(Context) ?? OFFLINE;
}

/** Calls `handler` with every socket event while the component is mounted (always its latest version). */
export function useChatEvents(handler: Listener) {
  const live = useChatLive();
  const latest = useRef(handler);
  latest.current = handler;
  const { subscribe } = live;
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}
