import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ServerEvent } from '@kunci/contracts/chat';
import { redisReady } from '../../plugins/redis.ts';

/** An event and the users it is for. */
export type Delivery = readonly [userIds: readonly string[], event: ServerEvent];

export interface ChatSocket {
  send(data: string): void;
  /** Holds writes until `uncork`, so several events leave in one write to the network (optional). */
  cork?(): void;
  uncork?(): void;
}

/**
 * Delivers events to the sockets of the users they concern, on every instance. With Redis, an event is
 * published once and each instance hands it to its own sockets; with no Redis, one instance serves everyone.
 * While Redis is away an instance delivers to its own sockets only (those on other instances catch up by
 * replay when they reconnect), and goes back to publishing when Redis returns.
 */
export interface ChatHub {
  publish(userIds: readonly string[], event: ServerEvent): Promise<void>;
  /** Several events in one message through Redis, each to its users, in this order (a message and its badge). */
  publishAll(deliveries: readonly Delivery[]): Promise<void>;
  /** Registers a socket of `userId`; the returned function unregisters it. */
  attach(userId: string, socket: ChatSocket): () => void;
  /** Which of these users have a socket open on any instance (they see messages live; no away notice). */
  online(userIds: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/** How long a user's presence mark lives in Redis unless renewed (s): an instance that dies stops renewing its own. */
export const PRESENCE_TTL_SECONDS = 90;
/**
 * Renewals are spread over a third of the mark's life in this many slices, each a small MULTI: renewing every user's
 * mark at once (two commands per user: 10,000 for 5,000 sockets) held the event loop for 80-150 ms while it was built
 * and its replies were read, and Redis for as long, every 30 s, which showed as late messages on every instance.
 */
const PRESENCE_SLICES = 30;

export async function createChatHub(
  redis: Redis | undefined,
  prefix: string,
  { presenceTtlSeconds = PRESENCE_TTL_SECONDS }: { presenceTtlSeconds?: number } = {},
): Promise<ChatHub> {
  const sockets = new Map<string, Set<ChatSocket>>();
  const channel = `${prefix}chat`;

  /** Hands `data` (an event, serialized once for every socket) to the sockets of these users on this instance. */
  function deliver(userIds: readonly string[], data: string) {
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

  /**
   * Hands several events to their sockets in order; a socket receiving more than one (a message and its badge) gets
   * them in one write to the network instead of one each.
   */
  function deliverAll(pairs: readonly (readonly [readonly string[], string])[]) {
    if (pairs.length === 1) return deliver(pairs[0]![0], pairs[0]![1]);
    const corked = new Set<ChatSocket>();
    for (const [userIds] of pairs) {
      for (const userId of userIds) for (const socket of sockets.get(userId) ?? []) corked.add(socket);
    }
    for (const socket of corked) socket.cork?.();
    try {
      for (const [userIds, data] of pairs) deliver(userIds, data);
    } finally {
      for (const socket of corked) socket.uncork?.();
    }
  }

  // Presence across instances: a set of instance ids per user, refreshed while sockets stay open.
  const instance = randomUUID();
  const presenceKey = (userId: string) => `${prefix}online:${userId}`;
  const markOnline = (userIds: readonly string[]) => {
    if (!redis || !redisReady(redis) || !userIds.length) return;
    const batch = redis.multi();
    for (const userId of userIds) batch.sadd(presenceKey(userId), instance).expire(presenceKey(userId), presenceTtlSeconds);
    void batch.exec().catch(() => undefined);
  };
  const markAllOnline = () => markOnline([...sockets.keys()]);
  // A round takes the users with sockets here as it starts and renews a slice of them per tick, so each mark is
  // renewed within two rounds (two thirds of its life) of the last; users who arrive meanwhile were marked as they
  // arrived and join the next round, those who leave are skipped.
  let round: string[] = [];
  let next = 0;
  const renewSlice = () => {
    if (next >= round.length) {
      round = [...sockets.keys()];
      next = 0;
    }
    const slice = round.slice(next, (next += Math.ceil(round.length / PRESENCE_SLICES)));
    markOnline(slice.filter((userId) => sockets.has(userId)));
  };
  const refresh = redis ? setInterval(renewSlice, (presenceTtlSeconds * 1000) / 3 / PRESENCE_SLICES) : undefined;
  refresh?.unref();

  let subscriber: Redis | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  if (redis) {
    subscriber = redis.duplicate();
    subscriber.on('error', () => {});
    if (subscriber.status === 'wait') await subscriber.connect();
    await subscriber.subscribe(channel);
    subscriber.on('message', (_channel: string, raw: string) => {
      // `[userIds, event, userIds, event...]`, each event as its sockets receive it: passed on without being parsed
      // and written again. A message holds the events an instance published in one turn of its event loop, often
      // several sends'. (The release before the pairs were sent as they are delivers the first pair of several; it
      // published one pair, and the release before it `{ userIds, event }`.)
      const published = JSON.parse(raw) as (string[] | string)[] | { userIds: string[]; event: ServerEvent };
      if (!Array.isArray(published)) return deliver(published.userIds, JSON.stringify(published.event));
      const pairs: [string[], string][] = [];
      for (let i = 0; i + 1 < published.length; i += 2) pairs.push([published[i] as string[], published[i + 1] as string]);
      deliverAll(pairs);
    });
    // A subscriber only listens, so a silent Redis would go unnoticed: a ping now and then finds it out
    // (the socket times out and the client reconnects and subscribes again).
    const listener = subscriber;
    heartbeat = setInterval(() => void listener.ping().catch(() => undefined), 5000);
    heartbeat.unref();
    // Presence marks made while Redis was away are made again as soon as it is back.
    redis.on('ready', markAllOnline);
  }
  /** Redis carries an event only while both of this instance's connections are up (it receives its own). */
  const shared = () => redis && subscriber && redisReady(redis) && redisReady(subscriber);

  type Serialized = readonly (readonly [readonly string[], string])[];
  /** Sends events through Redis, or to this instance's own sockets while Redis is away. */
  async function send(serialized: Serialized) {
    if (shared()) {
      try {
        await redis!.publish(channel, JSON.stringify(serialized.flat()));
        return;
      } catch {
        // Redis went away just now: this instance's own sockets still get the events.
      }
    }
    deliverAll(serialized);
  }

  /**
   * Events published in one turn of the event loop (the sends whose statements answered together) leave in one
   * Redis message, sent once the turn's I/O callbacks have run (setImmediate): under load several sends answer in
   * one turn, and each message was a write to Redis, a message for Redis to pass to every instance and one for each
   * instance to read. The events keep the order they were published in; each caller waits for its batch.
   */
  let batch: { events: [readonly string[], string][]; sent: Promise<void> } | undefined;
  function publishAll(deliveries: readonly Delivery[]): Promise<void> {
    const serialized = deliveries.map(([userIds, event]) => [userIds, JSON.stringify(event)] as [readonly string[], string]);
    if (!redis) return Promise.resolve(deliverAll(serialized));
    if (!batch) {
      const events: [readonly string[], string][] = [];
      const sent = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batch = undefined;
        return send(events);
      });
      batch = { events, sent };
    }
    batch.events.push(...serialized);
    return batch.sent;
  }

  return {
    publish: (userIds, event) => publishAll([[userIds, event]]),
    publishAll,
    attach(userId, socket) {
      let set = sockets.get(userId);
      if (!set) {
        sockets.set(userId, (set = new Set()));
        markOnline([userId]);
      }
      set.add(socket);
      return () => {
        set.delete(socket);
        if (set.size || sockets.get(userId) !== set) return;
        sockets.delete(userId);
        if (redis && redisReady(redis)) void redis.srem(presenceKey(userId), instance).catch(() => undefined);
      };
    },
    async online(userIds) {
      const here = new Set(userIds.filter((id) => sockets.has(id)));
      if (!redis || !redisReady(redis)) return here;
      const elsewhere = userIds.filter((id) => !here.has(id));
      if (elsewhere.length) {
        // Unknown while Redis is away: offline, so the away notice goes out rather than never.
        const counts = await Promise.all(elsewhere.map((id) => redis.scard(presenceKey(id)))).catch(() => []);
        elsewhere.forEach((id, i) => (counts[i] ?? 0) > 0 && here.add(id));
      }
      return here;
    },
    async close() {
      clearInterval(refresh);
      clearInterval(heartbeat);
      redis?.off('ready', markAllOnline);
      if (redis && redisReady(redis) && sockets.size)
        await redis
          .pipeline([...sockets.keys()].map((id) => ['srem', presenceKey(id), instance]))
          .exec()
          .catch(() => undefined);
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    },
  };
}
