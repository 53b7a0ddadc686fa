import type { FastifyBaseLogger } from 'fastify';
import type { ChatSystemEvent } from '@kunci/contracts/chat';
import type { NoticeSender } from '../../lib/notices.ts';
import type { AppointmentsService } from './appointments.service.ts';
import { VIEWING_EVENTS, chatInvite, chatMessages, chatRequest, viewingReminder, viewingUpdate, type ViewingEvent } from './chat-notices.ts';
import { alertSide, type ChatService } from './chat.service.ts';

/** Ordinary messages are grouped: their notice waits until the other side has written nothing for this long. */
export const AWAY_QUIET_MS = 2 * 60_000;

/**
 * How often the notices run (at most; less when JOBS_INTERVAL_SECONDS is shorter). A timer rather than a send
 * right after the triggering commit: the mark that a notice is due is written in that same transaction, so this
 * one path is durable by itself (a failed or interrupted run is retried by the next) and, with the centre's
 * delivery job (a poll of 2 s), well within a minute; the "is the person on the site" check sits in one place.
 */
export const NOTICE_INTERVAL_SECONDS = 30;

type Notice = Awaited<ReturnType<ChatService['claimNotices']>>[number];

/**
 * Whether an event's notice to this side can tell the messages of its group too: a chat request with needs, or
 * viewing news. A group's messages are told in the first such notice rather than in a notice of their own.
 */
function tellsMessages(notice: Notice, event: ChatSystemEvent): boolean {
  if (event.event === 'TENANT_INVITE' || alertSide(event) !== notice.side) return false;
  if (event.event === 'CHAT_REQUEST') return Boolean(event.moveInDate);
  return 'startsAt' in event && (VIEWING_EVENTS as readonly string[]).includes(event.event);
}

/** The notice an event is told with, to the side it is for (null for the others). */
function eventNotice(notice: Notice, event: ChatSystemEvent, messageId: number, notices: NoticeSender, messages: number) {
  const base = {
    recipientId: notice.user.id,
    link: { route: 'chat' as const, query: { chatId: notice.conversationId } },
    // Once per event and reader, whichever instance claims its group.
    key: `chat:event:${messageId}:${notice.user.id}`,
  };
  const names = { from: notice.from, listing: notice.listing };
  if (event.event === 'TENANT_INVITE') return notice.side === 'tenant' ? () => notices.send({ ...base, type: chatInvite, params: names }) : null;
  if (alertSide(event) !== notice.side) return null;
  if (event.event === 'CHAT_REQUEST') {
    // A request stored before needs were part of it has none to show.
    if (!event.moveInDate) return () => notices.send({ ...base, type: chatInvite, params: names });
    // The messages of its group (the one a request is sent with) may be told in it, not in a second notice.
    const params = { ...names, moveInDate: event.moveInDate, budget: event.budget ?? 0, messages };
    return () => notices.send({ ...base, type: chatRequest, params });
  }
  if (!('startsAt' in event) || !(VIEWING_EVENTS as readonly string[]).includes(event.event)) return null;
  const params = {
    ...names,
    event: event.event as ViewingEvent,
    startsAt: event.startsAt,
    group: String('group' in event ? event.group : false),
    messages,
  };
  return () => notices.send({ ...base, type: viewingUpdate, params });
}

/**
 * Tells people who are not on the site what waits for them, through the notification centre (in-app, and SMS,
 * email or push as each type and the person's settings say). Each group of messages is claimed by one UPDATE
 * first, so every instance may run this at once, and each notice carries a key, so a group told twice (a claim
 * given back after a failure) adds nothing. A chat request, an invitation and viewing news are their own urgent
 * notices, sent at once; other messages, grouped once the writer goes quiet, one notice per group. Reminders have
 * their own notice: a group holding nothing else is claimed and dropped.
 */
export async function runChatNotices(
  chat: ChatService,
  notices: NoticeSender,
  options: { log: FastifyBaseLogger; quietMs?: number },
): Promise<{ notified: number }> {
  let notified = 0;
  for (const notice of await chat.claimNotices(options.quietMs ?? AWAY_QUIET_MS)) {
    // A chat request or viewing news to this side tells the messages of its group (the first of them, when there are
    // several): one alert per channel, not that and a "sent you a message" at the same moment. Messages written
    // after it are a later group, told when the writer goes quiet.
    const carrier = notice.events.findIndex(({ event }) => tellsMessages(notice, event));
    const sends = notice.events
      .map(({ event, messageId }, index) => eventNotice(notice, event, messageId, notices, index === carrier ? notice.count : 0))
      .filter((send) => send !== null);
    if (notice.count && carrier === -1) {
      sends.push(() =>
        notices.send({
          type: chatMessages,
          recipientId: notice.user.id,
          link: { route: 'chat', query: { chatId: notice.conversationId } },
          params: { from: notice.from, listing: notice.listing, count: notice.count },
          key: `chat:messages:${notice.conversationId}:${notice.side}:${notice.upTo}`,
        }),
      );
    }
    if (!sends.length) continue;
    try {
      for (const send of sends) await send();
    } catch (error) {
      // Not all stored: give the claim back for the next run (the keys keep what was stored from being added twice).
      options.log.warn({ err: error, conversationId: notice.conversationId }, 'chat notice not stored; retrying next run');
      await notice.release();
      continue;
    }
    notified += 1;
  }
  return { notified };
}

/** Viewing reminders a day ahead to both sides, safe on every instance at once (each is claimed by one UPDATE first). */
export async function runChatJobs(appointments: AppointmentsService, notices: NoticeSender): Promise<{ reminded: number }> {
  const due = await appointments.remind();
  for (const { appointment, conversation, listing } of due) {
    for (const userId of [conversation.tenantId, conversation.landlordId]) {
      await notices.send({
        type: viewingReminder,
        recipientId: userId,
        link: { route: 'chat', query: { chatId: conversation.id } },
        params: { listing, startsAt: appointment.startsAt.toISOString() },
        key: `chat:viewing-reminder:${appointment.id}:${userId}`,
      });
    }
  }
  return { reminded: due.length };
}
