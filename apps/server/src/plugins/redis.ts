import { Redis } from 'ioredis';

/** One connection for commands (rate limits, readiness); pub/sub clients are made by the features that need them. */
export function createRedis(url: string): Redis {
  return new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
}
