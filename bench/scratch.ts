import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

/** The PostgreSQL server and Redis a benchmark uses (BENCH_* first, then the test suites' TEST_*, then this machine's). */
export const ADMIN_DATABASE_URL = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** What one benchmark run has to itself: a new database, a Redis key prefix and a data folder, all removed by drop(). */
export interface Scratch {
  /** The run's own database on the server. */
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one benchmark run (named `kunci_bench_<name>_<pid>`), a Redis key prefix and a temporary
 * data folder. When PostgreSQL (or Redis, when `redis` is asked for) cannot be reached it prints one line saying the
 * benchmark was skipped and exits 0: benchmarks measure, they do not fail a machine without the servers.
 */
export async function scratch(name: string, { redis = true }: { redis?: boolean } = {}): Promise<Scratch> {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  try {
    await admin.connect();
    if (redis) {
      const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await probe.connect();
      await probe.quit();
    }
  } catch {
    console.log(`${name} benchmark: needs PostgreSQL (${ADMIN_DATABASE_URL})${redis ? ` and Redis (${REDIS_URL})` : ''}; skipped`);
    process.exit(0);
  }
  const dbName = `kunci_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${dbName}`;
  const redisPrefix = `bench-${name}-${process.pid}:`;
  const dataDir = mkdtempSync(join(tmpdir(), `kunci-bench-${name}-`));
  return {
    databaseUrl: url.toString(),
    redisUrl: REDIS_URL,
    redisPrefix,
    dataDir,
    async drop() {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      if (redis) {
        const client = new Redis(REDIS_URL);
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
          if (keys.length) await client.del(...keys);
          cursor = next;
        } while (cursor !== '0');
        await client.quit();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
