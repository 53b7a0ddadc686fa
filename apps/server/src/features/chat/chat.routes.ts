import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  Banner,
  ChatConversation,
  ChatMediaQuery,
  ChatMediaUpload,
  ChatMessage,
  ChatRequest,
  ClientEvent,
  ConversationParams,
  MessagesPage,
  MessagesQuery,
  ReadBody,
  ReportBody,
  SendMessage,
  SOCKET_CLOSE_SIGNED_OUT,
  TenantMatches,
  TenantSearchList,
  TenantSearchSubmit,
  UnreadCount,
} from '@kunci/contracts/chat';
import {
  Appointment,
  AppointmentParams,
  Appointments,
  BookAppointment,
  ConversationAppointmentsParams,
  RescheduleAppointment,
  TimeslotParams,
  Timeslots,
} from '@kunci/contracts/appointments';
import type { AppointmentsService } from './appointments.service.ts';
import { ErrorBody } from '@kunci/contracts/errors';
import { confirmSession, requireSession } from '../../plugins/auth.ts';
import type { SessionsRepository } from '../../lib/sessions.repository.ts';
import type { ChatHub } from './chat-hub.ts';
import type { ChatActor, ChatService } from './chat.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 413: ErrorBody, 422: ErrorBody };
const tags = ['chat'];

function actor(request: FastifyRequest): ChatActor {
  const { user } = requireSession(request);
  return { id: user.id, role: user.role };
}

export const chatRoutes: FastifyPluginAsyncZod<{
  service: ChatService;
  appointments: AppointmentsService;
  hub: ChatHub;
  publicUrl: string;
  /** Which of the open sockets' sessions are still signed in, checked every `sessionCheckMs`. */
  sessions: Pick<SessionsRepository, 'stillActive' | 'findActive'>;
  sessionCheckMs: number;
}> = async (app, { service, appointments, hub, publicUrl, sessions, sessionCheckMs }) => {
  app.post(
    '/chat-conversations',
    {
      schema: {
        tags,
        summary: 'A chat request: the tenant’s move-in date, budget, tenancy and reason, then the conversation (one per listing and tenant)',
        body: ChatRequest,
        response: { 200: ChatConversation, ...errors },
      },
    },
    async (request) => service.request(actor(request), request.body),
  );

  app.get(
    '/chat-conversations',
    {
      schema: {
        tags,
        summary: "The user's conversations, latest first, with unread counts",
        response: { 200: z.array(ChatConversation), ...errors },
      },
    },
    async (request) => service.list(actor(request)),
  );

  app.get(
    '/chat-conversations/unread/count',
    { schema: { tags, summary: 'Messages waiting to be read, across conversations (the badge)', response: { 200: UnreadCount, ...errors } } },
    async (request) => service.unreadCount(actor(request)),
  );

  app.get(
    '/chat-conversations/:id',
    {
      schema: {
        tags,
        summary: 'One conversation (its two participants; moderators once it is reported)',
        params: ConversationParams,
        response: { 200: ChatConversation, ...errors },
      },
    },
    async (request) => service.get(actor(request), request.params.id),
  );

  app.get(
    '/chat-conversations/:id/banner',
    { schema: { tags, summary: "The conversation's banner text", params: ConversationParams, response: { 200: Banner, ...errors } } },
    async (request) => service.banner(actor(request), request.params.id),
  );

  app.get(
    '/chat-conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'History, newest page first (`before` a message id for the older ones), oldest first within a page',
        params: ConversationParams,
        querystring: MessagesQuery,
        response: { 200: MessagesPage, ...errors },
      },
    },
    async (request) => service.messages(actor(request), request.params.id, request.query.before, request.query.limit),
  );

  app.post(
    '/chat-conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a message (a retried clientId is stored once); both sides receive it over the socket',
        params: ConversationParams,
        body: SendMessage,
        response: { 200: ChatMessage, ...errors },
      },
      // The statement storing a text message checks the sender's session itself: one round trip instead of two.
      config: { sessionCheckedByHandler: true },
    },
    async (request) => {
      const session = requireSession(request);
      if (!session.unconfirmed) return service.send(actor(request), request.params.id, request.body);
      // A photo or video is published before its message is stored: its sender's session is made exact first.
      if (request.body.mediaId) {
        await confirmSession(request, sessions, { token: session.token, via: session.via });
        return service.send(actor(request), request.params.id, request.body);
      }
      return service.send(actor(request), request.params.id, request.body, session.id);
    },
  );

  app.get(
    '/chat/:id/media/generate/presigned-url',
    {
      schema: {
        tags,
        summary: 'A signed URL to PUT one photo or video for this conversation (then send a message with its mediaId)',
        params: ConversationParams,
        querystring: ChatMediaQuery,
        response: { 200: ChatMediaUpload, ...errors },
      },
    },
    async (request) => service.presignMedia(actor(request), request.params.id, request.query.file),
  );

  app.post(
    '/chat/tenant-search/list',
    {
      schema: {
        tags,
        summary: "Tenants whose stated needs fit the caller's listing (budget, move-in date, area)",
        body: TenantSearchList,
        response: { 200: TenantMatches, ...errors },
      },
    },
    async (request) => service.tenantSearch(actor(request), request.body.propertyId),
  );

  app.post(
    '/chat/tenant-search/submit',
    {
      schema: {
        tags,
        summary: 'Invite a matching tenant: opens the conversation about the listing (or returns the open one)',
        body: TenantSearchSubmit,
        response: { 200: ChatConversation, ...errors },
      },
    },
    async (request) => service.inviteTenant(actor(request), request.body.propertyId, request.body.tenantId),
  );

  app.get(
    '/appointments/timeslot/:id',
    {
      schema: {
        tags: ['viewings'],
        summary: 'Free viewing slots of a listing: hourly, 9 AM to 9 PM Malaysia time, two weeks from its viewing availability',
        params: TimeslotParams,
        response: { 200: Timeslots, ...errors },
      },
    },
    async (request) => appointments.timeslots(request.params.id),
  );

  app.post(
    '/appointments',
    {
      schema: {
        tags: ['viewings'],
        summary: 'The tenant books a viewing (single, or group) from the conversation; a taken slot is a 409',
        body: BookAppointment,
        response: { 200: Appointment, ...errors },
      },
    },
    async (request) => appointments.book(actor(request), request.body),
  );

  app.put(
    '/appointments/:id',
    {
      schema: {
        tags: ['viewings'],
        summary: 'Either side moves the viewing to another free slot',
        params: AppointmentParams,
        body: RescheduleAppointment,
        response: { 200: Appointment, ...errors },
      },
    },
    async (request) => appointments.reschedule(actor(request), request.params.id, request.body.startsAt),
  );

  app.delete(
    '/appointments/:id',
    {
      schema: {
        tags: ['viewings'],
        summary: 'Either side cancels the viewing',
        params: AppointmentParams,
        response: { 200: Appointment, ...errors },
      },
    },
    async (request) => appointments.cancel(actor(request), request.params.id),
  );

  app.post(
    '/appointments/:id/accept',
    {
      schema: {
        tags: ['viewings'],
        summary: "The listing's landlord accepts the viewing's time; the tenant is told (accepting again answers the same)",
        params: AppointmentParams,
        response: { 200: Appointment, ...errors },
      },
    },
    async (request) => appointments.respond(actor(request), request.params.id, true),
  );

  app.post(
    '/appointments/:id/decline',
    {
      schema: {
        tags: ['viewings'],
        summary: "The listing's landlord declines a viewing not yet accepted (its slot is free again); the tenant is told",
        params: AppointmentParams,
        response: { 200: Appointment, ...errors },
      },
    },
    async (request) => appointments.respond(actor(request), request.params.id, false),
  );

  app.get(
    '/appointments/chats/:conversationId',
    {
      schema: {
        tags: ['viewings'],
        summary: "A conversation's viewings (its participants; moderators once it is reported)",
        params: ConversationAppointmentsParams,
        response: { 200: Appointments, ...errors },
      },
    },
    async (request) => appointments.ofConversation(actor(request), request.params.conversationId),
  );

  app.post(
    '/chat-conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark messages read up to an id',
        params: ConversationParams,
        body: ReadBody,
        response: { 200: UnreadCount, ...errors },
      },
    },
    async (request) => service.read(actor(request), request.params.id, request.body.lastReadId),
  );

  app.post(
    '/chat-conversations/:id/report',
    {
      schema: {
        tags,
        summary: 'Report the other participant (e.g. a landlord asking for a deposit); moderators may then read the conversation',
        params: ConversationParams,
        body: ReportBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.report(actor(request), request.params.id, request.body.reason, request.body.note);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/chat-conversations/:id/block',
    { schema: { tags, summary: 'Block the other participant', params: ConversationParams, response: { 200: ChatConversation, ...errors } } },
    async (request) => service.block(actor(request), request.params.id, true),
  );

  app.delete(
    '/chat-conversations/:id/block',
    { schema: { tags, summary: 'Unblock the other participant', params: ConversationParams, response: { 200: ChatConversation, ...errors } } },
    async (request) => service.block(actor(request), request.params.id, false),
  );

  const ownOrigin = new URL(publicUrl).origin;
  /**
   * The open sockets and the session each was opened with. A socket only receives (sending goes through the API,
   * which checks the session on every call), but what it receives is the person's messages: once the session has
   * ended (signed out in another tab, revoked by a password change, expired, the account banned or restricted) the socket is
   * closed (SOCKET_CLOSE_SIGNED_OUT) at the next check, one query per instance for all its sockets.
   */
  const open = new Map<WebSocket, number>();
  let checking = false;
  const check = setInterval(() => {
    if (checking || open.size === 0) return;
    checking = true;
    const ids = [...new Set(open.values())];
    sessions
      .stillActive(ids)
      .then((active) => {
        for (const [socket, sessionId] of open) if (!active.has(sessionId)) socket.close(SOCKET_CLOSE_SIGNED_OUT, 'signed out');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'chat sockets: the session check failed; kept open until the next'))
      .finally(() => (checking = false));
  }, sessionCheckMs);
  check.unref();
  app.addHook('onClose', async () => clearInterval(check));

  app.get(
    '/chat/ws',
    { websocket: true, schema: { tags, summary: 'The chat socket: send {type:"hello", since} to receive what was missed, then live events' } },
    (socket, request) => {
      // Browsers always send Origin on a socket: only our own pages may use the visitor's cookie.
      const origin = request.headers.origin;
      // `Origin: null` (sandboxed frames, file pages) or a malformed one parses to nothing: not our site.
      const sameSite = !origin || origin === ownOrigin || (URL.parse(origin)?.host ?? null) === request.headers.host;
      if (!request.session || !sameSite) {
        socket.close(SOCKET_CLOSE_SIGNED_OUT, 'sign in first');
        return;
      }
      const userId = request.session.user.id;
      const me: ChatActor = { id: userId, role: request.session.user.role };
      open.set(socket, request.session.id);
      let detach: (() => void) | undefined;
      let queue = Promise.resolve();
      socket.on('message', (raw: Buffer) => {
        let event: ClientEvent;
        try {
          event = ClientEvent.parse(JSON.parse(raw.toString()));
        } catch {
          socket.close(4400, 'bad event');
          return;
        }
        queue = queue
          .then(async () => {
            if (event.type === 'hello' && !detach) {
              // Attach first, then replay: a message arriving in between is sent twice, never lost (clients keep ids once).
              // The connection under the socket, corked while an event and its badge are written (one packet).
              const connection = request.raw.socket as Socket | undefined;
              detach = hub.attach(userId, { send: (data) => socket.send(data), cork: () => connection?.cork(), uncork: () => connection?.uncork() });
              const missed = event.since === undefined ? [] : await service.replay(userId, event.since);
              for (const e of missed) socket.send(JSON.stringify(e));
              socket.send(JSON.stringify({ type: 'ready', replayed: missed.length }));
              socket.send(JSON.stringify({ type: 'unread', count: (await service.unreadCount(me)).count }));
            } else if (event.type === 'typing') {
              await service.typing(me, event.conversationId);
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'chat socket event failed'));
      });
      socket.on('close', () => {
        open.delete(socket);
        detach?.();
      });
    },
  );
};
