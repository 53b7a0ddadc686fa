import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** The longest anything waits on Redis: to connect, for a reply, or on a socket that has gone silent. */
export const REDIS_TIMEOUT_MS = 1000;

/**
 * One connection for commands (counters, rate limits, readiness); pub/sub clients are its duplicates.
 * While Redis is unreachable a command fails at once (no offline queue) and while it is silent after at most
 * REDIS_TIMEOUT_MS (the socket is then dropped), so callers fall back to this instance's memory instead of
 * waiting. The client reconnects in the background for as long as it takes, so Redis returns without a restart.
 */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    socketTimeout: REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
    // Commands in flight when the connection drops fail then, instead of waiting for a reconnection.
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2000),
  });
  // Without a listener ioredis prints every failed reconnection; watchRedis reports an outage once.
  redis.on('error', () => {});
  return redis;
}

/** Whether commands can go to Redis now; when not, they would fail at once. */
export function redisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}

/** Logs a warning when Redis goes away and a note when it is back: once per outage, not per request. */
export function watchRedis(redis: Redis, log: FastifyBaseLogger): void {
  let down = false;
  const lost = (error?: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis unavailable: counters and rate limits are kept in this instance, chat reaches only its sockets, until it returns',
    );
  };
  redis.on('error', lost);
  redis.on('reconnecting', () => lost());
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is back: counters, rate limits and chat are shared across instances again');
  });
}
