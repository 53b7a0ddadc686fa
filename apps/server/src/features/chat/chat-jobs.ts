import type { FastifyBaseLogger } from 'fastify';
import type { ChatSystemEvent } from '@kunci/contracts/chat';
import { formatDate, formatDateTime, formatMoney } from '@kunci/i18n/format';
import { fromStoredLanguage, type Language } from '@kunci/i18n/locales';
import { translatorFor, type Translate } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import type { Messenger } from '../../plugins/messaging.ts';
import type { AppointmentsService } from './appointments.service.ts';
import { alertSide, type ChatService } from './chat.service.ts';

/** Ordinary messages are grouped: their notice waits until the other side has written nothing for this long. */
export const AWAY_QUIET_MS = 2 * 60_000;

/**
 * How often the notices run (at most; less when JOBS_INTERVAL_SECONDS is shorter). A timer rather than a send
 * right after the triggering commit: the mark that a notice is due is written in that same transaction, so this
 * one path is durable by itself (a failed or interrupted send is retried by the next run) and still well within
 * a minute, and the "is the person on the site" check sits in one place.
 */
export const NOTICE_INTERVAL_SECONDS = 30;

type Notice = Awaited<ReturnType<ChatService['claimNotices']>>[number];

/** A conversation's link, absolute and in the reader's language. */
export const chatLink = (publicUrl: string, lang: Language, conversationId: number) =>
  new URL(href(lang, 'chat', undefined, { chatId: conversationId }), publicUrl).toString();

/** One line for an event the reader is told of at once (null for the others). */
function eventLine(t: Translate, lang: Language, notice: Notice, event: ChatSystemEvent): string | null {
  if (event.event === 'TENANT_INVITE') return notice.side === 'tenant' ? t('notice.invite', { from: notice.from, listing: notice.listing }) : null;
  if (alertSide(event) !== notice.side) return null;
  const names = { from: notice.from, listing: notice.listing };
  if (event.event === 'CHAT_REQUEST') {
    // A request stored before needs were part of it has none to show.
    if (!event.moveInDate) return t('notice.invite', names);
    return t('notice.chatRequest', {
      ...names,
      date: formatDate(lang, `${event.moveInDate}T00:00:00.000Z`),
      budget: formatMoney(lang, event.budget),
    });
  }
  if (!('startsAt' in event)) return null;
  const time = formatDateTime(lang, event.startsAt);
  if (event.event === 'VIEWING_BOOKED') return t('notice.viewingBooked', { ...names, time, group: String(event.group) });
  if (event.event === 'VIEWING_RESCHEDULED') return t('notice.viewingRescheduled', { ...names, time });
  if (event.event === 'VIEWING_CANCELLED') return t('notice.viewingCancelled', { ...names, time });
  if (event.event === 'VIEWING_ACCEPTED') return t('notice.viewingAccepted', { ...names, time });
  if (event.event === 'VIEWING_DECLINED') return t('notice.viewingDeclined', { ...names, time });
  return null;
}

/**
 * Tells people who are not on the site what waits for them, once per group of messages (each group is claimed
 * by one UPDATE first, so every instance may run this at once). A chat request and viewing news go out at once
 * by SMS (and email when the person has one); other messages, grouped once the writer goes quiet, by email, or
 * by SMS to someone without an email. Each also leaves an in-app notice. Reminders have their own SMS: a group
 * holding nothing else is claimed and dropped.
 */
export async function runChatNotices(
  chat: ChatService,
  messenger: Messenger,
  options: { publicUrl: string; log: FastifyBaseLogger; quietMs?: number },
): Promise<{ notified: number }> {
  let notified = 0;
  for (const notice of await chat.claimNotices(options.quietMs ?? AWAY_QUIET_MS)) {
    const lang = fromStoredLanguage(notice.user.language);
    const t = translatorFor(lang);
    const url = chatLink(options.publicUrl, lang, notice.conversationId);
    const lines = notice.events.map((event) => eventLine(t, lang, notice, event)).filter((line) => line !== null);
    if (!lines.length && !notice.count) continue;
    const alert = notice.urgent && lines.length > 0;
    const subject = alert
      ? notice.events.some((e) => e.event === 'CHAT_REQUEST')
        ? t('notice.chatRequestSubject', { from: notice.from })
        : t('notice.viewingSubject', { listing: notice.listing })
      : t('chat.away.subject', { from: notice.from });
    const body = lines.length
      ? [...lines, ...(notice.count ? [t('notice.more', { count: notice.count })] : []), t('notice.link', { url })].join('\n')
      : t('chat.away.body', { count: notice.count, from: notice.from, listing: notice.listing, url });
    try {
      if (alert || !notice.user.email) await messenger.sms(notice.user.phone, body);
      else await messenger.email(notice.user.email, subject, body);
    } catch (error) {
      // Nothing went out: give the claim back for the next run.
      options.log.warn({ err: error, conversationId: notice.conversationId }, 'chat notice not delivered; retrying next run');
      await notice.release();
      continue;
    }
    notified += 1;
    if (alert && notice.user.email) {
      await messenger
        .email(notice.user.email, subject, body)
        .catch((error: unknown) => options.log.warn({ err: error, conversationId: notice.conversationId }, 'chat notice email not delivered'));
    }
    await chat.notify({
      userId: notice.user.id,
      kind: 'UNREAD_MESSAGES',
      conversationId: notice.conversationId,
      data: { count: notice.count + lines.length, from: notice.from, listing: notice.listing },
    });
  }
  return { notified };
}

/** Viewing reminders a day ahead, safe on every instance at once (each is claimed by one UPDATE first). */
export async function runChatJobs(
  chat: ChatService,
  appointments: AppointmentsService,
  messenger: Messenger,
  options: { publicUrl: string; log: FastifyBaseLogger },
): Promise<{ reminded: number }> {
  const due = await appointments.remind();
  for (const { appointment, conversation } of due) {
    for (const user of await chat.people([conversation.tenantId, conversation.landlordId])) {
      const lang = fromStoredLanguage(user.language);
      const t = translatorFor(lang);
      const body = t('viewing.reminder.body', {
        time: formatDateTime(lang, appointment.startsAt.toISOString()),
        url: chatLink(options.publicUrl, lang, conversation.id),
      });
      try {
        await messenger.sms(user.phone, body);
        if (user.email) await messenger.email(user.email, t('viewing.reminder.subject'), body);
      } catch (error) {
        options.log.warn({ err: error, appointmentId: appointment.id }, 'viewing reminder not delivered');
      }
    }
  }
  return { reminded: due.length };
}
