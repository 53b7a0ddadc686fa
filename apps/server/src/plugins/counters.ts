import { ReplyError, type Redis } from 'ioredis';
import { redisReady } from './redis.ts';

/**
 * Counters that expire: resend cooldowns, hourly caps, wrong-attempt streaks. In Redis when configured,
 * so every instance sees the same counts; in process memory otherwise (one instance alone), and while
 * Redis is away (each instance then counts on its own rather than failing the request).
 */
export interface CounterStore {
  /** Adds one and returns the new count; the window starts with the first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Milliseconds until the key expires (0 when absent). */
  ttl(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createCounterStore(redis: Redis | undefined, prefix: string): CounterStore {
  return redis ? fallbackCounters(redis, redisCounters(redis, prefix), memoryCounters()) : memoryCounters();
}

/**
 * Redis while it answers, this instance's memory while it does not. Reads take the larger of the two, so a cap
 * reached or a number locked during an outage still holds here once Redis is back.
 */
function fallbackCounters(redis: Redis, shared: CounterStore, local: CounterStore): CounterStore {
  async function either<T>(call: (store: CounterStore) => Promise<T>, merge: (shared: T, local: T) => T): Promise<T> {
    const here = await call(local);
    if (!redisReady(redis)) return here;
    try {
      return merge(await call(shared), here);
    } catch (error) {
      // A reply is Redis answering (a bug of ours); anything else is Redis being away or silent.
      if (error instanceof ReplyError) throw error;
      return here;
    }
  }
  return {
    async hit(key, windowMs) {
      if (redisReady(redis)) {
        try {
          return Math.max(await shared.hit(key, windowMs), await local.get(key));
        } catch (error) {
          if (error instanceof ReplyError) throw error;
        }
      }
      return local.hit(key, windowMs);
    },
    get: (key) => either((store) => store.get(key), Math.max),
    ttl: (key) => either((store) => store.ttl(key), Math.max),
    reset: (key) =>
      either(
        (store) => store.reset(key),
        () => undefined,
      ),
  };
}

function redisCounters(redis: Redis, prefix: string): CounterStore {
  const k = (key: string) => `${prefix}c:${key}`;
  return {
    async hit(key, windowMs) {
      const [[, count]] = (await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').exec()) as [[null, number]];
      return count;
    },
    async get(key) {
      return Number((await redis.get(k(key))) ?? 0);
    },
    async ttl(key) {
      return Math.max(0, await redis.pttl(k(key)));
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}

function memoryCounters(): CounterStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, expiresAt: Date.now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      if (entries.size > 100_000) for (const k of entries.keys()) live(k);
      return entry.count;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? entry.expiresAt - Date.now() : 0;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}
