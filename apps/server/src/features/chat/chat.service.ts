import { ErrorCode } from '@kunci/contracts/errors';
import type { ChatConversation, ChatMessage, ChatRequest, MessagesPage, ServerEvent } from '@kunci/contracts/chat';
import { type chatMessages } from '@kunci/db/schema';
import { AppError } from '../../lib/app-error.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import type { ChatHub } from './chat-hub.ts';
import type { ChatRepository, Db, Tx } from './chat.repository.ts';

export interface ChatActor {
  id: string;
  role: 'user' | 'moderator';
}

type MessageRow = typeof chatMessages.$inferSelect;
type ConversationView = NonNullable<Awaited<ReturnType<ChatRepository['view']>>>;

function toMessage(m: MessageRow): ChatMessage {
  return {
    id: Number(m.id),
    conversationId: m.conversationId,
    senderId: m.senderId,
    kind: m.kind,
    body: m.body,
    clientId: m.clientId,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The last message as the list query returns it (a row of JSON with snake_case keys). */
function fromJson(raw: string | null): ChatMessage | null {
  if (!raw) return null;
  const m = JSON.parse(raw) as {
    id: number;
    conversation_id: number;
    sender_id: string | null;
    kind: ChatMessage['kind'];
    body: string;
    client_id: string | null;
    created_at: string;
  };
  return {
    id: Number(m.id),
    conversationId: m.conversation_id,
    senderId: m.sender_id,
    kind: m.kind,
    body: m.body,
    clientId: m.client_id,
    createdAt: new Date(m.created_at).toISOString(),
  };
}

const forbidden = (details: Record<string, unknown>) => new AppError(ErrorCode.FORBIDDEN, details);
const notFound = (details: Record<string, unknown>) => new AppError(ErrorCode.NOT_FOUND, details);

export function createChatService(repository: ChatRepository, hub: ChatHub) {
  const { db } = repository;

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
  async function readable(d: Db, actor: ChatActor, id: number) {
    const conversation = await repository.find(d, id);
    if (!conversation) throw notFound({ conversationId: id });
    const participant = conversation.tenantId === actor.id || conversation.landlordId === actor.id;
    if (participant) return conversation;
    if (actor.role === 'moderator' && (await repository.reported(d, id))) return conversation;
    throw forbidden({ conversationId: id, userId: actor.id });
  }

  async function participantOf(d: Db, actor: ChatActor, id: number) {
    const conversation = await repository.find(d, id);
    if (!conversation) throw notFound({ conversationId: id });
    if (conversation.tenantId !== actor.id && conversation.landlordId !== actor.id) throw forbidden({ conversationId: id, userId: actor.id });
    return conversation;
  }

  const otherOf = (c: { tenantId: string; landlordId: string }, userId: string) => (c.tenantId === userId ? c.landlordId : c.tenantId);

  async function announce(conversation: { tenantId: string; landlordId: string }, messages: MessageRow[], senderId: string | null) {
    for (const message of messages)
      await hub.publish([conversation.tenantId, conversation.landlordId], { type: 'message', message: toMessage(message) });
    for (const userId of [conversation.tenantId, conversation.landlordId]) {
      if (userId !== senderId) await hub.publish([userId], { type: 'unread', count: await repository.unreadCount(userId) });
    }
  }

  /** Stores a message in a locked conversation (numbered in commit order); a retried clientId is stored once. */
  async function insert(tx: Tx, conversationId: number, values: Omit<typeof chatMessages.$inferInsert, 'conversationId'>) {
    const inserted = await repository.insertMessage(tx, { ...values, conversationId });
    if (!inserted) return { message: (await repository.messageByClientId(tx, values.senderId!, values.clientId!))!, created: false };
    await repository.touch(tx, conversationId, inserted.createdAt);
    return { message: inserted, created: true };
  }

  return {
    /** A chat request: the tenant's needs, then the conversation (once per listing and tenant). */
    async request(actor: ChatActor, body: ChatRequest): Promise<ChatConversation> {
      const { conversation, messages } = await repository.transaction(async (tx) => {
        const listing = await repository.liveListing(tx, body.propertyId);
        if (!listing) throw notFound({ propertyId: body.propertyId });
        if (!listing.live) throw new AppError(ErrorCode.GONE, { propertyId: body.propertyId });
        if (listing.ownerId === actor.id)
          throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'body.propertyId', message: 'field.ownListing' }]);
        if (await repository.isBlocked(tx, listing.ownerId, actor.id)) throw forbidden({ blockedBy: listing.ownerId });
        const opened = await repository.upsertConversation(tx, {
          propertyId: listing.id,
          tenantId: actor.id,
          landlordId: listing.ownerId,
          moveInDate: body.moveInDate,
          budget: body.budget,
          tenancyMonths: body.tenancyDuration,
          reason: body.reasonForMoving,
        });
        await repository.lock(tx, opened.id);
        const stored: MessageRow[] = [];
        // The request itself is a system message both sides see (rendered in each reader's language).
        const needs = {
          event: 'CHAT_REQUEST',
          moveInDate: body.moveInDate,
          budget: body.budget,
          tenancyDuration: body.tenancyDuration,
          reasonForMoving: body.reasonForMoving,
        };
        stored.push((await insert(tx, opened.id, { senderId: null, kind: 'SYSTEM', body: JSON.stringify(needs) })).message);
        if (body.message) stored.push((await insert(tx, opened.id, { senderId: actor.id, kind: 'TEXT', body: body.message })).message);
        await repository.markRead(tx, opened, actor.id, Number(stored.at(-1)!.id));
        return { conversation: opened, messages: stored };
      });
      await announce(conversation, messages, actor.id);
      return this.get(actor, conversation.id);
    },

    async send(actor: ChatActor, conversationId: number, body: string, clientId: string | undefined): Promise<ChatMessage> {
      const { conversation, message, created } = await repository.transaction(async (tx) => {
        const conversation = await participantOf(tx, actor, conversationId);
        await repository.lock(tx, conversationId);
        const other = otherOf(conversation, actor.id);
        if ((await repository.isBlocked(tx, other, actor.id)) || (await repository.isBlocked(tx, actor.id, other))) {
          throw forbidden({ conversationId, blocked: true });
        }
        const { message, created } = await insert(tx, conversationId, { senderId: actor.id, kind: 'TEXT', body, clientId: clientId ?? null });
        await repository.markRead(tx, conversation, actor.id, Number(message.id));
        return { conversation, message, created };
      });
      if (created) await announce(conversation, [message], actor.id);
      return toMessage(message);
    },

    async list(actor: ChatActor): Promise<ChatConversation[]> {
      return (await repository.list(actor.id)).map((row) => toConversation(row, actor));
    },

    async get(actor: ChatActor, id: number): Promise<ChatConversation> {
      await readable(db, actor, id);
      const row = await repository.view(db, actor.id, id);
      if (!row) throw notFound({ conversationId: id });
      return toConversation(row, actor);
    },

    async banner(actor: ChatActor, id: number) {
      return { bannerText: (await readable(db, actor, id)).bannerText };
    },

    async messages(actor: ChatActor, id: number, before: number | undefined, limit: number): Promise<MessagesPage> {
      await readable(db, actor, id);
      const rows = await repository.messages(id, before, limit);
      return { content: rows.slice(0, limit).reverse().map(toMessage), hasMore: rows.length > limit };
    },

    async read(actor: ChatActor, id: number, lastReadId: number) {
      const conversation = await participantOf(db, actor, id);
      const upTo = Math.min(lastReadId, Number(await repository.lastMessageId(db, id)));
      await repository.markRead(db, conversation, actor.id, upTo);
      await hub.publish([otherOf(conversation, actor.id)], { type: 'read', conversationId: id, userId: actor.id, lastReadId: upTo });
      const count = await repository.unreadCount(actor.id);
      await hub.publish([actor.id], { type: 'unread', count });
      return { count };
    },

    unreadCount: async (actor: ChatActor) => ({ count: await repository.unreadCount(actor.id) }),

    async typing(actor: ChatActor, id: number) {
      const conversation = await participantOf(db, actor, id).catch(() => null);
      if (conversation) await hub.publish([otherOf(conversation, actor.id)], { type: 'typing', conversationId: id, userId: actor.id });
    },

    async report(actor: ChatActor, id: number, reason: string, note: string) {
      const conversation = await participantOf(db, actor, id);
      await repository.report({ conversationId: id, reporterId: actor.id, reportedId: otherOf(conversation, actor.id), reason, note });
    },

    async block(actor: ChatActor, id: number, blocked: boolean) {
      const conversation = await participantOf(db, actor, id);
      const other = otherOf(conversation, actor.id);
      if (blocked) await repository.block(actor.id, other);
      else await repository.unblock(actor.id, other);
      return this.get(actor, id);
    },

    /** Events a reconnecting client missed, in order. */
    async replay(userId: string, since: number): Promise<ServerEvent[]> {
      const rows = await repository.replay(userId, since);
      return rows.map((r) => ({ type: 'message', message: toMessage(r.message) }));
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
