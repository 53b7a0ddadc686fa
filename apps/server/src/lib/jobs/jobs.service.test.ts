import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '@kunci/db/client';
import { createTestApp, openTestDatabase, type TestDatabase } from '../../../test/support.ts';
import { startTcpProxy } from '../../../test/tcp-proxy.ts';
import { JOBS_CHANNEL } from './jobs.repository.ts';
import { backoffMs, createJobQueue, defineJob, type JobQueue, type JobQueueOptions } from './jobs.service.ts';
import { shareJobKinds } from './shared-kinds.ts';

let database: TestDatabase;
/** A second instance's own connection pool on a PostgreSQL server; the same PGlite handle otherwise (one process). */
let second: DatabaseHandle;
let clock: Date;
let logs: string[];

const START = new Date('2031-03-01T08:00:00.000Z');
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

function queue(db: Database, options: Partial<JobQueueOptions> = {}): JobQueue {
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  );
  return createJobQueue({ database: db, log, clock: () => clock, random: () => 1, backoffMs: 1000, leaseMs: 60_000, ...options });
}

const rows = async (query: string, params: unknown[] = []) => ((await database.raw(query, params)) as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase();
  second = database.url ? await openDatabase({ url: database.url, poolSize: 4 }) : database;
  await database.raw('create table job_test_effects (job_index integer not null)', []);
});

afterAll(async () => {
  if (second !== database) await second.close();
  await database.drop();
});

beforeEach(async () => {
  clock = START;
  logs = [];
  await database.raw('delete from jobs', []);
  await database.raw('delete from job_test_effects', []);
});

const greet = defineJob<{ name: string }>('test.greet');

describe('job queue', () => {
  it('runs an enqueued job with its payload once, when its time has come', async () => {
    const jobs = queue(database.db);
    const seen: string[] = [];
    jobs.handle(greet, async (payload) => void seen.push(payload.name));
    await jobs.enqueue(greet, { name: 'Aisyah' });
    await jobs.enqueue(greet, { name: 'Mei Ling' }, { runAt: new Date(START.getTime() + 60_000) });

    expect(await jobs.runOnce()).toBe(1);
    expect(seen).toEqual(['Aisyah']);
    expect(await jobs.runOnce()).toBe(0);
    advance(60_000);
    expect(await jobs.runOnce()).toBe(1);
    expect(seen).toEqual(['Aisyah', 'Mei Ling']);
    expect(await rows(`select state, attempts from jobs order by id`)).toEqual([
      { state: 'done', attempts: 1 },
      { state: 'done', attempts: 1 },
    ]);
  });

  it('retries a failing job with exponential backoff, then succeeds', async () => {
    const jobs = queue(database.db);
    const attempts: number[] = [];
    jobs.handle(greet, async (_payload, context) => {
      attempts.push(context.job.attempt);
      if (context.job.attempt < 3) throw new Error('gateway down');
    });
    await jobs.enqueue(greet, { name: 'Ravi' });

    expect(await jobs.runOnce()).toBe(1);
    expect(await rows(`select state, last_error, run_at from jobs`)).toMatchObject([{ state: 'pending', last_error: 'gateway down' }]);
    // First retry after 1 s, the second after 2 s (random() = 1: the top of each jitter range).
    advance(999);
    expect(await jobs.runOnce()).toBe(0);
    advance(1);
    expect(await jobs.runOnce()).toBe(1);
    advance(1999);
    expect(await jobs.runOnce()).toBe(0);
    advance(1);
    expect(await jobs.runOnce()).toBe(1);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await rows(`select state, last_error from jobs`)).toEqual([{ state: 'done', last_error: null }]);
    expect(logs.filter((line) => line.includes('job failed; retrying'))).toHaveLength(2);
  });

  it('spreads retries between half and all of a doubling delay, capped', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 1000, 5000, 1))).toEqual([1000, 2000, 4000, 5000]);
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 1000, 5000, 0))).toEqual([500, 1000, 2000, 2500]);
  });

  it('marks a job dead after its last attempt and logs it', async () => {
    const jobs = queue(database.db);
    let runs = 0;
    jobs.handle(greet, async () => {
      runs += 1;
      throw new Error('no such number');
    });
    await jobs.enqueue(greet, { name: 'Tan' }, { maxAttempts: 2, key: 'greet:tan' });
    expect(await jobs.runOnce()).toBe(1);
    advance(1000);
    expect(await jobs.runOnce()).toBe(1);
    advance(24 * 3600_000);
    expect(await jobs.runOnce()).toBe(0);
    expect(runs).toBe(2);
    expect(await rows(`select state, attempts, last_error from jobs`)).toEqual([{ state: 'dead', attempts: 2, last_error: 'no such number' }]);
    const dead = logs
      .map((line) => JSON.parse(line) as { msg: string; level: number; job?: { key: string } })
      .find((l) => l.msg.startsWith('job dead'));
    expect(dead).toMatchObject({ level: 50, msg: 'job dead after 2 attempts', job: { key: 'greet:tan' } });
    // A dead job frees its key.
    expect(await jobs.enqueue(greet, { name: 'Tan' }, { key: 'greet:tan' })).not.toBeNull();
  });

  it('does nothing when a job with the same key is pending or running, and takes the key again once it is done', async () => {
    const jobs = queue(database.db);
    const seen: string[] = [];
    jobs.handle(greet, async (payload) => void seen.push(payload.name));
    expect(await jobs.enqueue(greet, { name: 'first' }, { key: 'offer:7' })).toMatchObject({ id: expect.any(Number) });
    expect(await jobs.enqueue(greet, { name: 'second' }, { key: 'offer:7' })).toBeNull();
    expect(await jobs.runOnce()).toBe(1);
    expect(await jobs.enqueue(greet, { name: 'third' }, { key: 'offer:7' })).not.toBeNull();
    expect(await jobs.runOnce()).toBe(1);
    expect(seen).toEqual(['first', 'third']);

    // A pending job withdrawn by its key never runs.
    await jobs.enqueue(greet, { name: 'withdrawn' }, { key: 'offer:8', runAt: new Date(START.getTime() + 1000) });
    expect(await jobs.cancel(greet, 'offer:8')).toBe(true);
    expect(await jobs.cancel(greet, 'offer:8')).toBe(false);
    advance(1000);
    expect(await jobs.runOnce()).toBe(0);
    expect(seen).toEqual(['first', 'third']);
  });

  it('creates a job only if the transaction it was enqueued in commits', async () => {
    const jobs = queue(database.db);
    jobs.handle(greet, async () => undefined);
    await database.db
      .transaction(async (tx) => {
        await jobs.enqueue(greet, { name: 'rolled back' }, { transaction: tx as unknown as Database });
        throw new Error('the business change failed');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(greet, { name: 'committed' }, { transaction: tx as unknown as Database });
    });
    expect(await rows(`select payload from jobs`)).toEqual([{ payload: { name: 'committed' } }]);
  });

  it('gives a job held by an instance that died to another one after its lease; the late one cannot complete it', async () => {
    const effect = defineJob<{ index: number }>('test.effect');
    const insertEffect = (tx: Database, index: number) => tx.execute(sql`insert into job_test_effects (job_index) values (${index})`);
    let started!: () => void;
    const startedA = new Promise<void>((resolve) => (started = resolve));
    let releaseA!: () => void;
    const gateA = new Promise<void>((resolve) => (releaseA = resolve));

    // Instance A takes the job and stalls before its work (as if killed, or paused far past its lease).
    const a = queue(database.db);
    a.handle(effect, async (payload, context) => {
      started();
      await gateA;
      await context.transaction((tx) => insertEffect(tx, payload.index));
    });
    const b = queue(second.db);
    b.handle(effect, async (payload, context) => void (await context.transaction((tx) => insertEffect(tx, payload.index))));
    await a.enqueue(effect, { index: 1 });

    const runA = a.runOnce();
    await startedA;
    expect(await b.runOnce()).toBe(0);
    advance(60_000);
    expect(await b.runOnce()).toBe(1);
    expect(await rows(`select state, attempts from jobs`)).toEqual([{ state: 'done', attempts: 2 }]);

    // A wakes up: its transaction finds the job no longer its own and rolls back.
    releaseA();
    expect(await runA).toBe(1);
    expect(await rows(`select job_index from job_test_effects`)).toEqual([{ job_index: 1 }]);
    expect(logs.some((line) => line.includes('another instance took it over'))).toBe(true);
  });

  it('marks dead a job whose instance died during its last attempt', async () => {
    const jobs = queue(database.db);
    jobs.handle(greet, async () => undefined);
    await jobs.enqueue(greet, { name: 'once' }, { maxAttempts: 1 });
    // As an instance that took it and died: claimed, never settled.
    await database.raw(`update jobs set state = 'running', attempts = 1, locked_by = 'gone', locked_until = $1`, [
      new Date(START.getTime() + 60_000).toISOString(),
    ]);
    expect(await jobs.runOnce()).toBe(0);
    advance(60_000);
    expect(await jobs.runOnce()).toBe(0);
    expect(await rows(`select state, last_error from jobs`)).toEqual([{ state: 'dead', last_error: 'lease ran out during the last attempt' }]);
  });

  it('looks for such jobs once a lease, not on every take, and still marks them within it', async () => {
    const jobs = queue(database.db);
    jobs.handle(greet, async () => undefined);
    expect(await jobs.runOnce()).toBe(0);
    await jobs.enqueue(greet, { name: 'once' }, { maxAttempts: 1 });
    await database.raw(`update jobs set state = 'running', attempts = 1, locked_by = 'gone', locked_until = $1`, [
      new Date(START.getTime() + 1000).toISOString(),
    ]);
    // Its lease has run out, but this queue looked 2 s ago: the next take does not look again.
    advance(2000);
    expect(await jobs.runOnce()).toBe(0);
    expect(await rows(`select state from jobs`)).toEqual([{ state: 'running' }]);
    // A lease (60 s here) after it last looked, it does.
    advance(58_000);
    expect(await jobs.runOnce()).toBe(0);
    expect(await rows(`select state, last_error from jobs`)).toEqual([{ state: 'dead', last_error: 'lease ran out during the last attempt' }]);
  });

  it('runs each of 200 jobs exactly once with two instances taking them at the same time', async () => {
    const effect = defineJob<{ index: number }>('test.effect');
    const counts = new Map<number, number>();
    const instances = [queue(database.db), queue(second.db)].map((jobs, instance) => {
      const ran = { instance, count: 0 };
      jobs.handle(effect, async (payload, context) => {
        counts.set(payload.index, (counts.get(payload.index) ?? 0) + 1);
        ran.count += 1;
        // Half complete in the work's own transaction, half are plain (idempotent) handlers.
        if (payload.index % 2) await context.transaction((tx) => tx.execute(sql`insert into job_test_effects (job_index) values (${payload.index})`));
      });
      return { jobs, ran };
    });
    for (let index = 0; index < 200; index++) await instances[index % 2]!.jobs.enqueue(effect, { index });

    for (;;) {
      const done = await Promise.all(instances.map(({ jobs }) => jobs.runOnce()));
      if (done.every((n) => n === 0)) break;
    }
    expect(counts.size).toBe(200);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(instances.every(({ ran }) => ran.count > 0)).toBe(true);
    expect(instances.reduce((sum, { ran }) => sum + ran.count, 0)).toBe(200);
    expect(await rows(`select count(*)::int as n, count(distinct job_index)::int as distinct_n from job_test_effects`)).toEqual([
      { n: 100, distinct_n: 100 },
    ]);
    expect(await rows(`select state, count(*)::int as n from jobs group by state`)).toEqual([{ state: 'done', n: 200 }]);
  });

  it('runs a recurring job once per interval across two instances, and again after a failed run', async () => {
    let runs = 0;
    const instances = [queue(database.db), queue(second.db)];
    for (const jobs of instances) {
      jobs.every('test.tick', 60, async () => {
        runs += 1;
        if (runs === 2) throw new Error('tick failed');
      });
    }
    const both = async () => (await Promise.all(instances.map((jobs) => jobs.runOnce()))).reduce((a, b) => a + b, 0);

    expect(await both()).toBe(1);
    expect(await both()).toBe(0);
    advance(59_999);
    expect(await both()).toBe(0);
    advance(1);
    expect(await both()).toBe(1);
    // The failed run is logged and the job waits for its next time, not dead.
    expect(await rows(`select state, attempts, last_error from jobs`)).toEqual([{ state: 'pending', attempts: 0, last_error: 'tick failed' }]);
    advance(60_000);
    expect(await both()).toBe(1);
    expect(await both()).toBe(0);
    expect(runs).toBe(3);
    expect(await rows(`select count(*)::int as n from jobs`)).toEqual([{ n: 1 }]);

    // An instance started with a shorter interval brings the next run forward; one that starts does not rerun it.
    const sooner = queue(database.db);
    sooner.every('test.tick', 10, async () => void (runs += 1));
    expect(await sooner.runOnce()).toBe(0);
    advance(10_000);
    expect(await sooner.runOnce()).toBe(1);
    expect(runs).toBe(4);
  });

  it('takes a job enqueued on another instance as its transaction commits, not at the next poll', async () => {
    // The taker polls once a minute: only the NOTIFY sent with the job can bring it in time.
    const taker = queue(second.db, { pollIntervalMs: 60_000, listen: (onNotify) => second.listen(JOBS_CHANNEL, onNotify) });
    const seen: string[] = [];
    let ran!: () => void;
    const running = new Promise<void>((resolve) => (ran = resolve));
    taker.handle(greet, async (payload) => {
      seen.push(payload.name);
      ran();
    });
    taker.start();
    try {
      // Its first poll found nothing; it now waits for a minute.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const enqueuer = queue(database.db);
      await database.db.transaction(async (tx) => {
        await enqueuer.enqueue(greet, { name: 'Siti' }, { transaction: tx });
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Not before the commit: the job is not there yet for anyone.
        expect(seen).toEqual([]);
      });
      const committed = performance.now();
      await Promise.race([running, new Promise((_, reject) => setTimeout(() => reject(new Error('not taken within 5 s')), 5000))]);
      expect(seen).toEqual(['Siti']);
      expect(performance.now() - committed).toBeLessThan(5000);
      // A job due later sends nothing: it waits for a poll after its time.
      await enqueuer.enqueue(greet, { name: 'later' }, { runAt: new Date(START.getTime() + 60_000), key: 'greet:later' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toEqual(['Siti']);
      // Made due now by its key (its reason committed): taken at once too, and only once made due.
      expect(await enqueuer.promote(greet, 'greet:later')).toBe(true);
      for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual(['Siti', 'later']);
      expect(await enqueuer.promote(greet, 'greet:later')).toBe(false);
    } finally {
      await taker.stop();
    }
  });

  it.skipIf(!process.env['TEST_DATABASE_URL'])(
    'PostgreSQL: a lost listening connection connects again and says it may have missed some',
    async () => {
      const proxy = await startTcpProxy(database.url!);
      const handle = await openDatabase({ url: proxy.url, poolSize: 1 });
      const heard: (string | undefined)[] = [];
      const listening = await handle.listen(JOBS_CHANNEL, (payload) => heard.push(payload));
      const until = async (count: number) => {
        for (let i = 0; i < 100 && heard.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(heard).toHaveLength(count);
      };
      try {
        await database.raw(`select pg_notify($1, 'first')`, [JOBS_CHANNEL]);
        await until(1);
        expect(await listening.sync()).toBe(true);
        await proxy.refuse();
        // Down: it cannot promise to have heard everything.
        expect(await listening.sync()).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await proxy.resume();
        // Back: once for what went by while it was away (no payload), then every NOTIFY again.
        await until(2);
        expect(heard).toEqual(['first', undefined]);
        expect(await listening.sync()).toBe(true);
        await database.raw(`select pg_notify($1, '')`, [JOBS_CHANNEL]);
        await until(3);
        expect(heard[2]).toBe('');
      } finally {
        await listening.stop();
        await handle.close();
        await proxy.close();
      }
    },
  );

  it('stops polling on stop(), after the running job finishes', async () => {
    const jobs = queue(database.db, { pollIntervalMs: 20 });
    const order: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    jobs.handle(greet, async () => {
      started();
      await gate;
      order.push('job finished');
    });
    await jobs.enqueue(greet, { name: 'slow' });
    jobs.start();
    await running;
    const stopped = jobs.stop().then(() => order.push('stopped'));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    release();
    await stopped;
    expect(order).toEqual(['job finished', 'stopped']);
    expect(await rows(`select state from jobs`)).toEqual([{ state: 'done' }]);
  });

  it('app close lets the running job finish, then stops the runner; the interval jobs run on the queue', async () => {
    const t = await createTestApp({ database, env: { JOBS_INTERVAL_SECONDS: '600', JOBS_POLL_INTERVAL_MS: '50' } });
    const slow = defineJob<Record<string, never>>('test.slow');
    const order: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.app.jobs.handle(slow, async () => {
      started();
      await gate;
      order.push('job finished');
    });
    await t.app.jobs.enqueue(slow, {});
    await running;

    const closed = t.app.close().then(() => order.push('app closed'));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    release();
    await closed;
    expect(order).toEqual(['job finished', 'app closed']);
    expect(await rows(`select state from jobs where name = 'test.slow'`)).toEqual([{ state: 'done' }]);
    // The recurring jobs ran once at start (due earlier than the slow job) and wait for their next time.
    expect(
      await rows(`select name, repeat_seconds, state, run_at > now() as later from jobs where repeat_seconds is not null order by name`),
    ).toEqual([
      { name: 'attribution.first-deals', repeat_seconds: 600, state: 'pending', later: true },
      { name: 'chat.notices', repeat_seconds: 30, state: 'pending', later: true },
      { name: 'chat.reminders', repeat_seconds: 600, state: 'pending', later: true },
      { name: 'chat.unanswered-reminders', repeat_seconds: 600, state: 'pending', later: true },
      { name: 'jobs.prune', repeat_seconds: 3600, state: 'pending', later: true },
      { name: 'listings.maintenance', repeat_seconds: 600, state: 'pending', later: true },
      { name: 'listings.review-notices', repeat_seconds: 30, state: 'pending', later: true },
      { name: 'listings.silent-owners', repeat_seconds: 600, state: 'pending', later: true },
      { name: 'referrals.rewards', repeat_seconds: 600, state: 'pending', later: true },
      { name: 'saved-searches.digests', repeat_seconds: 600, state: 'pending', later: true },
      { name: 'services.collection.cycle', repeat_seconds: 600, state: 'pending', later: true },
      { name: 'services.protection.otr-cycle', repeat_seconds: 600, state: 'pending', later: true },
    ]);
  });
});

describe('kinds of job that several features handle', () => {
  const paid = defineJob<{ index: number }>('test.paid');

  it('gives each handler its own transaction: the first one completing the job does not cut off the next (a late rent is collection’s and protection’s)', async () => {
    const base = queue(database.db);
    const jobs = shareJobKinds(base, [paid.name]);
    let failSecond = true;
    jobs.handle(paid, async ({ index }, context) => {
      // Idempotent, as handlers of a shared kind must be.
      await context.transaction((tx) =>
        tx.execute(
          sql`insert into job_test_effects (job_index) select ${index} where not exists (select 1 from job_test_effects where job_index = ${index})`,
        ),
      );
    });
    jobs.handle(paid, async ({ index }, context) => {
      if (failSecond) {
        failSecond = false;
        throw new Error('the second handler fails once');
      }
      await context.transaction((tx) => tx.execute(sql`insert into job_test_effects (job_index) values (${index + 100})`));
    });
    await jobs.enqueue(paid, { index: 1 });
    await jobs.runOnce();
    // The second handler failed: the job is to be run again (not done), the first one's work is kept.
    expect(await rows(`select state, attempts from jobs`)).toEqual([{ state: 'pending', attempts: 1 }]);
    expect(await rows(`select job_index from job_test_effects order by job_index`)).toEqual([{ job_index: 1 }]);
    advance(60_000);
    await jobs.runOnce();
    expect(await rows(`select state from jobs`)).toEqual([{ state: 'done' }]);
    expect(await rows(`select job_index from job_test_effects order by job_index`)).toEqual([{ job_index: 1 }, { job_index: 101 }]);
    expect(logs.join('')).not.toContain('already complete');
  });
});
