import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { chatConversations, chatMessages } from '@kunci/db/schema';

/** Joins a message to its conversation: `.innerJoin(chatConversations, messageConversation)`. */
export const messageConversation: SQL = eq(chatConversations.id, chatMessages.conversationId);

/**
 * The chat badge's rule, over messages joined to their conversation: a message waits for `userId` when it is past
 * their read mark in a conversation they are in, and not their own.
 */
export const unreadBy = (userId: string): SQL =>
  and(
    or(
      and(eq(chatConversations.tenantId, userId), gt(chatMessages.id, chatConversations.tenantReadId)),
      and(eq(chatConversations.landlordId, userId), gt(chatMessages.id, chatConversations.landlordReadId)),
    ),
    sql`${chatMessages.senderId} is distinct from ${userId}`,
  )!;
