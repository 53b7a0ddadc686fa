import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Listening } from '@kunci/db/client';
import { createJobsRepository, type JobRow, type JobsRepository } from './jobs.repository.ts';

/**
 * A kind of job and the shape of its payload (stored as JSON, so plain data only). Define it once beside the
 * feature that handles it and import it where jobs of that kind are enqueued.
 */
export interface JobType<Payload> {
  readonly name: string;
  /** Runs before the job is dead (default 5). */
  readonly maxAttempts: number;
  /** Never set: carries the payload's type. */
  readonly payload?: Payload;
}

export function defineJob<Payload>(name: string, options: { maxAttempts?: number } = {}): JobType<Payload> {
  return { name, maxAttempts: options.maxAttempts ?? 5 };
}

export interface JobContext {
  job: { id: number; name: string; key: string | null; attempt: number; maxAttempts: number };
  log: FastifyBaseLogger;
  /**
   * Does the job's work in one transaction that also marks the job done, so the work and its completion commit
   * together: the effect happens once even if this instance dies or loses its lease (the transaction then rolls
   * back). Give the transaction to repositories (`createXRepository(tx)`). Once per run.
   */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
  /**
   * A transaction of its own that leaves the job running: the job completes when the handler returns. For handlers
   * that share a kind of job (`shareJobKinds`), each idempotent, where one completing the job would cut off the rest.
   */
  separateTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
}

/**
 * Runs a job. Either idempotent (running it twice does no harm: a job whose instance died mid-run is run again
 * after its lease), or doing its work in `context.transaction`. Throwing schedules a retry with backoff.
 */
export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a pending or running job holds this key, enqueueing it again does nothing. */
  key?: string;
  maxAttempts?: number;
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  transaction?: Database;
}

export interface JobQueue {
  /** Adds a job; null when a pending or running job already holds its key. */
  enqueue<Payload>(type: JobType<Payload>, payload: Payload, options?: EnqueueOptions): Promise<{ id: number } | null>;
  /** Withdraws a pending job by its key (e.g. a deadline that no longer applies); false when none was pending. */
  cancel(type: JobType<unknown>, key: string): Promise<boolean>;
  /**
   * Makes a pending job due now, by its key (e.g. one queued for later as a safety net, whose reason has just
   * committed); the listening queues take it at once. False when none was pending for later.
   */
  promote(type: JobType<unknown>, key: string): Promise<boolean>;
  /** The handler of one kind of job, registered at start. An instance takes only jobs it has handlers for. */
  handle<Payload>(type: JobType<Payload>, handler: JobHandler<Payload>): void;
  /**
   * A recurring job: run once per `seconds` across all instances (one row, taken by one instance, due again
   * `seconds` after each run). A failed run is logged and waits for the next one.
   */
  every(name: string, seconds: number, handler: (context: JobContext) => Promise<void>): void;
  /** Takes the jobs due now (up to the concurrency) and runs them to the end; how many ran. Tests drive this. */
  runOnce(): Promise<number>;
  /** Starts polling. */
  start(): void;
  /** Stops polling and waits for the jobs this instance is running. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** How long to wait between polls when nothing was due. */
  pollIntervalMs?: number;
  /** Jobs run at once by this instance. */
  concurrency?: number;
  /** How long a taken job is this instance's before others may take it over (renewed while it runs). */
  leaseMs?: number;
  /** First retry delay; doubled each attempt up to `maxBackoffMs`, then randomly between half of it and all of it. */
  backoffMs?: number;
  maxBackoffMs?: number;
  clock?: () => Date;
  random?: () => number;
  /**
   * Listens for jobs made due on any instance (a NOTIFY on JOBS_CHANNEL, sent by `enqueue` as its transaction commits;
   * DatabaseHandle.listen): the queue takes them at once instead of at its next poll. Without it the queue polls only.
   */
  listen?: (onNotify: () => void) => Promise<Pick<Listening, 'stop'>>;
}

const PRUNE_EVERY_SECONDS = 3600;
const KEEP_DONE_MS = 7 * 24 * 3600_000;
const KEEP_DEAD_MS = 30 * 24 * 3600_000;

/** Thrown into a handler's transaction when another instance took the job over: the work rolls back. */
export class LeaseLostError extends Error {
  constructor(job: JobRow) {
    super(`job ${job.name} #${job.id} was taken over by another instance`);
  }
}

/** The retry delay after `attempt` failures: exponential, capped, with jitter so retries do not march in step. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const repository: JobsRepository = createJobsRepository(options.database);
  const { log } = options;
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const baseBackoffMs = options.backoffMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 3600_000;

  const handlers = new Map<string, JobHandler<unknown>>();
  const recurring = new Map<string, number>();
  let schedulesMade = false;
  const inFlight = new Set<Promise<void>>();
  let loop: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;
  /** A job became due while the loop was taking: it takes again rather than pausing. */
  let nudged = false;
  let unlisten: Promise<Pick<Listening, 'stop'> | undefined> | undefined;
  let failing = false;
  /**
   * When this queue last marked dead the jobs whose instance died during their last attempt: at most once a lease
   * (a minute at most), not before every take. Under load a queue takes on every NOTIFY (20 times a second in the
   * chat benchmark, on each instance), and that statement found nothing nearly every time. A job abandoned this way
   * is marked within a lease, or a minute, of its own lease running out.
   */
  let reapedAt = Number.NEGATIVE_INFINITY;
  const reapEveryMs = Math.min(leaseMs, 60_000);

  const register = (name: string, handler: JobHandler<unknown>) => {
    if (handlers.has(name)) throw new Error(`job ${name} already has a handler`);
    handlers.set(name, handler);
    schedulesMade = false;
  };

  /** One run of a taken job: its handler, then done, a retry, or dead, written only while the lease is ours. */
  async function run(job: JobRow, token: string): Promise<void> {
    const handler = handlers.get(job.name)!;
    let settled = false;
    const context: JobContext = {
      job: { id: job.id, name: job.name, key: job.key, attempt: job.attempts, maxAttempts: job.maxAttempts },
      log,
      transaction: async (work) => {
        if (settled) throw new Error(`job ${job.name} #${job.id} is already complete`);
        const result = await repository.transaction(async (tx) => {
          const value = await work(tx as unknown as Database);
          if (!(await createJobsRepository(tx as unknown as Database).settle(job.id, token, completion(job)))) throw new LeaseLostError(job);
          return value;
        });
        settled = true;
        return result;
      },
      separateTransaction: (work) => repository.transaction((tx) => work(tx as unknown as Database)),
    };
    // Keep the job while it runs longer than a lease.
    const renew = setInterval(
      () => void repository.extendLease(job.id, token, new Date(clock().getTime() + leaseMs)).catch(() => undefined),
      Math.max(1000, leaseMs / 3),
    );
    renew.unref();
    try {
      await handler(job.payload, context);
    } catch (error) {
      if (settled) log.error({ err: error, job: describe(job) }, 'job failed after its work was committed; not retried');
      else await fail(job, token, error);
      return;
    } finally {
      clearInterval(renew);
    }
    if (settled) return;
    await repository.settle(job.id, token, completion(job)).then(
      (ours) => ours || log.warn({ job: describe(job) }, 'job finished after another instance took it over'),
      (error: unknown) => log.error({ err: error, job: describe(job) }, 'job ran but was not marked done; it runs again after its lease'),
    );
  }

  function completion(job: JobRow) {
    const now = clock();
    return job.repeatSeconds === null
      ? { state: 'done' as const, lastError: null, resetAttempts: false, now }
      : { state: 'pending' as const, runAt: new Date(now.getTime() + job.repeatSeconds * 1000), lastError: null, resetAttempts: true, now };
  }

  async function fail(job: JobRow, token: string, error: unknown): Promise<void> {
    if (error instanceof LeaseLostError) {
      log.warn({ job: describe(job) }, 'another instance took it over; the work done here rolled back');
      return;
    }
    const now = clock();
    const message = error instanceof Error ? error.message : String(error);
    const lastError = message.slice(0, 2000);
    let outcome: Parameters<JobsRepository['settle']>[2];
    if (job.repeatSeconds !== null) {
      outcome = { state: 'pending', runAt: new Date(now.getTime() + job.repeatSeconds * 1000), lastError, resetAttempts: true, now };
      log.error({ err: error, job: describe(job) }, 'recurring job failed; it runs again at its next time');
    } else if (job.attempts >= job.maxAttempts) {
      outcome = { state: 'dead', lastError, resetAttempts: false, now };
      log.error({ err: error, job: describe(job) }, `job dead after ${job.attempts} attempts`);
    } else {
      const delay = backoffMs(job.attempts, baseBackoffMs, maxBackoffMs, random());
      outcome = { state: 'pending', runAt: new Date(now.getTime() + delay), lastError, resetAttempts: false, now };
      log.warn({ err: error, job: describe(job), retryInMs: delay }, 'job failed; retrying');
    }
    await repository.settle(job.id, token, outcome).then(
      (ours) => ours || log.warn({ job: describe(job) }, 'job failed after another instance took it over'),
      (settleError: unknown) => log.error({ err: settleError, job: describe(job) }, 'job failure not recorded; it runs again after its lease'),
    );
  }

  /** Takes up to `limit` due jobs and starts them; the promises of their runs. */
  async function take(limit: number): Promise<Promise<void>[]> {
    const now = clock();
    if (!schedulesMade) {
      for (const [name, seconds] of recurring) await repository.ensureRecurring(name, recurringKey(name), seconds, now);
      schedulesMade = true;
    }
    // (A clock set back starts the interval again.)
    if (now.getTime() - reapedAt >= reapEveryMs || now.getTime() < reapedAt) {
      for (const job of await repository.reapAbandoned(now)) log.error({ job }, 'job dead: its instance stopped during the last attempt');
      reapedAt = now.getTime();
    }
    const token = randomUUID();
    const taken = await repository.claim([...handlers.keys()], limit, now, new Date(now.getTime() + leaseMs), token);
    return taken.map((job) => {
      const running = run(job, token).finally(() => {
        inFlight.delete(running);
        wake?.();
      });
      inFlight.add(running);
      return running;
    });
  }

  const pause = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        wake = undefined;
        done();
      }
      wake = finish;
    });

  async function poll(): Promise<void> {
    while (!stopping) {
      const free = concurrency - inFlight.size;
      let taken = 0;
      nudged = false;
      if (free > 0) {
        try {
          taken = (await take(free)).length;
          if (failing) log.info('job queue reaches the database again');
          failing = false;
        } catch (error) {
          // The database is away: say so once, keep polling.
          if (!failing) log.error({ err: error }, 'job queue cannot reach the database; retrying');
          failing = true;
        }
      }
      // Nothing more due, or no free slot: wait for the next poll (a finished job wakes the loop early).
      if (!stopping && (taken < free || inFlight.size >= concurrency) && !(nudged && inFlight.size < concurrency)) await pause(pollIntervalMs);
    }
  }

  return {
    enqueue: async (type, payload, enqueueOptions = {}) => {
      const target = enqueueOptions.transaction ? createJobsRepository(enqueueOptions.transaction) : repository;
      const runAt = enqueueOptions.runAt ?? clock();
      const row = await target.insert(
        {
          name: type.name,
          payload: payload ?? {},
          key: enqueueOptions.key ?? null,
          runAt,
          maxAttempts: enqueueOptions.maxAttempts ?? type.maxAttempts,
        },
        // Due now: the listening queues hear of it as it commits. A later one waits for a poll after its time.
        runAt.getTime() <= clock().getTime(),
      );
      return row ? { id: row.id } : null;
    },
    cancel: (type, key) => repository.cancel(type.name, key),
    promote: (type, key) => repository.promote(type.name, key, clock()),
    handle: (type, handler) => register(type.name, handler as JobHandler<unknown>),
    every: (name, seconds, handler) => {
      if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`job ${name}: every needs whole seconds, at least 1`);
      register(name, (_payload, context) => handler(context));
      recurring.set(name, seconds);
    },
    runOnce: async () => {
      const runs = await take(concurrency);
      await Promise.all(runs);
      return runs.length;
    },
    start: () => {
      if (loop) return;
      stopping = false;
      loop = poll();
      unlisten = options
        .listen?.(() => {
          nudged = true;
          wake?.();
        })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'job queue cannot listen for new jobs; it polls only');
          return undefined;
        });
    },
    stop: async () => {
      stopping = true;
      wake?.();
      const listening = unlisten;
      unlisten = undefined;
      await (await listening)?.stop();
      await loop;
      loop = undefined;
      await Promise.allSettled([...inFlight]);
    },
  };

  function recurringKey(name: string) {
    return `every:${name}`;
  }
}

/** A job as logs name it (never its payload: it may hold personal data). */
function describe(job: JobRow) {
  return { id: job.id, name: job.name, key: job.key, attempt: job.attempts, maxAttempts: job.maxAttempts };
}

/** Forgets finished jobs now and then; every instance registers it, one runs it. */
export function registerJobPruning(queue: JobQueue, database: Database, clock: () => Date = () => new Date()) {
  const repository = createJobsRepository(database);
  queue.every('jobs.prune', PRUNE_EVERY_SECONDS, async (context) => {
    const now = clock().getTime();
    const removed = await repository.prune(new Date(now - KEEP_DONE_MS), new Date(now - KEEP_DEAD_MS));
    if (removed) context.log.info({ removed }, 'finished jobs pruned');
  });
}
