import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '@kunci/contracts/chat';
import { createRedis } from '../../plugins/redis.ts';
import { testRedisUrl } from '../../../test/support.ts';
import { createChatHub, type ChatHub } from './chat-hub.ts';
import type { Redis } from 'ioredis';

/** A socket that notes what happens to it: 'cork', 'uncork' and each event's type as it is sent. */
function recordingSocket() {
  const calls: string[] = [];
  return {
    calls,
    socket: {
      send: (data: string) => void calls.push((JSON.parse(data) as ServerEvent).type),
      cork: () => void calls.push('cork'),
      uncork: () => void calls.push('uncork'),
    },
  };
}

const message = { type: 'typing', conversationId: 1, userId: 'tenant' } as const;
const badge = { type: 'unread', count: 3 } as const;

describe.each([
  { name: 'one instance, no Redis', redis: false },
  { name: 'through Redis', redis: true },
])('chat hub ($name)', ({ redis }) => {
  const skip = redis && !testRedisUrl();
  const open: (() => Promise<void>)[] = [];
  let prefix = '';
  afterEach(async () => {
    for (const close of open.splice(0)) await close();
  });
  const hub = async (options?: { presenceTtlSeconds?: number; client?: Redis; prefix?: string }): Promise<ChatHub> => {
    const client = options?.client ?? (redis ? createRedis(testRedisUrl()!) : undefined);
    if (client?.status === 'wait') await client.connect();
    prefix = options?.prefix ?? `kunci-test-hub-${process.pid}-${Date.now()}:`;
    const created = await createChatHub(client, prefix, options);
    open.push(async () => {
      await created.close();
      await client?.quit();
    });
    return created;
  };

  it.skipIf(skip)('events published together reach each socket in order, in one write when a socket gets more than one', async () => {
    const chat = await hub();
    const landlord = recordingSocket();
    const tenant = recordingSocket();
    chat.attach('landlord', landlord.socket);
    chat.attach('tenant', tenant.socket);
    await chat.publishAll([
      [['tenant', 'landlord'], message],
      [['landlord'], badge],
    ]);
    for (let i = 0; i < 100 && landlord.calls.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
    expect(landlord.calls).toEqual(['cork', 'typing', 'unread', 'uncork']);
    expect(tenant.calls).toEqual(['cork', 'typing', 'uncork']);

    // One event alone is written as it is.
    await chat.publish(['landlord'], badge);
    for (let i = 0; i < 100 && landlord.calls.length < 5; i++) await new Promise((r) => setTimeout(r, 10));
    expect(landlord.calls.slice(4)).toEqual(['unread']);
  });

  it.skipIf(!redis || skip)('events published in one turn of the event loop travel in one Redis message, in order', async () => {
    const chat = await hub();
    const landlord = recordingSocket();
    chat.attach('landlord', landlord.socket);
    // Listening beside the hub: what crosses Redis.
    const listener = createRedis(testRedisUrl()!);
    await listener.connect();
    open.push(async () => void (await listener.quit()));
    const messages: string[] = [];
    const channel = `${prefix}chat`;
    await listener.subscribe(channel);
    listener.on('message', (_channel: string, raw: string) => void messages.push(raw));
    // Two sends answered in the same turn: two publishes, one message through Redis, one write to the socket.
    await Promise.all([chat.publish(['landlord'], message), chat.publish(['landlord'], badge)]);
    for (let i = 0; i < 100 && landlord.calls.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
    expect(landlord.calls).toEqual(['cork', 'typing', 'unread', 'uncork']);
    expect(messages).toHaveLength(1);
    // A publish in a later turn is a message of its own.
    await chat.publish(['landlord'], badge);
    for (let i = 0; i < 100 && landlord.calls.length < 5; i++) await new Promise((r) => setTimeout(r, 10));
    expect(landlord.calls.slice(4)).toEqual(['unread']);
    expect(messages).toHaveLength(2);
  });

  it.skipIf(!redis || skip)('presence marks are renewed a slice at a time, and each outlives its time to live', async () => {
    const client = createRedis(testRedisUrl()!);
    // The users renewed by each MULTI the hub sends (two commands per user).
    const renewed: number[] = [];
    const multi = client.multi.bind(client);
    vi.spyOn(client, 'multi').mockImplementation(((...args: Parameters<Redis['multi']>) => {
      const batch = multi(...args);
      const exec = batch.exec.bind(batch);
      batch.exec = (...rest: Parameters<typeof exec>) => {
        // MULTI, then SADD and EXPIRE per user.
        renewed.push((batch.length - 1) / 2);
        return exec(...rest);
      };
      return batch;
    }) as Redis['multi']);
    // A mark lives 1 s: a round of renewals every third of a second, in 30 slices.
    const chat = await hub({ presenceTtlSeconds: 1, client });
    const users = Array.from({ length: 90 }, (_, i) => `user-${i}`);
    for (const user of users) chat.attach(user, recordingSocket().socket);
    await new Promise((r) => setTimeout(r, 50));
    renewed.splice(0);
    // Three times the marks' life: every mark is still there, seen from another instance.
    await new Promise((r) => setTimeout(r, 3000));
    const elsewhere = await hub({ client: createRedis(testRedisUrl()!), prefix });
    expect((await elsewhere.online(users)).size).toBe(90);
    // No renewal carried more than a slice (90 users / 30), and each round renewed everyone.
    expect(Math.max(...renewed)).toBeLessThanOrEqual(3);
    expect(renewed.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(90 * 8);
  });
});
