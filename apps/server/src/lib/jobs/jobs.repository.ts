import { and, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { jobs } from '@kunci/db/schema';

export type JobRow = typeof jobs.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The channel a queue LISTENs on: a NOTIFY there says a job became due (jobs.service.ts). */
export const JOBS_CHANNEL = 'kunci_jobs';

/** Where the key of a pending or running job is unique (the `jobs_active_key` index). */
const ACTIVE = sql`${jobs.state} in ('pending', 'running')`;

/** Every query of the job queue. Times come from the caller's clock, so tests can move it. */
export function createJobsRepository(db: Database) {
  return {
    /**
     * Adds a job; undefined when a pending or running job already holds its key. `wake` also sends a NOTIFY on
     * JOBS_CHANNEL in the same statement, delivered when the caller's transaction commits: the queues listening on
     * every instance take a job that is due at once without waiting for their next poll.
     */
    insert: async (job: { name: string; payload: unknown; key: string | null; runAt: Date; maxAttempts: number }, wake = false) =>
      (
        await db
          .insert(jobs)
          .values(job)
          .onConflictDoNothing({ target: jobs.key, where: ACTIVE })
          .returning({ id: jobs.id, ...(wake ? { woke: sql<string>`pg_notify(${JOBS_CHANNEL}, '')::text` } : {}) })
      )[0],

    /**
     * Makes sure a recurring job's one row exists (due at once when it is new). An existing row keeps its time,
     * brought forward when the interval became shorter; an instance that starts does not run it again.
     */
    ensureRecurring: async (name: string, key: string, seconds: number, now: Date) => {
      const latest = new Date(now.getTime() + seconds * 1000);
      await db
        .insert(jobs)
        .values({ name, key, payload: {}, runAt: now, maxAttempts: 1, repeatSeconds: seconds })
        .onConflictDoUpdate({
          target: jobs.key,
          targetWhere: ACTIVE,
          set: { repeatSeconds: seconds, runAt: sql`least(${jobs.runAt}, ${latest.toISOString()}::timestamptz)` },
        });
    },

    /**
     * Takes up to `limit` due jobs of these names for one lease: pending ones whose time has come, and running
     * ones whose holder's lease ran out (an instance that died) with attempts left. Rows another instance is
     * taking at this moment are skipped, never waited for, so each job goes to one taker.
     */
    claim: async (names: string[], limit: number, now: Date, leaseUntil: Date, token: string): Promise<JobRow[]> => {
      if (!names.length || limit < 1) return [];
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.name, names),
            or(
              and(eq(jobs.state, 'pending'), lte(jobs.runAt, now)),
              and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now), or(lt(jobs.attempts, jobs.maxAttempts), isNotNull(jobs.repeatSeconds))),
            ),
          ),
        )
        .orderBy(jobs.runAt, jobs.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, lockedBy: token, lockedUntil: leaseUntil })
        .where(inArray(jobs.id, due))
        .returning();
    },

    /** Jobs whose holder died during their last attempt: dead, since nobody may try again. */
    reapAbandoned: async (now: Date) =>
      db
        .update(jobs)
        .set({ state: 'dead', lockedBy: null, lockedUntil: null, finishedAt: now, lastError: 'lease ran out during the last attempt' })
        .where(
          and(
            eq(jobs.state, 'running'),
            lte(jobs.lockedUntil, now),
            sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
            sql`${jobs.repeatSeconds} is null`,
          ),
        )
        .returning({ id: jobs.id, name: jobs.name, key: jobs.key, attempts: jobs.attempts }),

    /** Keeps holding a job that is still running; false when the lease was lost to another instance. */
    extendLease: async (id: number, token: string, until: Date) =>
      (
        await db
          .update(jobs)
          .set({ lockedUntil: until })
          .where(and(eq(jobs.id, id), eq(jobs.lockedBy, token), eq(jobs.state, 'running')))
          .returning({ id: jobs.id })
      ).length > 0,

    /**
     * Records how a run ended, only while this taker still holds the job (false otherwise: the lease ran out
     * and another instance took it). A recurring job goes back to pending for its next run.
     */
    settle: async (
      id: number,
      token: string,
      outcome: { state: 'pending' | 'done' | 'dead'; runAt?: Date; lastError: string | null; resetAttempts: boolean; now: Date },
    ) =>
      (
        await db
          .update(jobs)
          .set({
            state: outcome.state,
            ...(outcome.runAt ? { runAt: outcome.runAt } : {}),
            ...(outcome.resetAttempts ? { attempts: 0 } : {}),
            lastError: outcome.lastError,
            lockedBy: null,
            lockedUntil: null,
            finishedAt: outcome.state === 'pending' ? null : outcome.now,
          })
          .where(and(eq(jobs.id, id), eq(jobs.lockedBy, token), eq(jobs.state, 'running')))
          .returning({ id: jobs.id })
      ).length > 0,

    /**
     * Brings a pending job's time forward to `now` (a NOTIFY on JOBS_CHANNEL with it, delivered on commit); false when
     * there is no such job or it is already due.
     */
    promote: async (name: string, key: string, now: Date) =>
      (
        await db
          .update(jobs)
          .set({ runAt: now })
          .where(and(eq(jobs.name, name), eq(jobs.key, key), eq(jobs.state, 'pending'), sql`${jobs.runAt} > ${now.toISOString()}::timestamptz`))
          .returning({ id: jobs.id, woke: sql<string>`pg_notify(${JOBS_CHANNEL}, '')::text` })
      ).length > 0,

    /** Withdraws a pending job by its key; false when there was none (already running, done or never there). */
    cancel: async (name: string, key: string) =>
      (
        await db
          .delete(jobs)
          .where(and(eq(jobs.name, name), eq(jobs.key, key), eq(jobs.state, 'pending')))
          .returning({ id: jobs.id })
      ).length > 0,

    /** Forgets finished jobs: done ones before `doneBefore`, dead ones (kept longer, to be looked at) before `deadBefore`. */
    prune: async (doneBefore: Date, deadBefore: Date) =>
      (
        await db
          .delete(jobs)
          .where(or(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, doneBefore)), and(eq(jobs.state, 'dead'), lt(jobs.finishedAt, deadBefore))))
          .returning({ id: jobs.id })
      ).length,

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
