import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ChatConversation, ChatMessage } from '@kunci/contracts/chat';
import { ApiError, useApi } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { withArrivedMessage } from './conversation-list.ts';
import { useChatEvents, useChatLive } from './live.tsx';

export interface ConversationData {
  me: string;
  conversations: ChatConversation[];
  selected: { conversation: ChatConversation; messages: ChatMessage[] } | null;
}

const byId = (a: ChatMessage, b: ChatMessage) => a.id - b.id;

/**
 * The chat page's state, live: the conversation list (newest first, unread counts), the open conversation's messages,
 * the other side typing and what they have read, its banner, and sending text, photos and videos.
 */
export function useConversation({ me, conversations: loaded, selected }: ConversationData) {
  const { t } = useI18n();
  const api = useApi();
  const { seen: markSeen } = useChatLive();
  const revalidator = useRevalidator();
  const current = selected?.conversation ?? null;
  const [conversations, setConversations] = useState(loaded);
  const [messages, setMessages] = useState<ChatMessage[]>(selected?.messages ?? []);
  const [typing, setTyping] = useState(false);
  const [otherRead, setOtherRead] = useState(selected?.conversation.otherReadId ?? 0);
  /** Changes when a viewing message arrives, so the viewing panel reads the viewings again. */
  const [viewingVersion, setViewingVersion] = useState(0);
  const [sending, setSending] = useState<string | null>(null);
  const [mediaError, setMediaError] = useState('');
  const shown = useRef(new Set<number>());
  const maxId = useRef(0);

  useEffect(() => {
    setConversations(loaded);
    setMessages(selected?.messages ?? []);
    setOtherRead(selected?.conversation.otherReadId ?? 0);
    shown.current = new Set(selected?.messages.map((m) => m.id));
    for (const m of selected?.messages ?? []) maxId.current = Math.max(maxId.current, m.id);
    for (const c of loaded) maxId.current = Math.max(maxId.current, c.lastMessage?.id ?? 0);
    markSeen(maxId.current);
  }, [loaded, selected, markSeen]);

  function show(m: ChatMessage) {
    if (shown.current.has(m.id)) return false;
    shown.current.add(m.id);
    setMessages((all) => [...all, m].sort(byId));
    return true;
  }

  useChatEvents((event) => {
    if (event.type === 'message') {
      const m = event.message;
      maxId.current = Math.max(maxId.current, m.id);
      if (current && m.conversationId === current.id && show(m)) {
        setTyping(false);
        if (m.event?.event.startsWith('VIEWING_')) setViewingVersion((v) => v + 1);
      }
      if (!conversations.some((c) => c.id === m.conversationId)) void revalidator.revalidate();
      setConversations((all) => withArrivedMessage(all, m, me, current?.id));
    } else if (event.type === 'typing' && event.conversationId === current?.id) {
      setTyping(true);
      setTimeout(() => setTyping(false), 3000);
    } else if (event.type === 'read' && event.conversationId === current?.id) {
      setOtherRead(event.lastReadId);
    }
  });

  // The banner is read afresh (spec: GET .../banner); if that fails it is cleared rather than left stale.
  const [banner, setBanner] = useState(current?.bannerText ?? null);
  useEffect(() => {
    setBanner(current?.bannerText ?? null);
    if (!current) return;
    let mounted = true;
    void api
      .chatBanner(current.id)
      .catch(() => ({ bannerText: null }))
      .then((b) => mounted && setBanner(b.bannerText));
    return () => {
      mounted = false;
    };
  }, [api, current]);

  // Reading the open conversation marks it read.
  const last = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!current || !last) return;
    void api.readChat(current.id, last).catch(() => undefined);
    setConversations((all) => all.map((c) => (c.id === current.id ? { ...c, unreadCount: 0 } : c)));
  }, [api, current, last]);

  /** Sends a text; false when it was refused or could not go (the caller keeps the text). */
  async function send(body: string): Promise<boolean> {
    if (!current) return false;
    try {
      show(await api.sendMessage(current.id, { body, clientId: crypto.randomUUID() }));
      return true;
    } catch {
      return false;
    }
  }

  /** A photo or video: a signed upload URL first, the file PUT to it, then the message that carries it. */
  async function sendFile(file: File) {
    if (!current) return;
    setMediaError('');
    setSending(file.name);
    try {
      const { preSignedUrl, mediaId, contentType, maxBytes } = await api.chatMediaUpload(current.id, file.name);
      if (file.size > maxBytes) throw new Error(t('errors.11413'));
      const put = await fetch(preSignedUrl, { method: 'PUT', body: file, headers: { 'content-type': contentType } });
      // An object store's presigned PUT answers 200 (the spec's success), our own signed URL 204.
      if (!put.ok) throw new Error(put.status === 413 ? t('errors.11413') : t('chat.media.failed'));
      show(await api.sendMessage(current.id, { mediaId, clientId: crypto.randomUUID() }));
    } catch (error) {
      const message = error instanceof ApiError ? error.body?.message : error instanceof Error ? error.message : '';
      setMediaError(message || t('chat.media.failed'));
    } finally {
      setSending(null);
    }
  }

  return { current, conversations, messages, typing, otherRead, banner, viewingVersion, sending, mediaError, send, sendFile };
}
