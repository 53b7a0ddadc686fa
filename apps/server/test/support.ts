import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { LocalDiskStore } from '@kunci/media/store';
import { openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { TEST_ROOT } from '../../../test/template.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';

export { openTestDatabase, type TestDatabase };

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: TEST_ROOT,
    MEDIA_DIR: inject('template').mediaDir,
    SEED_DEMO_LISTINGS: '0',
    ...overrides,
  });
}

export function testRedisUrl(): string | undefined {
  return process.env['TEST_REDIS_URL'];
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real application on a private database copy, for app.inject. */
export async function createTestApp(
  options: { web?: boolean; env?: Record<string, string>; database?: TestDatabase; redis?: boolean } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(options.env);
  const redisUrl = options.redis ? testRedisUrl() : undefined;
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const app = await buildApp({ config, database, store: new LocalDiskStore(config.mediaDir), redis, web: options.web ?? false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await redis?.quit();
      if (!options.database) await database.drop();
    },
  };
}
