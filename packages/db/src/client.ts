import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Runs SQL as it is, bypassing Drizzle (benchmarks compare the two). */
  raw(sql: string, params: unknown[]): Promise<unknown>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Sees every statement Drizzle sends (benchmarks capture them to time the same SQL raw). */
export type QueryListener = (sql: string, params: unknown[]) => void;

export type DatabaseOptions = (
  | { url: string; poolSize?: number }
  /** `dataDir` undefined means in memory; `loadDataDir` starts from a dumped data directory (tests). */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob | File }
) & { onQuery?: QueryListener };

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
// Any fixed number: serializes migrations when several instances start against one server.
const MIGRATION_LOCK = 72_410_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.url !== undefined) return openPostgres(options.url, options.poolSize ?? 10, logger);
  return openPglite(options.dataDir, options.loadDataDir, logger);
}

type Logger = { logQuery: QueryListener } | undefined;

/**
 * Types Drizzle's PGlite driver reads as the text they are (it maps them itself): dates, times, intervals and
 * their arrays. It asks for this with `parsers` on every query, which PGlite honours by copying its whole parser
 * table (~300 entries) per query, a tenth of a fast query's time. Set once on the database instead, the copy goes.
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const TEXT_PARSERS = Object.fromEntries(TEXT_TYPES.map((type) => [type, (value: string) => value]));

/** The database as Drizzle sees it (it calls `query` and `transaction` only), minus the per-query parsers. */
function forDrizzle(client: PGlite): PGlite {
  const query = (target: Pick<Transaction, 'query'>) => (text: string, params?: unknown[], options?: QueryOptions) =>
    target.query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
  return {
    query: query(client),
    transaction: (fn: (tx: Transaction) => Promise<unknown>) => client.transaction((tx) => fn({ query: query(tx) } as unknown as Transaction)),
  } as unknown as PGlite;
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | File | undefined, logger: Logger): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm alone: with other contrib extensions loaded PGlite's `%` operator misbehaves.
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir, parsers: TEXT_PARSERS });
  const db = drizzlePglite({ client: forDrizzle(client), schema, ...(logger ? { logger } : {}) }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    raw: (text, params) => client.query(text, params),
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number, logger: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports real failures.
  });
  const db = drizzlePg({ client: pool, schema, ...(logger ? { logger } : {}) }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    raw: (text, params) => pool.query(text, params),
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
