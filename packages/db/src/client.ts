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
  /**
   * Calls `onNotify` with the payload ('' when none) when a `NOTIFY` on `channel` (a lower-case name) is committed by
   * any connection to this database, this process's or another instance's. On PostgreSQL the listener holds a
   * connection of its own, outside the pool, and after losing it connects again and calls `onNotify(undefined)` once:
   * anything may have been missed meanwhile.
   */
  listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<Listening>;
  close(): Promise<void>;
}

export interface Listening {
  stop(): Promise<void>;
  /**
   * Resolves true once every notification committed before the call has been given to `onNotify`; false when that
   * cannot be promised (the listening connection is down, or was lost meanwhile). On PostgreSQL the listening
   * connection answers a `select 1` sent after the call (calls that arrive together share one); notifications
   * committed earlier reach it first. On PGlite, in this process, they are given out as their commit completes.
   * Rejects, as a statement would (`isDatabaseUnavailable`), when the server does not answer within the statement
   * limit; the connection is then made again.
   *
   * With `after` (a `performance.now()` time) the promise is for notifications committed before `after`, not before
   * the call: the last barrier sent answers when it was sent at or after `after` on the connection still listening
   * (at once when it has answered already); a connection lost since may have missed some. A page's in-process API
   * calls share one barrier so.
   */
  sync(after?: number): Promise<boolean>;
}

/** Sees every statement Drizzle sends (benchmarks capture them to time the same SQL raw). */
export type QueryListener = (sql: string, params: unknown[]) => void;

/**
 * How long a PostgreSQL server may keep a caller waiting: for a new connection and for a statement. A silent server
 * is given up on half a second after the statement limit; the error then says so (`isDatabaseUnavailable`).
 * `queueMs` is how long a caller waits in line for a connection when all of the pool's are busy (five times
 * `connectMs` unless given): a burst queues rather than being refused, and a server found unreachable meanwhile
 * fails the whole line at once.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  queueMs?: number;
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
    listen: async (channel, onNotify) => {
      // PGlite parses a committing statement's notifications before that statement's promise settles and calls the
      // listeners in microtasks queued then: by the time anything that followed the commit runs, they have been heard.
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      // A database closed first has stopped listening already.
      const stop = async () => {
        if (!client.closed) await unlisten();
      };
      return { stop, sync: () => Promise.resolve(true) };
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

/** Whether a statement failed because its connection did (the server silent, gone or unreachable), not the statement. */
function connectionLost(error: unknown): boolean {
  for (let depth = 0; error instanceof Error && depth < 5; depth++, error = error.cause) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08'))) return true;
    if (/^(Query read timeout|Connection terminated|Client has encountered a connection error)/.test(error.message)) return true;
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
  readonly #onUnavailable: ((error: unknown) => void) | undefined;

  constructor(config?: string | (pg.ClientConfig & { onUnavailable?: (error: unknown) => void })) {
    super(config);
    this.#onUnavailable = typeof config === 'object' ? config.onUnavailable : undefined;
    this.on('error', () => {});
  }

  // The driver's overloads (promise, callback, submittable) pass through untouched; only failures are watched.
  override query(...args: unknown[]): never {
    const drop = (error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout') this.connection.stream.destroy();
      if (connectionLost(error)) this.#onUnavailable?.(error);
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

interface Waiting {
  enter(): void;
  fail(error: Error): void;
  timer?: NodeJS.Timeout;
}

/**
 * A pool whose callers wait in line for a connection, up to `queueMs`, when all of them are busy; node-postgres's
 * own pool gives a waiting caller the connect timeout only, so a burst of requests answered 503 while the server was
 * well. The line is this pool's (never more callers hold connections than the pool has), which leaves the connect
 * timeout to new connections alone. A connection that fails for want of the server (refused, timed out, ended)
 * fails everyone waiting at once: they would each have waited for nothing.
 */
class QueuedPool extends pg.Pool {
  readonly #size: number;
  readonly #queueMs: number;
  #holding = 0;
  readonly #waiting: Waiting[] = [];

  constructor(config: pg.PoolConfig & { max: number }, queueMs: number) {
    super({ ...config, onUnavailable: (error: unknown) => this.#failWaiting(error) } as pg.PoolConfig);
    this.#size = config.max;
    this.#queueMs = queueMs;
  }

  /** A place among the callers holding a connection: at once while there is room, else in line. */
  #enter(): Promise<void> {
    if (this.#holding < this.#size && !this.#waiting.length) {
      this.#holding++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiting: Waiting = { enter: resolve, fail: reject };
      if (Number.isFinite(this.#queueMs)) {
        waiting.timer = setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiting), 1);
          reject(new Error('timeout exceeded when trying to connect'));
        }, this.#queueMs);
        waiting.timer.unref();
      }
      this.#waiting.push(waiting);
    });
  }

  /** Hands the place on to the first in line. */
  #leave() {
    const next = this.#waiting.shift();
    if (!next) {
      this.#holding--;
      return;
    }
    clearTimeout(next.timer);
    next.enter();
  }

  #failWaiting(cause: unknown) {
    for (const waiting of this.#waiting.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.fail(new Error('Connection terminated: the database is unavailable', { cause }));
    }
  }

  // Both forms node-postgres offers: the promise (transactions) and the callback (its own `query`).
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void): void;
  override connect(callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void) {
    const connected = this.#enter().then(() =>
      super.connect().then(
        (client) => {
          const release = client.release;
          client.release = (error?: Error | boolean) => {
            release.call(client, error);
            this.#leave();
          };
          return client;
        },
        (error: unknown) => {
          // No connection to be had (refused, timed out, too many): those in line would fare no better.
          this.#failWaiting(error);
          this.#leave();
          throw error;
        },
      ),
    );
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void) {
    this.#failWaiting(new Error('Client was closed'));
    return callback ? super.end(callback) : super.end();
  }
}

async function openPostgres(url: string, poolSize: number, timeouts: DatabaseTimeouts | undefined, logger: Logger): Promise<DatabaseHandle> {
  const pool = new QueuedPool(
    {
      connectionString: url,
      max: poolSize,
      keepAlive: true,
      Client: GuardedClient,
      // No JIT compilation: every statement here is meant to take milliseconds, and compiling one costs tens of them.
      // A plan's estimated cost grows with a table the statistics have not caught up with, and crossed the threshold:
      // a chat send over 137,000 messages not yet analysed was compiled on every execution, 31 ms a message.
      options: '-c jit=off',
      ...(timeouts && {
        connectionTimeoutMillis: timeouts.connectMs,
        statement_timeout: timeouts.statementMs,
        // The server cancels a slow statement itself; past this the server is not answering at all.
        query_timeout: timeouts.statementMs + 500,
        // A transaction left open by a caller that vanished does not hold its locks for ever.
        idle_in_transaction_session_timeout: Math.max(10_000, timeouts.statementMs * 5),
      }),
    },
    timeouts ? (timeouts.queueMs ?? timeouts.connectMs * 5) : Number.POSITIVE_INFINITY,
  );
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
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify, timeouts),
    close: () => pool.end(),
  };
}

/** How long a lost listening connection waits before it connects again. */
const LISTEN_RETRY_MS = 1000;

/**
 * A connection of its own that LISTENs on `channel` for as long as it is wanted. When the server cannot be reached or
 * drops it, it tries again every LISTEN_RETRY_MS and, once back, calls `onNotify(undefined)` once: notifications sent
 * while it was away are lost (the caller's own polling covers that time, or it forgets what they would have changed).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string | undefined) => void,
  timeouts: DatabaseTimeouts | undefined,
): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: ${channel} is not a plain lower-case name`);
  let client: pg.Client | undefined;
  /** The connection whose LISTEN has been answered; undefined while there is none. */
  let listening: pg.Client | undefined;
  /** Gives that connection up and makes another. */
  let dropListening: (() => void) | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      // A barrier (`sync`) unanswered past the statement limit means the server is silent, as in the pool.
      ...(timeouts && { connectionTimeoutMillis: timeouts.connectMs, query_timeout: timeouts.statementMs + 500 }),
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      listening = undefined;
      void next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(true), LISTEN_RETRY_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => message.channel === channel && onNotify(message.payload ?? ''));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch {
      lost();
      return;
    }
    if (stopped) await next.end().catch(() => {});
    else {
      listening = next;
      dropListening = lost;
      if (again) onNotify(undefined);
    }
  };
  await connect(false);

  // The barrier callers can still join (not sent yet), and the last one sent: one round trip at a time.
  let joinable: Promise<boolean> | undefined;
  let last: Promise<unknown> = Promise.resolve();
  /** The last barrier sent: when (no later than its bytes left), on which connection, and its answer. */
  let sent: { at: number; connection: pg.Client; answer: Promise<boolean> } | undefined;
  const sync = (after?: number): Promise<boolean> => {
    if (after !== undefined && sent && sent.at >= after && sent.connection === listening) return sent.answer;
    if (joinable) return joinable;
    const round: Promise<boolean> = last.then(() => {
      // Sent now: whoever calls from here on needs the next round.
      if (joinable === round) joinable = undefined;
      const connection = listening;
      if (!connection) return false;
      const at = performance.now();
      // The server hands a listening session its pending notifications before the answer to its next statement.
      const answer = connection.query('select 1').then(
        () => listening === connection,
        (error: unknown) => {
          if (!(error instanceof Error && error.message === 'Query read timeout')) return false;
          // Silent: the unanswered query would hold up every later one on this connection. Fail as a statement would.
          if (listening === connection) dropListening?.();
          throw error;
        },
      );
      sent = { at, connection, answer };
      return answer;
    });
    joinable = round;
    last = round.catch(() => {});
    return round;
  };
  return {
    sync,
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      listening = undefined;
      await current?.end().catch(() => {});
    },
  };
}
