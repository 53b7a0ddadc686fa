import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { ChatMessage } from '@kunci/contracts/chat';
import { REPORT_REASONS } from '@kunci/contracts/chat-constants';
import type { ErrorBody } from '@kunci/contracts/errors';
import type { MessageKey } from '@kunci/i18n/messages';
import { malaysiaDay } from '@kunci/i18n/format';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { useChatEvents, useChatLive } from '../live.tsx';
import { ViewingPanel } from '../components/viewing-panel.tsx';
import { ConversationLink, otherParty } from '../components/conversation-link.tsx';
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

/** `/dashboard/chat` (optional `chatId`): conversations on the left, the open one on the right, live. */
export default function Chat({ loaderData }: Route.ComponentProps) {
  const { t, href, money, date, weekday, weekdayTime, time: clock } = useI18n();
  const live = useChatLive();
  const { seen: markSeen } = live;
  const [viewingVersion, setViewingVersion] = useState(0);
  const [sending, setSending] = useState<string | null>(null);
  const [mediaError, setMediaError] = useState('');
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
    markSeen(maxId.current);
  }, [loaderData, selected, markSeen]);

  useChatEvents((event) => {
    if (event.type === 'message') {
      const m = event.message;
      maxId.current = Math.max(maxId.current, m.id);
      if (current && m.conversationId === current.id && !seen.current.has(m.id)) {
        seen.current.add(m.id);
        setMessages((all) => [...all, m].sort((a, b) => a.id - b.id));
        setTyping(false);
        if (m.kind === 'SYSTEM' && m.body.includes('"VIEWING_')) setViewingVersion((v) => v + 1);
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
  });

  // The banner is read afresh (spec: GET .../banner); if that fails it is cleared rather than left stale.
  const [banner, setBanner] = useState(current?.bannerText ?? null);
  useEffect(() => {
    setBanner(current?.bannerText ?? null);
    if (!current) return;
    let live = true;
    void fetch(`/api/chat-conversations/${current.id}/banner`)
      .then((r) => (r.ok ? (r.json() as Promise<{ bannerText: string | null }>) : { bannerText: null }))
      .catch(() => ({ bannerText: null }))
      .then((b) => live && setBanner(b.bannerText));
    return () => {
      live = false;
    };
  }, [current]);

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
    show((await response.json()) as ChatMessage);
  }

  function show(m: ChatMessage) {
    if (seen.current.has(m.id)) return;
    seen.current.add(m.id);
    setMessages((all) => [...all, m].sort((a, b) => a.id - b.id));
  }

  /** A photo or video: a signed upload URL first, the file PUT to it, then the message that carries it. */
  async function sendFile(file: File) {
    if (!current) return;
    setMediaError('');
    setSending(file.name);
    try {
      const presign = await fetch(`/api/chat/${current.id}/media/generate/presigned-url?file=${encodeURIComponent(file.name)}`);
      if (!presign.ok) throw new Error(((await presign.json()) as ErrorBody).message);
      const { preSignedUrl, mediaId, contentType, maxBytes } = (await presign.json()) as {
        preSignedUrl: string;
        mediaId: string;
        contentType: string;
        maxBytes: number;
      };
      if (file.size > maxBytes) throw new Error(t('errors.11413'));
      const put = await fetch(preSignedUrl, { method: 'PUT', body: file, headers: { 'content-type': contentType } });
      // An object store's presigned PUT answers 200 (the spec's success), our own signed URL 204.
      if (!put.ok) throw new Error(put.status === 413 ? t('errors.11413') : t('chat.media.failed'));
      const response = await fetch(`/api/chat-conversations/${current.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mediaId, clientId: crypto.randomUUID() }),
      });
      if (!response.ok) throw new Error(((await response.json()) as ErrorBody).message);
      show((await response.json()) as ChatMessage);
    } catch (error) {
      setMediaError(error instanceof Error && error.message ? error.message : t('chat.media.failed'));
    } finally {
      setSending(null);
    }
  }

  const other = otherParty;
  const render = (m: ChatMessage) => {
    if (m.kind === 'IMAGE' && m.media) {
      return (
        <>
          <a href={m.media.src.replace('{w}', '1600')} target="_blank" rel="noreferrer" className="block">
            <img
              src={m.media.src.replace('{w}', '640')}
              srcSet={[640, 1024].map((w) => `${m.media!.src.replace('{w}', String(w))} ${w}w`).join(', ')}
              sizes="(min-width: 768px) 320px, 70vw"
              width={m.media.width ?? undefined}
              height={m.media.height ?? undefined}
              alt={m.body || t('chat.photo')}
              loading="lazy"
              className="h-auto max-h-80 w-auto max-w-full rounded-lg"
            />
          </a>
          {m.body ? <span className="mt-1 block">{m.body}</span> : null}
        </>
      );
    }
    if (m.kind === 'VIDEO' && m.media) {
      return (
        <>
          <video controls preload="metadata" className="max-h-80 max-w-full rounded-lg" aria-label={m.body || t('chat.video')}>
            <source src={m.media.src} type={m.media.contentType} />
          </video>
          {m.body ? <span className="mt-1 block">{m.body}</span> : null}
        </>
      );
    }
    if (m.kind !== 'SYSTEM') return m.body;
    const event = JSON.parse(m.body) as { event: string; startsAt?: string; group?: boolean };
    const time = event.startsAt ? weekdayTime(event.startsAt) : '';
    if (event.event === 'VIEWING_BOOKED') return t('chat.system.viewingBooked', { group: String(Boolean(event.group)), time });
    if (event.event === 'VIEWING_RESCHEDULED') return t('chat.system.viewingRescheduled', { time });
    if (event.event === 'VIEWING_CANCELLED') return t('chat.system.viewingCancelled', { time });
    if (event.event === 'VIEWING_REMINDER') return t('chat.system.viewingReminder', { time });
    if (event.event === 'VIEWING_ACCEPTED') return t('chat.system.viewingAccepted', { time });
    if (event.event === 'VIEWING_DECLINED') return t('chat.system.viewingDeclined', { time });
    if (event.event === 'TENANT_INVITE') return t('chat.system.invite');
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
              <ConversationLink conversation={c} current={c.id === current?.id} />
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
              className={`size-2.5 rounded-full ${live.online ? 'bg-green-500' : 'bg-gray-300'}`}
              title={live.online ? t('chat.online') : t('chat.offline')}
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
          {banner ? <p className="bg-amber-50 p-3 text-sm text-amber-900">{banner}</p> : null}
          <ViewingPanel conversation={current} version={viewingVersion} />
          <ol ref={list} className="flex-1 space-y-2 overflow-y-auto p-3" aria-live="polite" aria-label={t('chat.messages')}>
            {messages.map((m, index) => (
              // Each message shows its time (Malaysia time); the first of each day is headed by the day.
              <li key={m.id} className={`flex flex-col ${m.kind === 'SYSTEM' ? 'items-center' : m.senderId === me ? 'items-end' : 'items-start'}`}>
                {index === 0 || malaysiaDay(messages[index - 1]!.createdAt) !== malaysiaDay(m.createdAt) ? (
                  <time dateTime={m.createdAt} className="my-2 self-center text-xs font-medium text-gray-600">
                    {weekday(m.createdAt, { year: true })}
                  </time>
                ) : null}
                <div
                  className={
                    m.kind === 'SYSTEM'
                      ? 'max-w-md rounded-lg bg-gray-100 p-2 text-center text-sm text-gray-700'
                      : `max-w-[80%] whitespace-pre-line rounded-2xl px-3 py-2 ${m.senderId === me ? 'bg-brand-700 text-white' : 'bg-gray-100'}`
                  }
                >
                  {render(m)}
                  <span className={`mt-0.5 block text-xs opacity-80 ${m.kind === 'SYSTEM' ? '' : 'text-right'}`}>
                    {' '}
                    <time dateTime={m.createdAt}>{clock(m.createdAt)}</time>
                    {m.senderId === me && m.id <= otherRead && m.id === messages.filter((x) => x.senderId === me).at(-1)?.id
                      ? ` · ${t('chat.seen')}`
                      : null}
                  </span>
                </div>
              </li>
            ))}
          </ol>
          {typing ? <p className="px-3 text-sm text-gray-500">{t('chat.typing', { name: other(current) })}</p> : null}
          {current.role === 'MODERATOR' ? null : current.blocked ? (
            <p className="border-t border-gray-200 p-3 text-sm text-gray-600">{t('chat.blocked')}</p>
          ) : (
            <form onSubmit={(e) => void send(e)} className="flex flex-wrap items-end gap-2 border-t border-gray-200 p-3">
              {sending ? (
                <p role="status" className="w-full text-sm text-gray-600">
                  {t('chat.uploading', { name: sending })}
                </p>
              ) : null}
              {mediaError ? (
                <p role="alert" className="w-full text-sm text-red-700">
                  {mediaError}
                </p>
              ) : null}
              <label className="cursor-pointer rounded-full p-2 text-brand-700 hover:bg-gray-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                <span className="sr-only">{t('chat.attach')}</span>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M21 12.5 12.5 21a5.5 5.5 0 0 1-7.8-7.8l9-9a3.7 3.7 0 0 1 5.2 5.2l-9 9a1.8 1.8 0 0 1-2.6-2.6l8.3-8.3" />
                </svg>
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/heic,video/mp4,video/webm,video/quicktime"
                  className="sr-only"
                  data-testid="chat-attach"
                  disabled={Boolean(sending)}
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    e.currentTarget.value = '';
                    if (file) void sendFile(file);
                  }}
                />
              </label>
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
                onInput={() => live.typing(current.id)}
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
    <Modal open={open} onClose={onClose} labelledBy="report-title" className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-6">
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
