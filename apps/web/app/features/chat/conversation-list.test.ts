import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@kunci/contracts/chat';
import { withArrivedMessage } from './conversation-list.ts';

const message = (id: number, conversationId: number, senderId: string | null, createdAt: string): ChatMessage => ({
  id,
  conversationId,
  senderId,
  kind: senderId ? 'TEXT' : 'SYSTEM',
  body: 'x',
  media: null,
  clientId: null,
  createdAt,
  event: null,
});

const conversation = (id: number, last: ChatMessage, unreadCount = 0): ChatConversation => ({
  id,
  bannerText: null,
  unreadCount,
  property: { id, name: `Home ${id}`, price: 1000, cover: null },
  tenant: { id: 'tenant', name: 'Tenant' },
  landlord: { id: 'landlord', name: 'Landlord' },
  role: 'TENANT',
  tenantInfo: { moveInDate: null, budget: null, tenancyDuration: null, reasonForMoving: null },
  otherReadId: 0,
  blocked: false,
  lastMessage: last,
  lastMessageAt: last.createdAt,
});

describe('withArrivedMessage', () => {
  // Viewings booked in chats 2 and 3 while reading them: their system messages are read and already in the list.
  const booked2 = message(20, 2, null, '2026-11-24T00:06:00Z');
  const booked3 = message(30, 3, null, '2026-11-24T00:06:05Z');
  const list = [conversation(3, booked3), conversation(2, booked2), conversation(1, message(10, 1, 'tenant', '2026-11-24T00:05:00Z'))];

  it('does not count again a message the list already holds (a reconnect replays the last seconds)', () => {
    const after = withArrivedMessage(withArrivedMessage(list, booked2, 'tenant', 1), booked3, 'tenant', 1);
    expect(after.map((c) => c.unreadCount)).toEqual([0, 0, 0]);
    expect(after).toBe(list);
  });

  it('counts a new message from the other side or the system in another conversation, once', () => {
    const landlordSays = message(31, 2, 'landlord', '2026-11-24T00:07:00Z');
    const once = withArrivedMessage(list, landlordSays, 'tenant', 1);
    const twice = withArrivedMessage(once, landlordSays, 'tenant', 1);
    expect(twice.map((c) => [c.id, c.unreadCount])).toEqual([
      [2, 1],
      [3, 0],
      [1, 0],
    ]);
    const reminder = withArrivedMessage(list, message(32, 3, null, '2026-11-24T00:08:00Z'), 'tenant', 1);
    expect(reminder.find((c) => c.id === 3)?.unreadCount).toBe(1);
  });

  it('does not count the viewer’s own messages nor those of the open conversation', () => {
    const mine = withArrivedMessage(list, message(33, 2, 'tenant', '2026-11-24T00:09:00Z'), 'tenant', 1);
    expect(mine.find((c) => c.id === 2)).toMatchObject({ unreadCount: 0, lastMessage: { id: 33 } });
    const open = withArrivedMessage(list, message(34, 1, 'landlord', '2026-11-24T00:09:00Z'), 'tenant', 1);
    expect(open.find((c) => c.id === 1)?.unreadCount).toBe(0);
  });
});
