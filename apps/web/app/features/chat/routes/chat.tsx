import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { REPORT_REASONS, type ChatConversation, type ChatMessage, type ServerEvent } from '@kunci/contracts/chat';
import type { MessageKey } from '@kunci/i18n/messages';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import type { Route } from './+types/chat';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang } = parsePath(url.pathname);
  const user = requireUser(request, context, lang);
  const api = serverApi(context, lang);
  const conversations = await api.chatConversations();
  const chatId = Number(url.searchParams.get('chatId')) || null;
  const selected = chatId ? await Promise.all([api.chatConversation(chatId), api.chatMessages(chatId)]).catch(() => null) : null;
  return { me: user.id, conversations, selected: selected ? { conversation: selected[0], messages: selected[1].content } : null };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: `${t('chat.title')} | ${t('app.name')}` }, { name: 'robots', content: 'noindex' }];
};

/** The socket: replays what was missed after each (re)connection, then live events; reconnects with backoff. */
function useChatSocket(onEvent: (event: ServerEvent) => void, since: () => number) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [online, setOnline] = useState(false);
  const live = useRef<WebSocket | undefined>(undefined);
  const lastTyping = useRef(0);
  useEffect(() => {
    let socket: WebSocket | undefined;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/chat/ws`);
      live.current = socket;
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'hello', since: since() }));
      socket.onmessage = (e) => {
        const event = JSON.parse(String(e.data)) as ServerEvent;
        if (event.type === 'ready') {
          retry = 0;
          setOnline(true);
        }
        handler.current(event);
      };
      socket.onclose = () => {
        setOnline(false);
        if (stopped) return;
        timer = setTimeout(connect, Math.min(10_000, 500 * 2 ** retry++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one socket for the page's life
  }, []);
  return {
    online,
    /** Tells the other side we are typing, at most every 2 seconds; a closed socket drops it. */
    typing: (conversationId: number) => {
      if (live.current?.readyState !== WebSocket.OPEN || Date.now() - lastTyping.current < 2000) return;
      lastTyping.current = Date.now();
      live.current.send(JSON.stringify({ type: 'typing', conversationId }));
    },
  };
}

/** `/dashboard/chat` (optional `chatId`): conversations on the left, the open one on the right, live. */
export default function Chat({ loaderData }: Route.ComponentProps) {
  const { t, href, money, date } = useI18n();
  const revalidator = useRevalidator();
  const { me, selected } = loaderData;
  const [conversations, setConversations] = useState(loaderData.conversations);
  const [messages, setMessages] = useState<ChatMessage[]>(selected?.messages ?? []);
  const [typing, setTyping] = useState(false);
  const [otherRead, setOtherRead] = useState(selected?.conversation.otherReadId ?? 0);
  const [reporting, setReporting] = useState(false);
  const seen = useRef(new Set<number>());
  const maxId = useRef(0);
  const list = useRef<HTMLOListElement>(null);
  const current = selected?.conversation ?? null;

  useEffect(() => {
    setConversations(loaderData.conversations);
    setMessages(selected?.messages ?? []);
    setOtherRead(selected?.conversation.otherReadId ?? 0);
    seen.current = new Set(selected?.messages.map((m) => m.id));
    for (const m of selected?.messages ?? []) maxId.current = Math.max(maxId.current, m.id);
    for (const c of loaderData.conversations) maxId.current = Math.max(maxId.current, c.lastMessage?.id ?? 0);
  }, [loaderData, selected]);

  const socket = useChatSocket(
    (event) => {
      if (event.type === 'message') {
        const m = event.message;
        maxId.current = Math.max(maxId.current, m.id);
        if (current && m.conversationId === current.id && !seen.current.has(m.id)) {
          seen.current.add(m.id);
          setMessages((all) => [...all, m].sort((a, b) => a.id - b.id));
          setTyping(false);
        }
        if (!conversations.some((c) => c.id === m.conversationId)) void revalidator.revalidate();
        setConversations((all) =>
          all
            .map((c) =>
              c.id === m.conversationId
                ? {
                    ...c,
                    lastMessage: m,
                    lastMessageAt: m.createdAt,
                    unreadCount: c.unreadCount + (m.senderId !== me && c.id !== current?.id ? 1 : 0),
                  }
                : c,
            )
            .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt)),
        );
      } else if (event.type === 'typing' && event.conversationId === current?.id) {
        setTyping(true);
        setTimeout(() => setTyping(false), 3000);
      } else if (event.type === 'read' && event.conversationId === current?.id) {
        setOtherRead(event.lastReadId);
      }
    },
    () => maxId.current,
  );

  // Reading the open conversation marks it read.
  const last = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!current || !last) return;
    void fetch(`/api/chat-conversations/${current.id}/read`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lastReadId: last }),
    });
    setConversations((all) => all.map((c) => (c.id === current.id ? { ...c, unreadCount: 0 } : c)));
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [current, last]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('body') as HTMLTextAreaElement;
    const body = input.value.trim();
    if (!body || !current) return;
    input.value = '';
    const response = await fetch(`/api/chat-conversations/${current.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body, clientId: crypto.randomUUID() }),
    });
    if (!response.ok) {
      input.value = body;
      return;
    }
    const m = (await response.json()) as ChatMessage;
    if (!seen.current.has(m.id)) {
      seen.current.add(m.id);
      setMessages((all) => [...all, m].sort((a, b) => a.id - b.id));
    }
  }

  const other = (c: ChatConversation) => (c.role === 'TENANT' ? c.landlord.name : c.tenant.name);
  const render = (m: ChatMessage) => {
    if (m.kind !== 'SYSTEM') return m.body;
    const needs = JSON.parse(m.body) as { moveInDate: string; budget: number; tenancyDuration: number; reasonForMoving: string };
    return t('chat.system.request', {
      date: date(`${needs.moveInDate}T00:00:00.000Z`),
      budget: money(needs.budget),
      months: needs.tenancyDuration,
      reason: t(`chat.reason.${needs.reasonForMoving}` as MessageKey),
    });
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-4 px-4 py-6 md:grid-cols-[18rem_1fr]">
      <section aria-labelledby="chat-list-title" className={current ? 'hidden md:block' : ''}>
        <h1 id="chat-list-title" className="text-2xl font-bold">
          {t('chat.title')}
        </h1>
        {conversations.length === 0 ? <p className="mt-4 text-gray-600">{t('chat.empty')}</p> : null}
        <ul className="mt-4 divide-y divide-gray-100 rounded-xl border border-gray-200">
          {conversations.map((c) => (
            <li key={c.id}>
              <Link
                to={href('chat', undefined, { chatId: String(c.id) })}
                aria-current={c.id === current?.id ? 'page' : undefined}
                className="flex items-start gap-3 p-3 hover:bg-gray-50 aria-[current=page]:bg-brand-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{other(c)}</span>
                  <span className="block truncate text-sm text-gray-600">{c.property.name}</span>
                </span>
                {c.unreadCount ? (
                  <span
                    className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
                    aria-label={t('chat.unread', { count: c.unreadCount })}
                  >
                    {c.unreadCount > 99 ? '99+' : c.unreadCount}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {current ? (
        <section aria-labelledby="chat-title" className="flex min-h-[70vh] flex-col rounded-xl border border-gray-200">
          <header className="flex items-center gap-3 border-b border-gray-200 p-3">
            <Link to={href('chat')} className="md:hidden" aria-label={t('chat.back')}>
              ‹
            </Link>
            <div className="min-w-0 flex-1">
              <h2 id="chat-title" className="truncate font-semibold">
                {other(current)}
              </h2>
              <Link to={href('details', { id: current.property.id })} className="block truncate text-sm text-brand-700 hover:underline">
                {current.property.name} · {money(current.property.price)}
              </Link>
            </div>
            <span
              className={`size-2.5 rounded-full ${socket.online ? 'bg-green-500' : 'bg-gray-300'}`}
              title={socket.online ? t('chat.online') : t('chat.offline')}
            />
            {current.role !== 'MODERATOR' ? (
              <button
                type="button"
                className="rounded-full px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                onClick={() => setReporting(true)}
              >
                {t('chat.report')}
              </button>
            ) : null}
          </header>
          {current.bannerText ? <p className="bg-amber-50 p-3 text-sm text-amber-900">{current.bannerText}</p> : null}
          <ol ref={list} className="flex-1 space-y-2 overflow-y-auto p-3" aria-live="polite" aria-label={t('chat.messages')}>
            {messages.map((m) => (
              <li
                key={m.id}
                className={
                  m.kind === 'SYSTEM'
                    ? 'mx-auto max-w-md rounded-lg bg-gray-100 p-2 text-center text-sm text-gray-700'
                    : `max-w-[80%] whitespace-pre-line rounded-2xl px-3 py-2 ${m.senderId === me ? 'ml-auto bg-brand-700 text-white' : 'bg-gray-100'}`
                }
              >
                {render(m)}
                {m.senderId === me && m.id <= otherRead && m.id === messages.filter((x) => x.senderId === me).at(-1)?.id ? (
                  <span className="block text-right text-xs opacity-80">{t('chat.seen')}</span>
                ) : null}
              </li>
            ))}
          </ol>
          {typing ? <p className="px-3 text-sm text-gray-500">{t('chat.typing', { name: other(current) })}</p> : null}
          {current.role === 'MODERATOR' ? null : current.blocked ? (
            <p className="border-t border-gray-200 p-3 text-sm text-gray-600">{t('chat.blocked')}</p>
          ) : (
            <form onSubmit={(e) => void send(e)} className="flex gap-2 border-t border-gray-200 p-3">
              <label htmlFor="chat-body" className="sr-only">
                {t('chat.write')}
              </label>
              <textarea
                id="chat-body"
                name="body"
                rows={1}
                maxLength={2000}
                placeholder={t('chat.write')}
                className="flex-1 resize-none rounded-xl border border-gray-300 px-3 py-2"
                onInput={() => socket.typing(current.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    e.currentTarget.form?.requestSubmit();
                  }
                }}
              />
              <button type="submit" className="rounded-full bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
                {t('chat.send')}
              </button>
            </form>
          )}
          <ReportDialog
            open={reporting}
            onClose={() => setReporting(false)}
            conversationId={current.id}
            onDone={() => void revalidator.revalidate()}
          />
        </section>
      ) : (
        <p className="hidden self-center text-center text-gray-600 md:block">{t('chat.pick')}</p>
      )}
    </div>
  );
}

function ReportDialog({ open, onClose, conversationId, onDone }: { open: boolean; onClose: () => void; conversationId: number; onDone: () => void }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason'));
    await fetch(`/api/chat-conversations/${conversationId}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason, note: String(form.get('note') ?? '') }),
    });
    if (form.get('block') === 'on') await fetch(`/api/chat-conversations/${conversationId}/block`, { method: 'POST' });
    setDone(true);
    onDone();
  }
  return (
    <Modal open={open} onClose={onClose} labelledBy="report-title" className="w-full max-w-md rounded-2xl p-6">
      <h2 id="report-title" className="text-xl font-semibold">
        {t('chat.report.title')}
      </h2>
      {done ? (
        <p role="status" className="mt-4">
          {t('chat.report.thanks')}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-3">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t('chat.report.reason')}</legend>
            {REPORT_REASONS.map((reason, i) => (
              <label key={reason} className="flex items-center gap-2">
                <input type="radio" name="reason" value={reason} defaultChecked={i === 0} className="size-4 accent-brand-700" />
                {t(`chat.report.${reason}` as MessageKey)}
              </label>
            ))}
          </fieldset>
          <label htmlFor="report-note" className="block text-sm font-medium">
            {t('chat.report.note')}
          </label>
          <textarea id="report-note" name="note" rows={3} maxLength={1000} className="w-full rounded-lg border border-gray-300 p-3" />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="block" className="size-4 accent-brand-700" />
            {t('chat.report.block')}
          </label>
          <button type="submit" className="w-full rounded-full bg-red-700 px-4 py-2.5 font-medium text-white hover:bg-red-800">
            {t('chat.report.send')}
          </button>
        </form>
      )}
    </Modal>
  );
}
