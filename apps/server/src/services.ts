import type { Redis } from 'ioredis';
import { openDatabase, type DatabaseHandle } from '@kunci/db/client';
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

/** Opens what the app runs on (database migrated, reference data loaded) from the configuration. */
export async function openServices(config: Config): Promise<Services> {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl, poolSize: config.databasePoolSize } : { dataDir: `${config.dataDir}/pglite` },
  );
  await database.migrate();
  await loadReferenceData(database.db);
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = createRedis(config.redisUrl);
    await redis.connect();
  }
  const store: MediaStore = config.s3 ? new S3Store(config.s3) : new LocalDiskStore(config.mediaDir);
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
