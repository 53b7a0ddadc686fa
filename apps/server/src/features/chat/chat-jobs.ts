import type { FastifyBaseLogger } from 'fastify';
import { formatDateTime } from '@kunci/i18n/format';
import { fromStoredLanguage } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import type { Messenger } from '../../plugins/messaging.ts';
import type { AppointmentsService } from './appointments.service.ts';
import type { ChatService } from './chat.service.ts';

/** Messages unread this long by someone with no page open are worth an email and an in-app notice. */
export const AWAY_QUIET_MS = 2 * 60_000;

/**
 * The chat jobs, safe on every instance at once (each notice and reminder is claimed by one UPDATE first):
 * away notices for unread messages, and viewing reminders a day ahead.
 */
export async function runChatJobs(
  chat: ChatService,
  appointments: AppointmentsService,
  messenger: Messenger,
  options: { publicUrl: string; log: FastifyBaseLogger; quietMs?: number },
): Promise<{ notified: number; reminded: number }> {
  const away = await chat.claimAwayNotices(options.quietMs ?? AWAY_QUIET_MS);
  for (const notice of away) {
    const lang = fromStoredLanguage(notice.user.language);
    const t = translatorFor(lang);
    const url = `${options.publicUrl}/dashboard/chat?chatId=${notice.conversationId}`;
    await chat.notify({
      userId: notice.user.id,
      kind: 'UNREAD_MESSAGES',
      conversationId: notice.conversationId,
      data: { count: notice.count, from: notice.from, listing: notice.listing },
    });
    if (!notice.user.email) continue;
    try {
      await messenger.email(
        notice.user.email,
        t('chat.away.subject', { from: notice.from }),
        t('chat.away.body', { count: notice.count, from: notice.from, listing: notice.listing, url }),
      );
    } catch (error) {
      options.log.warn({ err: error, conversationId: notice.conversationId }, 'away notice not delivered');
    }
  }

  const due = await appointments.remind();
  for (const { appointment, conversation } of due) {
    for (const user of await chat.people([conversation.tenantId, conversation.landlordId])) {
      const lang = fromStoredLanguage(user.language);
      const t = translatorFor(lang);
      const body = t('viewing.reminder.body', {
        time: formatDateTime(lang, appointment.startsAt.toISOString()),
        url: `${options.publicUrl}/dashboard/chat?chatId=${conversation.id}`,
      });
      try {
        await messenger.sms(user.phone, body);
        if (user.email) await messenger.email(user.email, t('viewing.reminder.subject'), body);
      } catch (error) {
        options.log.warn({ err: error, appointmentId: appointment.id }, 'viewing reminder not delivered');
      }
    }
  }
  return { notified: away.length, reminded: due.length };
}
