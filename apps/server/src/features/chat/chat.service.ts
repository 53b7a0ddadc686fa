import { ErrorCode } from '@kunci/contracts/errors';
import type {
  ChatConversation,
  ChatMessage,
  ChatSystemEvent,
  ChatRequest,
  MessagesPage,
  SendMessage,
  ServerEvent,
  TenantMatch,
  TenantMatches,
} from '@kunci/contracts/chat';
import { systemEventOf, systemMessageBody } from '@kunci/contracts/chat';
import { holdsRole, type UserRole } from '@kunci/contracts/staff';
import type { MediaStore } from '@kunci/media/store';
import { AppError } from '../../lib/app-error.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { CONTENT_TYPES, fileKind, publishImage, stagingKey, videoContainer, type Uploads } from '../../lib/uploads.ts';
import type { ChatHub } from './chat-hub.ts';
import { messageFromJson, type ChatRepository, type MessageRow, type NewMessage } from './chat.repository.ts';

export interface ChatActor {
  id: string;
  role: UserRole;
}

type StoredMedia = NonNullable<MessageRow['media']>;

function mediaOf(media: StoredMedia | null): ChatMessage['media'] {
  if (!media) return null;
  const image = media.contentType.startsWith('image/');
  return {
    src: image ? mediaSrc(media.key) : `/media/${media.key}`,
    contentType: media.contentType,
    width: media.width ?? null,
    height: media.height ?? null,
  };
}
type ConversationView = NonNullable<Awaited<ReturnType<ChatRepository['view']>>>;

function toMessage(m: MessageRow): ChatMessage {
  return {
    id: Number(m.id),
    conversationId: m.conversationId,
    senderId: m.senderId,
    kind: m.kind,
    body: m.body,
    media: mediaOf(m.media),
    clientId: m.clientId,
    createdAt: m.createdAt.toISOString(),
    event: systemEventOf(m),
  };
}

/** The last message as the list query returns it (a row of JSON with snake_case keys). */
function fromJson(raw: string | null): ChatMessage | null {
  return raw ? toMessage(messageFromJson(raw)) : null;
}

/**
 * Who hears of an event at once, by SMS and email when away (other messages wait and are grouped): the landlord of a
 * chat request and of a booking, the tenant of the landlord's answer, the other side of a move or cancellation.
 * Reminders have their own SMS; an invitation waits for the grouped notice.
 */
export function alertSide(event: ChatSystemEvent): 'tenant' | 'landlord' | null {
  switch (event.event) {
    case 'CHAT_REQUEST':
    case 'VIEWING_BOOKED':
      return 'landlord';
    case 'VIEWING_ACCEPTED':
    case 'VIEWING_DECLINED':
      return 'tenant';
    case 'VIEWING_RESCHEDULED':
    case 'VIEWING_CANCELLED':
      return event.by === 'TENANT' ? 'landlord' : 'tenant';
    default:
      return null;
  }
}

const forbidden = (details: Record<string, unknown>) => new AppError(ErrorCode.FORBIDDEN, details);
const notFound = (details: Record<string, unknown>) => new AppError(ErrorCode.NOT_FOUND, details);

export function createChatService(repository: ChatRepository, hub: ChatHub, media: { store: MediaStore; uploads: Uploads }) {
  const { store, uploads } = media;

  function toConversation(row: ConversationView, actor: ChatActor): ChatConversation {
    const c = row.conversation;
    const role = c.tenantId === actor.id ? 'TENANT' : c.landlordId === actor.id ? 'LANDLORD' : 'MODERATOR';
    return {
      id: c.id,
      bannerText: c.bannerText,
      unreadCount: role === 'MODERATOR' ? 0 : row.unread,
      property: { id: c.propertyId, name: row.propertyName, price: row.propertyPrice, cover: row.cover ? mediaSrc(row.cover) : null },
      tenant: { id: c.tenantId, name: row.tenantName },
      landlord: { id: c.landlordId, name: row.landlordName },
      role,
      tenantInfo: { moveInDate: c.moveInDate, budget: c.budget, tenancyDuration: c.tenancyMonths, reasonForMoving: c.reason },
      otherReadId: Number(role === 'TENANT' ? c.landlordReadId : c.tenantReadId),
      blocked: row.blocked,
      lastMessage: fromJson(row.lastMessage),
      lastMessageAt: c.lastMessageAt.toISOString(),
    };
  }

  /** The conversation, if the actor is in it, or a moderator and someone reported it. */
  async function readable(chat: ChatRepository, actor: ChatActor, id: number) {
    const conversation = await chat.find(id);
    if (!conversation) throw notFound({ conversationId: id });
    const participant = conversation.tenantId === actor.id || conversation.landlordId === actor.id;
    if (participant) return conversation;
    if (holdsRole(actor.role, ['moderator']) && (await chat.reported(id))) return conversation;
    throw forbidden({ conversationId: id, userId: actor.id });
  }

  async function participantOf(chat: ChatRepository, actor: ChatActor, id: number) {
    const conversation = await chat.find(id);
    if (!conversation) throw notFound({ conversationId: id });
    if (conversation.tenantId !== actor.id && conversation.landlordId !== actor.id) throw forbidden({ conversationId: id, userId: actor.id });
    return conversation;
  }

  const otherOf = (c: { tenantId: string; landlordId: string }, userId: string) => (c.tenantId === userId ? c.landlordId : c.tenantId);

  async function notBlocked(chat: ChatRepository, conversation: { id: number; tenantId: string; landlordId: string }, userId: string) {
    const other = otherOf(conversation, userId);
    if ((await chat.isBlocked(other, userId)) || (await chat.isBlocked(userId, other))) {
      throw forbidden({ conversationId: conversation.id, blocked: true });
    }
  }

  /** The caller's own listing (tenant search is for its owner only). */
  async function ownListing(actor: ChatActor, propertyId: number) {
    const listing = await repository.listing(propertyId);
    if (!listing) throw notFound({ propertyId });
    if (listing.ownerId !== actor.id) throw forbidden({ propertyId, userId: actor.id });
    return listing;
  }

  /** Tenants whose stated needs fit the listing, first names only; a sale listing has none. */
  async function matchesFor(listing: NonNullable<Awaited<ReturnType<ChatRepository['listing']>>>): Promise<TenantMatch[]> {
    if (listing.type.endsWith('_SALE')) return [];
    return (await repository.tenantMatches(listing)).map((r) => ({
      tenantId: r.tenant_id,
      name: r.name.trim().split(/\s+/)[0] ?? '',
      moveInDate: r.move_in_date,
      budget: r.budget,
      tenancyDuration: r.tenancy_months,
      reasonForMoving: r.reason,
      area: r.area,
      statedAt: new Date(r.stated_at).toISOString(),
      conversationId: r.conversation_id,
    }));
  }

  /**
   * Re-encodes an uploaded chat photo (every width, no metadata) or checks a video's container, under a key no
   * message points at yet: if the message is never stored, the cleanup job removes the upload and nothing shows.
   */
  async function publishMedia(actor: ChatActor, conversationId: number, mediaId: string) {
    const upload = await repository.uploads.find(mediaId);
    if (!upload || upload.ownerId !== actor.id || upload.conversationId !== conversationId) throw notFound({ mediaId });
    if (upload.status === 'registered') throw new AppError(ErrorCode.CONFLICT, { mediaId, reason: 'already sent' });
    const bytes = await uploads.bytes(await uploads.confirm(upload));
    const key = `chat/${conversationId}/${mediaId}`;
    if (upload.kind === 'image') {
      const stored = await publishImage(store, key, bytes, 'chat');
      return { kind: 'IMAGE' as const, media: { key, contentType: 'image/webp', width: stored.width, height: stored.height } };
    }
    const container = videoContainer(bytes, mediaId);
    const extension = container === 'mov' ? 'mp4' : container;
    await store.put(`${key}.${extension}`, bytes, CONTENT_TYPES[container]!);
    return { kind: 'VIDEO' as const, media: { key: `${key}.${extension}`, contentType: CONTENT_TYPES[extension]! } };
  }

  /**
   * The messages to both sides, then each reader's badge. The messages go out without waiting for the counts; one
   * instance's events reach each socket in the order they were published.
   */
  async function announce(conversation: { tenantId: string; landlordId: string }, messages: MessageRow[], senderId: string | null) {
    const both = [conversation.tenantId, conversation.landlordId];
    const published = messages.map((message) => hub.publish(both, { type: 'message', message: toMessage(message) }));
    const counts = both.filter((userId) => userId !== senderId).map(async (userId) => [userId, await repository.unreadCount(userId)] as const);
    for (const [userId, count] of await Promise.all(counts)) published.push(hub.publish([userId], { type: 'unread', count }));
    await Promise.all(published);
  }

  /**
   * Stores a message in a locked conversation (numbered in commit order); a retried clientId is stored once. `tx` is
   * the repository bound to the caller's transaction.
   */
  async function insert(tx: ChatRepository, conversationId: number, values: Omit<NewMessage, 'conversationId'>) {
    const inserted = await tx.insertMessage({ ...values, conversationId });
    if (!inserted) return { message: (await tx.messageByClientId(values.senderId!, values.clientId!))!, created: false };
    await tx.touch(conversationId, inserted.createdAt);
    return { message: inserted, created: true };
  }

  return {
    /** A chat request: the tenant's needs, then the conversation (once per listing and tenant). */
    async request(actor: ChatActor, body: ChatRequest): Promise<ChatConversation> {
      const { conversation, messages } = await repository.transaction(async (tx) => {
        const listing = await tx.liveListing(body.propertyId);
        if (!listing) throw notFound({ propertyId: body.propertyId });
        if (!listing.live) throw new AppError(ErrorCode.GONE, { propertyId: body.propertyId });
        if (listing.ownerId === actor.id)
          throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'body.propertyId', message: 'field.ownListing' }]);
        if (await tx.isBlocked(listing.ownerId, actor.id)) throw forbidden({ blockedBy: listing.ownerId });
        const opened = await tx.upsertConversation({
          propertyId: listing.id,
          tenantId: actor.id,
          landlordId: listing.ownerId,
          moveInDate: body.moveInDate,
          budget: body.budget,
          tenancyMonths: body.tenancyDuration,
          reason: body.reasonForMoving,
        });
        await tx.lock(opened.id);
        const stored: MessageRow[] = [];
        // The request itself is a system message both sides see (rendered in each reader's language).
        const needs: ChatSystemEvent = {
          event: 'CHAT_REQUEST',
          moveInDate: body.moveInDate,
          budget: body.budget,
          tenancyDuration: body.tenancyDuration,
          reasonForMoving: body.reasonForMoving,
        };
        const requested = (await insert(tx, opened.id, { senderId: null, kind: 'SYSTEM', body: systemMessageBody(needs) })).message;
        stored.push(requested);
        // The landlord hears of the first request at once; a tenant restating their needs does not text them again.
        if (!opened.landlordAlertId) await tx.alert(opened.id, 'landlord', Number(requested.id));
        if (body.message) stored.push((await insert(tx, opened.id, { senderId: actor.id, kind: 'TEXT', body: body.message })).message);
        await tx.markRead(opened, actor.id, Number(stored.at(-1)!.id));
        return { conversation: opened, messages: stored };
      });
      await announce(conversation, messages, actor.id);
      return this.get(actor, conversation.id);
    },

    /** A signed URL the sender PUTs one photo or video to; the message that carries it is sent next. */
    async presignMedia(actor: ChatActor, conversationId: number, file: string) {
      const conversation = await participantOf(repository, actor, conversationId);
      await notBlocked(repository, conversation, actor.id);
      const kind = fileKind(file);
      if (!kind) throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'querystring.file', message: 'field.fileType' }]);
      const { url, ...rest } = await uploads.issue({ ownerId: actor.id, conversationId, ...kind });
      return { preSignedUrl: url, ...rest };
    },

    /**
     * `sessionId`: the sender's session, not yet confirmed (taken as this instance kept it): the statement storing the
     * message checks it, and the send answers 401 or 403 (banned) as the sign-in check would. Not for a photo or video.
     */
    async send(actor: ChatActor, conversationId: number, message: SendMessage, sessionId?: number): Promise<ChatMessage> {
      const { body, clientId, mediaId } = message;
      let attached: Awaited<ReturnType<typeof publishMedia>> | null = null;
      if (mediaId) {
        // A retried photo or video already stored is returned as it was, not published again. (A retried
        // text message needs no look-up: the insert below keeps one row per clientId and returns it.)
        if (clientId) {
          const earlier = await repository.messageByClientId(actor.id, clientId);
          if (earlier && earlier.conversationId === conversationId) return toMessage(earlier);
        }
        await participantOf(repository, actor, conversationId);
        attached = await publishMedia(actor, conversationId, mediaId);
      }
      // One statement stores a text message; a photo or video is registered in the same transaction as its message.
      const sendIn = async (chat: ChatRepository) => {
        const sent = await chat.send({
          conversationId,
          senderId: actor.id,
          kind: attached ? attached.kind : 'TEXT',
          body,
          media: attached?.media ?? null,
          clientId: clientId ?? null,
          ...(sessionId !== undefined && { sessionId }),
        });
        if (sent.signedIn === 'ended') throw new AppError(ErrorCode.UNAUTHORIZED);
        if (sent.signedIn === 'inactive') throw new AppError(ErrorCode.BANNED, { userId: actor.id });
        const { conversation } = sent;
        if (!conversation) throw notFound({ conversationId });
        if (conversation.tenantId !== actor.id && conversation.landlordId !== actor.id) throw forbidden({ conversationId, userId: actor.id });
        if (sent.blocked) throw forbidden({ conversationId, blocked: true });
        if (mediaId && !(await chat.uploads.register(mediaId))) throw notFound({ mediaId });
        // Not stored: a retried clientId, answered with the message stored the first time.
        if (!sent.message) return { conversation, stored: (await chat.messageByClientId(actor.id, clientId!))!, readerUnread: null };
        return { conversation, stored: sent.message, readerUnread: sent.readerUnread };
      };
      const { conversation, stored, readerUnread } = mediaId ? await repository.transaction(sendIn) : await sendIn(repository);
      if (mediaId) await store.removePrefix(stagingKey(mediaId)).catch(() => undefined);
      const sentMessage = toMessage(stored);
      // A new message goes to both sides with the reader's badge, counted by the statement that stored it.
      if (readerUnread !== null) {
        await hub.publishAll([
          [[conversation.tenantId, conversation.landlordId], { type: 'message', message: sentMessage }],
          [[otherOf(conversation, actor.id)], { type: 'unread', count: readerUnread }],
        ]);
      }
      return sentMessage;
    },

    async list(actor: ChatActor): Promise<ChatConversation[]> {
      return (await repository.list(actor.id)).map((row) => toConversation(row, actor));
    },

    async get(actor: ChatActor, id: number): Promise<ChatConversation> {
      await readable(repository, actor, id);
      const row = await repository.view(actor.id, id);
      if (!row) throw notFound({ conversationId: id });
      return toConversation(row, actor);
    },

    async banner(actor: ChatActor, id: number) {
      return { bannerText: (await readable(repository, actor, id)).bannerText };
    },

    async messages(actor: ChatActor, id: number, before: number | undefined, limit: number): Promise<MessagesPage> {
      await readable(repository, actor, id);
      const rows = await repository.messages(id, before, limit);
      return { content: rows.slice(0, limit).reverse().map(toMessage), hasMore: rows.length > limit };
    },

    async read(actor: ChatActor, id: number, lastReadId: number) {
      const conversation = await participantOf(repository, actor, id);
      const upTo = Math.min(lastReadId, Number(await repository.lastMessageId(id)));
      await repository.markRead(conversation, actor.id, upTo);
      await hub.publish([otherOf(conversation, actor.id)], { type: 'read', conversationId: id, userId: actor.id, lastReadId: upTo });
      const count = await repository.unreadCount(actor.id);
      await hub.publish([actor.id], { type: 'unread', count });
      return { count };
    },

    unreadCount: async (actor: ChatActor) => ({ count: await repository.unreadCount(actor.id) }),

    async typing(actor: ChatActor, id: number) {
      const conversation = await participantOf(repository, actor, id).catch(() => null);
      if (conversation) await hub.publish([otherOf(conversation, actor.id)], { type: 'typing', conversationId: id, userId: actor.id });
    },

    async report(actor: ChatActor, id: number, reason: string, note: string) {
      const conversation = await participantOf(repository, actor, id);
      await repository.report({ conversationId: id, reporterId: actor.id, reportedId: otherOf(conversation, actor.id), reason, note });
    },

    async block(actor: ChatActor, id: number, blocked: boolean) {
      const conversation = await participantOf(repository, actor, id);
      const other = otherOf(conversation, actor.id);
      if (blocked) await repository.block(actor.id, other);
      else await repository.unblock(actor.id, other);
      return this.get(actor, id);
    },

    /** Tenants whose stated needs fit the owner's listing (first names only; a sale listing has none). */
    async tenantSearch(actor: ChatActor, propertyId: number): Promise<TenantMatches> {
      return { propertyId, content: await matchesFor(await ownListing(actor, propertyId)) };
    },

    /** The owner invites a matching tenant: the conversation opens (or the existing one is returned unchanged). */
    async inviteTenant(actor: ChatActor, propertyId: number, tenantId: string): Promise<ChatConversation> {
      const listing = await ownListing(actor, propertyId);
      if (!listing.live) throw new AppError(ErrorCode.GONE, { propertyId });
      const match = (await matchesFor(listing)).find((m) => m.tenantId === tenantId);
      if (!match) throw notFound({ tenantId });
      const { conversation, messages } = await repository.transaction(async (tx) => {
        const { conversation, created } = await tx.inviteConversation({
          propertyId,
          tenantId,
          landlordId: actor.id,
          moveInDate: match.moveInDate,
          budget: match.budget,
          tenancyMonths: match.tenancyDuration,
          reason: match.reasonForMoving,
          openedBy: 'LANDLORD',
        });
        if (!created) return { conversation, messages: [] };
        await tx.lock(conversation.id);
        const invite = await insert(tx, conversation.id, { senderId: null, kind: 'SYSTEM', body: systemMessageBody({ event: 'TENANT_INVITE' }) });
        await tx.markRead(conversation, actor.id, Number(invite.message.id));
        return { conversation, messages: [invite.message] };
      });
      await announce(conversation, messages, actor.id);
      return this.get(actor, conversation.id);
    },

    /**
     * A system message (a viewing booked, moved, cancelled, answered or due) stored in the caller's transaction (`tx`,
     * the chat repository bound to it), marked for an immediate notice to the side it concerns and read by `actorId`,
     * who caused it.
     */
    async systemMessage(tx: ChatRepository, conversationId: number, payload: ChatSystemEvent, actorId: string | null = null) {
      const conversation = await tx.lock(conversationId);
      const { message } = await insert(tx, conversationId, { senderId: null, kind: 'SYSTEM', body: systemMessageBody(payload) });
      const side = alertSide(payload);
      if (side) await tx.alert(conversationId, side, Number(message.id));
      if (actorId && conversation) await tx.markRead(conversation, actorId, Number(message.id));
      return message;
    },
    /** Sends committed messages to both sides' sockets (and the unread badges). */
    announce: (conversation: { tenantId: string; landlordId: string }, messages: MessageRow[]) => announce(conversation, messages, null),
    participantOf: (actor: ChatActor, id: number) => participantOf(repository, actor, id),
    readable: (actor: ChatActor, id: number) => readable(repository, actor, id),

    people: (ids: string[]) => repository.usersById(ids),

    /**
     * Notices due (see the repository's `claimNotices`), claimed once. Those of people with a page open are
     * claimed and dropped: they saw the messages live. Each comes with who waits, from whom, the listing and the
     * events of its group.
     */
    async claimNotices(quietMs: number) {
      const claimed = await repository.claimNotices(quietMs);
      const online = await hub.online([...new Set(claimed.map((c) => c.user_id))]);
      const away = claimed.filter((c) => !online.has(c.user_id));
      if (!away.length) return [];
      const conversations = new Map<number, ConversationView>();
      for (const id of new Set(away.map((c) => c.conversation_id))) {
        const row = await repository.view(away.find((c) => c.conversation_id === id)!.user_id, id);
        if (row) conversations.set(id, row);
      }
      const people = new Map((await repository.usersById([...new Set(away.map((c) => c.user_id))])).map((u) => [u.id, u]));
      const notices = [];
      for (const c of away) {
        const conversation = conversations.get(c.conversation_id);
        const user = people.get(c.user_id);
        if (!conversation || !user) continue;
        // Each event with its message's id (the key of its notice: told once, whichever instance claims it).
        const events = (await repository.systemMessagesBetween(c.conversation_id, c.after, c.up_to)).flatMap((m) => {
          const event = systemEventOf(m);
          return event ? [{ messageId: Number(m.id), event }] : [];
        });
        notices.push({
          user,
          side: c.side,
          conversationId: c.conversation_id,
          propertyId: conversation.conversation.propertyId,
          urgent: c.urgent,
          count: c.count,
          upTo: c.up_to,
          events,
          from: c.side === 'landlord' ? conversation.tenantName : conversation.landlordName,
          listing: conversation.propertyName,
          release: () => repository.releaseNotice(c.conversation_id, c.side, c.up_to, c.after).then(() => undefined),
        });
      }
      return notices;
    },

    /** Events a reconnecting client missed, in order. */
    async replay(userId: string, since: number): Promise<ServerEvent[]> {
      const rows = await repository.replay(userId, since);
      return rows.map((r) => ({ type: 'message', message: toMessage(r.message) }));
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
