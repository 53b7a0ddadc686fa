import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@kunci/db/client';
import { chatConversations, chatMessages, chatReports, properties, propertyImages, userBlocks, users } from '@kunci/db/schema';
import { isLive } from '../../lib/live.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;

const tenants = alias(users, 'tenant');
const landlords = alias(users, 'landlord');
const cover = sql<
  string | null
>`(select ${propertyImages.mediaKey} from ${propertyImages} where ${propertyImages.propertyId} = ${properties.id} order by ${propertyImages.isCover} desc, ${propertyImages.position} limit 1)`;

/** Messages the user has not read: theirs to read, past their read mark, not sent by them. */
const unreadOf = (userId: string) => sql<number>`(
  select count(*)::int from ${chatMessages} m
  where m.conversation_id = ${chatConversations.id}
    and m.id > case when ${chatConversations.tenantId} = ${userId} then ${chatConversations.tenantReadId} else ${chatConversations.landlordReadId} end
    and m.sender_id is distinct from ${userId})`;

export function createChatRepository(db: Database) {
  const conversationColumns = (userId: string) => ({
    conversation: chatConversations,
    propertyName: properties.name,
    propertyPrice: properties.price,
    cover,
    tenantName: tenants.name,
    landlordName: landlords.name,
    unread: unreadOf(userId),
    lastMessage: sql<
      string | null
    >`(select row_to_json(m)::text from (select id, conversation_id, sender_id, kind, body, client_id, created_at from ${chatMessages} where conversation_id = ${chatConversations.id} order by id desc limit 1) m)`,
    blocked: sql<boolean>`exists (select 1 from ${userBlocks} b where (b.blocker_id = ${chatConversations.tenantId} and b.blocked_id = ${chatConversations.landlordId}) or (b.blocker_id = ${chatConversations.landlordId} and b.blocked_id = ${chatConversations.tenantId}))`,
  });
  const conversations = (d: Db, userId: string) =>
    d
      .select(conversationColumns(userId))
      .from(chatConversations)
      .innerJoin(properties, eq(properties.id, chatConversations.propertyId))
      .innerJoin(tenants, eq(tenants.id, chatConversations.tenantId))
      .innerJoin(landlords, eq(landlords.id, chatConversations.landlordId));

  return {
    db,
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    liveListing: async (d: Db, propertyId: number) =>
      (
        await d
          .select({ id: properties.id, ownerId: properties.ownerId, name: properties.name, live: sql<boolean>`(${isLive()})` })
          .from(properties)
          .where(eq(properties.id, propertyId))
      )[0],

    /** Opens the conversation or, when it exists, refreshes the tenant's stated needs. */
    upsertConversation: async (tx: Tx, values: typeof chatConversations.$inferInsert) =>
      (
        await tx
          .insert(chatConversations)
          .values(values)
          .onConflictDoUpdate({
            target: [chatConversations.propertyId, chatConversations.tenantId],
            set: { moveInDate: values.moveInDate, budget: values.budget, tenancyMonths: values.tenancyMonths, reason: values.reason },
          })
          .returning()
      )[0]!,

    /** The conversation row, locked: messages of one conversation are numbered in the order they commit. */
    lock: async (tx: Tx, id: number) => (await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).for('update'))[0],

    find: async (d: Db, id: number) => (await d.select().from(chatConversations).where(eq(chatConversations.id, id)))[0],

    view: async (d: Db, userId: string, id: number) => (await conversations(d, userId).where(eq(chatConversations.id, id)))[0],

    list: (userId: string) =>
      conversations(db, userId)
        .where(or(eq(chatConversations.tenantId, userId), eq(chatConversations.landlordId, userId)))
        .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
        .limit(200),

    insertMessage: async (tx: Tx, values: typeof chatMessages.$inferInsert) =>
      (await tx.insert(chatMessages).values(values).onConflictDoNothing().returning())[0],

    messageByClientId: async (d: Db, senderId: string, clientId: string) =>
      (
        await d
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)))
      )[0],

    touch: (tx: Tx, id: number, at: Date) => tx.update(chatConversations).set({ lastMessageAt: at }).where(eq(chatConversations.id, id)),

    markRead: (d: Db, conversation: typeof chatConversations.$inferSelect, userId: string, lastReadId: number) =>
      d
        .update(chatConversations)
        .set(
          conversation.tenantId === userId
            ? { tenantReadId: sql`greatest(${chatConversations.tenantReadId}, ${lastReadId})` }
            : { landlordReadId: sql`greatest(${chatConversations.landlordReadId}, ${lastReadId})` },
        )
        .where(eq(chatConversations.id, conversation.id))
        .returning(),

    lastMessageId: async (d: Db, conversationId: number) =>
      (
        await d
          .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)::bigint` })
          .from(chatMessages)
          .where(eq(chatMessages.conversationId, conversationId))
      )[0]?.id ?? 0,

    messages: (conversationId: number, before: number | undefined, limit: number) =>
      db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversationId), before ? lt(chatMessages.id, before) : undefined))
        .orderBy(desc(chatMessages.id))
        .limit(limit + 1),

    /**
     * What a reconnecting client missed: messages of its conversations after `since`, and, because ids of
     * different conversations may commit out of order, those of the last seconds before it (the client keeps
     * each id once).
     */
    replay: (userId: string, since: number) =>
      db
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
        .where(
          and(
            or(eq(chatConversations.tenantId, userId), eq(chatConversations.landlordId, userId)),
            or(
              gt(chatMessages.id, since),
              sql`${chatMessages.createdAt} >= (select created_at - interval '10 seconds' from ${chatMessages} where id = ${since})`,
            ),
          ),
        )
        .orderBy(chatMessages.id)
        .limit(2000),

    unreadCount: async (userId: string) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
          .where(
            and(
              or(
                and(eq(chatConversations.tenantId, userId), gt(chatMessages.id, chatConversations.tenantReadId)),
                and(eq(chatConversations.landlordId, userId), gt(chatMessages.id, chatConversations.landlordReadId)),
              ),
              sql`${chatMessages.senderId} is distinct from ${userId}`,
            ),
          )
      )[0]?.n ?? 0,

    reported: async (d: Db, conversationId: number) =>
      (await d.select({ id: chatReports.id }).from(chatReports).where(eq(chatReports.conversationId, conversationId)).limit(1)).length > 0,

    report: (values: typeof chatReports.$inferInsert) => db.insert(chatReports).values(values),

    isBlocked: async (d: Db, blockerId: string, blockedId: string) =>
      (
        await d
          .select({ b: userBlocks.blockerId })
          .from(userBlocks)
          .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
      ).length > 0,
    block: (blockerId: string, blockedId: string) => db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing(),
    unblock: (blockerId: string, blockedId: string) =>
      db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId))),
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
