import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (docs/decisions/0007-job-queue.md). A job is `pending` until its `run_at`, `running` while
 * an instance holds its lease (`locked_by` until `locked_until`; a lease that runs out is taken over), then `done`,
 * or `dead` after `max_attempts` failures. A recurring job is one row that goes back to `pending` after each run
 * (`repeat_seconds`). `key` is unique among pending and running jobs: enqueueing it again meanwhile does nothing.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    key: text('key'),
    state: text('state', { enum: ['pending', 'running', 'done', 'dead'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    repeatSeconds: integer('repeat_seconds'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_active_key')
      .on(t.key)
      .where(sql`${t.state} in ('pending', 'running')`),
    index('jobs_due')
      .on(t.runAt)
      .where(sql`${t.state} = 'pending'`),
    index('jobs_leased')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_finished')
      .on(t.finishedAt)
      .where(sql`${t.state} in ('done', 'dead')`),
  ],
);
