import type { ChatMessage, ChatSystemEvent } from '@kunci/contracts/chat';
import type { MessageKey } from '@kunci/i18n/messages';
import { useI18n } from '../../../lib/i18n.tsx';

type I18n = ReturnType<typeof useI18n>;

/** A system message's sentence in the reader's language, from its typed event. */
function systemText({ t, date, money, weekdayTime }: I18n, event: ChatSystemEvent): string {
  switch (event.event) {
    case 'CHAT_REQUEST':
      return t('chat.system.request', {
        date: date(`${event.moveInDate}T00:00:00.000Z`),
        budget: money(event.budget),
        months: event.tenancyDuration,
        reason: t(`chat.reason.${event.reasonForMoving}` as MessageKey),
      });
    case 'TENANT_INVITE':
      return t('chat.system.invite');
    case 'VIEWING_BOOKED':
      return t('chat.system.viewingBooked', { group: String(event.group), time: weekdayTime(event.startsAt) });
    case 'VIEWING_RESCHEDULED':
      return t('chat.system.viewingRescheduled', { time: weekdayTime(event.startsAt) });
    case 'VIEWING_CANCELLED':
      return t('chat.system.viewingCancelled', { time: weekdayTime(event.startsAt) });
    case 'VIEWING_REMINDER':
      return t('chat.system.viewingReminder', { time: weekdayTime(event.startsAt) });
    case 'VIEWING_ACCEPTED':
      return t('chat.system.viewingAccepted', { time: weekdayTime(event.startsAt) });
    case 'VIEWING_DECLINED':
      return t('chat.system.viewingDeclined', { time: weekdayTime(event.startsAt) });
  }
}

/** What a message shows: its text, its photo or video (with the caption), or a system event's sentence. */
export function MessageContent({ message: m }: { message: ChatMessage }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (m.kind === 'IMAGE' && m.media) {
    const { src } = m.media;
    return (
      <>
        <a href={src.replace('{w}', '1600')} target="_blank" rel="noreferrer" className="block">
          <img
            src={src.replace('{w}', '640')}
            srcSet={[640, 1024].map((w) => `${src.replace('{w}', String(w))} ${w}w`).join(', ')}
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
  return m.event ? systemText(i18n, m.event) : null;
}
