import type { ChatConversation, ChatMessage } from '@kunci/contracts/chat';

/**
 * The conversation list after a message arrived on the socket, counting unread the server's way: a message counts
 * only once, when it is newer than what the list already holds (a reconnect replays messages of the last seconds
 * before the newest one seen, which the loaded counts already include), not sent by the viewer, and not in the
 * conversation open on screen (that one is read as it arrives). Newest conversation first.
 */
export function withArrivedMessage(
  conversations: ChatConversation[],
  message: ChatMessage,
  me: string,
  openId: number | undefined,
): ChatConversation[] {
  const target = conversations.find((c) => c.id === message.conversationId);
  if (!target || message.id <= (target.lastMessage?.id ?? 0)) return conversations;
  const counts = message.senderId !== me && target.id !== openId;
  return conversations
    .map((c) => (c === target ? { ...c, lastMessage: message, lastMessageAt: message.createdAt, unreadCount: c.unreadCount + (counts ? 1 : 0) } : c))
    .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
}
