import type { Redis } from 'ioredis';
import { openDatabase, type DatabaseHandle } from '@kunci/db/client';
import { seedContent } from '@kunci/db/content/seed';
import { loadReferenceData } from '@kunci/db/reference/load';
import { LocalDiskStore, type MediaStore } from '@kunci/media/store';
import { S3Store } from '@kunci/media/s3-store';
import type { Config } from './config/env.ts';
import { createRedis } from './plugins/redis.ts';

export interface Services {
  database: DatabaseHandle;
  store: MediaStore;
  redis: Redis | undefined;
  close(): Promise<void>;
}

/** PostgreSQL or Redis could not be reached at start; the message says which, where and why, in one line. */
export class StartupError extends Error {}

/** Where a server is, without its credentials. */
function where(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}${port ? `:${port}` : ''}${pathname.length > 1 ? pathname : ''}`;
}

/** The driver's own words: Drizzle's wrapper names only the query, and a refused `localhost` is an AggregateError. */
function reason(error: unknown): string {
  if (error instanceof Error && error.message.startsWith('Failed query') && error.cause) return reason(error.cause);
  if (error instanceof AggregateError && error.errors.length) return reason(error.errors[0]);
  if (error instanceof Error) return error.message || String((error as { code?: unknown }).code ?? error.name);
  return String(error);
}

/** Connects to Redis; one that cannot be reached is a StartupError (the client stops retrying). */
async function connectRedis(url: string): Promise<Redis> {
  const redis = createRedis(url);
  let failure: unknown;
  redis.once('error', (error) => (failure = error));
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new StartupError(`Redis at ${where(url)} cannot be used: ${reason(failure ?? error)}`);
  }
}

/**
 * Opens what the app runs on (database migrated, reference data loaded) from the configuration. An unreachable
 * PostgreSQL or Redis is a StartupError at once, before any slow set-up (no retries: a supervisor restarts us).
 */
export async function openServices(config: Config): Promise<Services> {
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  const timeoutMs = config.databaseTimeoutMs;
  const database = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          ...(timeoutMs > 0 && { timeouts: { connectMs: timeoutMs, statementMs: timeoutMs } }),
        }
      : { dataDir: `${config.dataDir}/pglite` },
  );
  if (config.databaseUrl) {
    try {
      await database.ping();
    } catch (error) {
      redis?.disconnect();
      await database.close().catch(() => undefined);
      throw new StartupError(`PostgreSQL at ${where(config.databaseUrl)} cannot be used: ${reason(error)}`);
    }
  }
  await database.migrate();
  await loadReferenceData(database.db);
  const store: MediaStore = config.s3 ? new S3Store(config.s3) : new LocalDiskStore(config.mediaDir);
  // Guides, FAQs, pages and projects the site starts with (once per content version; editors' changes are kept).
  await seedContent(database.db, store);
  return {
    database,
    store,
    redis,
    close: async () => {
      await redis?.quit().catch(() => redis?.disconnect());
      await database.close();
    },
  };
}
