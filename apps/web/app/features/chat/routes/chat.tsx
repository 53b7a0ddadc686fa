import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { parsePath } from '@kunci/i18n/paths';
import { serverApi } from '../../../lib/api.ts';
import { metaI18n, useI18n } from '../../../lib/i18n.tsx';
import { requireUser } from '../../../lib/session.server.ts';
import { useChatLive } from '../live.tsx';
import { useConversation } from '../use-conversation.ts';
import { Composer } from '../components/composer.tsx';
import { ConversationLink, otherParty } from '../components/conversation-link.tsx';
import { MessageList } from '../components/message-list.tsx';
import { ReportDialog } from '../components/report-dialog.tsx';
import { ViewingPanel } from '../components/viewing-panel.tsx';
import { ApplyButton } from '../../deals/index.ts';
import { FetchedLandlordResponseNote } from '../../notifications/index.ts';
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
  const { t, href, money } = useI18n();
  const live = useChatLive();
  const revalidator = useRevalidator();
  const [reporting, setReporting] = useState(false);
  const { current, conversations, messages, typing, otherRead, banner, viewingVersion, sending, mediaError, send, sendFile } =
    useConversation(loaderData);

  return (
    <div className="mx-auto grid max-w-6xl gap-4 px-4 py-6 md:grid-cols-[18rem_1fr]" data-live={live.online ? 'online' : 'offline'}>
      <section aria-labelledby="chat-list-title" className={current ? 'hidden min-w-0 md:block' : 'min-w-0'}>
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
        <section aria-labelledby="chat-title" className="flex min-h-[70vh] min-w-0 flex-col rounded-xl border border-gray-200">
          <header className="flex items-center gap-3 border-b border-gray-200 p-3">
            <Link to={href('chat')} className="md:hidden" aria-label={t('chat.back')}>
              ‹
            </Link>
            <div className="min-w-0 flex-1">
              <h2 id="chat-title" className="truncate font-semibold">
                {otherParty(current)}
              </h2>
              {/* Both lines wrap on a phone rather than cut the price or the reply rate short; the price stays whole. */}
              <Link to={href('details', { id: current.property.id })} className="block break-words text-sm text-brand-700 hover:underline">
                {current.property.name} · <span className="whitespace-nowrap">{money(current.property.price)}</span>
              </Link>
              {current.role === 'TENANT' ? <FetchedLandlordResponseNote landlordId={current.landlord.id} className="text-xs" /> : null}
            </div>
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
          <ConnectionNotice online={live.online} />
          {banner ? <p className="bg-amber-50 p-3 text-sm text-amber-900">{banner}</p> : null}
          <ViewingPanel conversation={current} version={viewingVersion} />
          {current.role === 'TENANT' && !current.blocked ? (
            <div className="flex items-center justify-end border-b border-gray-200 px-3 py-2">
              <ApplyButton
                propertyId={current.property.id}
                listingName={current.property.name}
                monthlyRent={current.property.price}
                conversationId={current.id}
              />
            </div>
          ) : null}
          <MessageList messages={messages} me={loaderData.me} otherRead={otherRead} />
          {typing ? <p className="px-3 text-sm text-gray-500">{t('chat.typing', { name: otherParty(current) })}</p> : null}
          {current.role === 'MODERATOR' ? null : current.blocked ? (
            <p className="border-t border-gray-200 p-3 text-sm text-gray-600">{t('chat.blocked')}</p>
          ) : (
            <Composer
              sending={sending}
              mediaError={mediaError}
              onSend={send}
              onFile={(file) => void sendFile(file)}
              onTyping={() => live.typing(current.id)}
            />
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

/**
 * Our own connection to the chat, not the other person's presence: nothing while it is live; after a moment without
 * it (not the instant of the first connect), a strip saying messages will arrive when it is back.
 */
function ConnectionNotice({ online }: { online: boolean }) {
  const { t } = useI18n();
  const [lost, setLost] = useState(false);
  useEffect(() => {
    if (online) {
      setLost(false);
      return;
    }
    const timer = setTimeout(() => setLost(true), 2000);
    return () => clearTimeout(timer);
  }, [online]);
  return (
    <p role="status" className="text-xs empty:sr-only">
      {lost ? <span className="block bg-gray-100 px-3 py-1.5 text-gray-700">{t('chat.offline')}</span> : null}
    </p>
  );
}
