import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@kunci/contracts/chat';
import { malaysiaDay } from '@kunci/i18n/format';
import { useI18n } from '../../../lib/i18n.tsx';
import { MessageContent } from './message-content.tsx';

/**
 * The open conversation's messages, the newest in view: each with its time (Malaysia time), the first of each day
 * headed by the day, and "Seen" under my last message once the other side has read it.
 */
export function MessageList({ messages, me, otherRead }: { messages: ChatMessage[]; me: string; otherRead: number }) {
  const { t, weekday, time } = useI18n();
  const list = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (last) list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [last]);
  const myLast = messages.filter((m) => m.senderId === me).at(-1)?.id;
  return (
    <ol ref={list} className="flex-1 space-y-2 overflow-y-auto p-3" aria-live="polite" aria-label={t('chat.messages')}>
      {messages.map((m, index) => {
        const system = m.kind === 'SYSTEM';
        const mine = m.senderId === me;
        return (
          <li key={m.id} className={`flex flex-col ${system ? 'items-center' : mine ? 'items-end' : 'items-start'}`}>
            {index === 0 || malaysiaDay(messages[index - 1]!.createdAt) !== malaysiaDay(m.createdAt) ? (
              <time dateTime={m.createdAt} className="my-2 self-center text-xs font-medium text-gray-600">
                {weekday(m.createdAt, { year: true })}
              </time>
            ) : null}
            <div
              className={
                system
                  ? 'max-w-md rounded-lg bg-gray-100 p-2 text-center text-sm text-gray-700'
                  : `max-w-[80%] whitespace-pre-line rounded-2xl px-3 py-2 ${mine ? 'bg-brand-700 text-white' : 'bg-gray-100'}`
              }
            >
              <MessageContent message={m} />
              <span className={`mt-0.5 block text-xs opacity-80 ${system ? '' : 'text-right'}`}>
                {' '}
                <time dateTime={m.createdAt}>{time(m.createdAt)}</time>
                {mine && m.id <= otherRead && m.id === myLast ? ` · ${t('chat.seen')}` : null}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
