import type { Redis } from 'ioredis';
import type { ServerEvent } from '@kunci/contracts/chat';

export interface ChatSocket {
  send(data: string): void;
}

/**
 * Delivers events to the sockets of the users they concern, on every instance. With Redis, an event is
 * published once and each instance hands it to its own sockets; with no Redis, one instance serves everyone.
 */
export interface ChatHub {
  publish(userIds: readonly string[], event: ServerEvent): Promise<void>;
  /** Registers a socket of `userId`; the returned function unregisters it. */
  attach(userId: string, socket: ChatSocket): () => void;
  close(): Promise<void>;
}

export async function createChatHub(redis: Redis | undefined, prefix: string): Promise<ChatHub> {
  const sockets = new Map<string, Set<ChatSocket>>();
  const channel = `${prefix}chat`;

  function deliver(userIds: readonly string[], event: ServerEvent) {
    const data = JSON.stringify(event);
    for (const userId of new Set(userIds)) {
      for (const socket of sockets.get(userId) ?? []) {
        try {
          socket.send(data);
        } catch {
          // A socket closing as we write: its close handler detaches it.
        }
      }
    }
  }

  let subscriber: Redis | undefined;
  if (redis) {
    subscriber = redis.duplicate();
    await subscriber.subscribe(channel);
    subscriber.on('message', (_channel: string, raw: string) => {
      const { userIds, event } = JSON.parse(raw) as { userIds: string[]; event: ServerEvent };
      deliver(userIds, event);
    });
  }

  return {
    async publish(userIds, event) {
      if (redis) await redis.publish(channel, JSON.stringify({ userIds, event }));
      else deliver(userIds, event);
    },
    attach(userId, socket) {
      let set = sockets.get(userId);
      if (!set) sockets.set(userId, (set = new Set()));
      set.add(socket);
      return () => {
        set.delete(socket);
        if (!set.size) sockets.delete(userId);
      };
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    },
  };
}
