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

/**
 * How long a PostgreSQL server may keep a caller waiting: for a connection (a new one, or a free one from a
 * full pool) and for a statement. A silent server is given up on half a second after the statement limit;
 * the error then says so (`isDatabaseUnavailable`).
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}

export type DatabaseOptions = (
  | { url: string; poolSize?: number; timeouts?: DatabaseTimeouts }
  /** `dataDir` undefined means in memory; `loadDataDir` starts from a dumped data directory (tests). */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob | File }
) & { onQuery?: QueryListener };

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
// Any fixed number: serializes migrations when several instances start against one server.
const MIGRATION_LOCK = 72_410_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.url !== undefined) return openPostgres(options.url, options.poolSize ?? 10, options.timeouts, logger);
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

/** SQLSTATEs of a server that is going away, refusing connections, or cancelled a statement past its limit. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres and its pool say so in words only.
const UNAVAILABLE_MESSAGES =
  /^(Query read timeout|timeout exceeded when trying to connect|timeout expired|Connection terminated|Client has encountered a connection error|Client was closed)/;

/**
 * Whether an error (or its cause: Drizzle wraps the driver's) means the database is unreachable, silent or
 * overloaded rather than that the query was wrong: such a call answers 503 and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let depth = 0; error instanceof Error && depth < 5; depth++, error = error.cause) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
    if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * A connection that gave up waiting on the server is closed, never reused: a late answer to a `begin` would
 * otherwise leave it inside a transaction that the next caller of the pool runs in unknowingly.
 *
 * A connection lost while checked out of the pool (inside a transaction: the server restarted, or the socket was
 * closed above) emits 'error' on the client, where the pool listens only while the client is idle: unheard, that
 * event would end the process. The failure already reaches the caller's queries, and the pool drops a client that is
 * no longer queryable when it comes back, so the event itself needs no more than a listener.
 */
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }

  // The driver's overloads (promise, callback, submittable) pass through untouched; only failures are watched.
  override query(...args: unknown[]): never {
    const drop = (error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout') this.connection.stream.destroy();
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        drop(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) result.catch(drop);
    return result as never;
  }
}

async function openPostgres(url: string, poolSize: number, timeouts: DatabaseTimeouts | undefined, logger: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    keepAlive: true,
    Client: GuardedClient,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      // The server cancels a slow statement itself; past this the server is not answering at all.
      query_timeout: timeouts.statementMs + 500,
      // A transaction left open by a caller that vanished does not hold its locks for ever.
      idle_in_transaction_session_timeout: Math.max(10_000, timeouts.statementMs * 5),
    }),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports real failures.
  });
  const db = drizzlePg({ client: pool, schema, ...(logger ? { logger } : {}) }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    raw: (text, params) => pool.query(text, params),
    migrate: async () => {
      // A connection of its own, free of the statement limit: a migration may build an index on a large table.
      const client = new pg.Client({ connectionString: url, ...(timeouts && { connectionTimeoutMillis: timeouts.connectMs }) });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.end().catch(() => {});
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
