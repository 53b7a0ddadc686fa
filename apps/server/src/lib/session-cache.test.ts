import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import type { Listening } from '@kunci/db/client';
import { sessions, users } from '@kunci/db/schema';
import { bearer, createTestApp, freshPhone, openTestDatabase, signIn, type TestApp, type TestDatabase } from '../../test/support.ts';
import { cacheSessions, SESSIONS_CHANNEL } from './session-cache.ts';
import { createSessionsRepository, type SessionsRepository } from './sessions.repository.ts';

/** The repository, counting the lookups that reach the database; `hold` makes the next one wait until released. */
function counting(repository: SessionsRepository) {
  let held: Promise<void> | undefined;
  const counted = {
    lookups: 0,
    hold() {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return release;
    },
    repository: {
      ...repository,
      findActive: async (token: string) => {
        counted.lookups += 1;
        const found = await repository.findActive(token);
        const waiting = held;
        held = undefined;
        await waiting;
        return found;
      },
    } satisfies SessionsRepository,
  };
  return counted;
}

/** A listening connection under the test's control: it notifies when told and answers `sync` as told. */
function fakeListening() {
  let notify!: (payload: string | undefined) => void;
  const control = {
    up: true,
    syncs: 0,
    /** The time each `sync` was given (undefined: none). */
    afters: [] as (number | undefined)[],
    notify: (payload: string | undefined) => notify(payload),
    listen: async (onNotify: (payload: string | undefined) => void): Promise<Listening> => {
      notify = onNotify;
      return {
        stop: async () => {},
        sync: async (after?: number) => {
          control.syncs += 1;
          control.afters.push(after);
          return control.up;
        },
      };
    },
  };
  return control;
}

describe('the session cache', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('answers a kept session from memory once the listening connection has caught up, and the database otherwise', async () => {
    const { token, userId } = await signIn(t.app);
    const counted = counting(createSessionsRepository(database.db));
    const listening = fakeListening();
    const cache = await cacheSessions(counted.repository, listening.listen);

    const first = await cache.findActive(token);
    expect(first?.user.id).toBe(userId);
    expect(counted.lookups).toBe(1);
    // Kept: the next lookups cost a barrier each, not a lookup.
    expect((await cache.findActive(token))?.user.id).toBe(userId);
    expect((await cache.findActive(token))?.id).toBe(first!.id);
    expect(counted.lookups).toBe(1);
    expect(listening.syncs).toBe(2);

    // The listening connection down: nothing kept can be trusted, the database answers.
    listening.up = false;
    await cache.findActive(token);
    expect(counted.lookups).toBe(2);
    listening.up = true;

    // A notification for someone else keeps this user's session; one for this user, or for everyone, drops it.
    listening.notify('00000000-0000-0000-0000-000000000000');
    await cache.findActive(token);
    expect(counted.lookups).toBe(2);
    listening.notify(userId);
    await cache.findActive(token);
    expect(counted.lookups).toBe(3);
    listening.notify('');
    await cache.findActive(token);
    expect(counted.lookups).toBe(4);
    listening.notify(undefined);
    await cache.findActive(token);
    expect(counted.lookups).toBe(5);
    await cache.findActive(token);
    expect(counted.lookups).toBe(5);

    // An unknown token is looked up every time (nothing is kept of it).
    expect(await cache.findActive('not-a-token')).toBeUndefined();
    expect(await cache.findActive('not-a-token')).toBeUndefined();
    expect(counted.lookups).toBe(7);
  });

  it('asks the listening connection for a barrier sent after the time a call gives (a page’s arrival), or after now', async () => {
    const { token } = await signIn(t.app);
    const listening = fakeListening();
    const cache = await cacheSessions(createSessionsRepository(database.db), listening.listen);
    await cache.findActive(token);
    await cache.findActive(token, 1234.5);
    await cache.findActive(token);
    expect(listening.afters).toEqual([1234.5, undefined]);
  });

  it('keeps nothing read while a notification arrived, and marks activity without forgetting', async () => {
    const { token, userId } = await signIn(t.app);
    const counted = counting(createSessionsRepository(database.db));
    const listening = fakeListening();
    const cache = await cacheSessions(counted.repository, listening.listen);

    // The row is read, then (before the answer is kept) a change is heard: what was read may predate it.
    const release = counted.hold();
    const reading = cache.findActive(token);
    await new Promise((resolve) => setTimeout(resolve, 20));
    listening.notify(userId);
    release();
    expect((await reading)?.user.id).toBe(userId);
    expect(cache.size()).toBe(0);
    await cache.findActive(token);
    expect(cache.size()).toBe(1);
    expect(counted.lookups).toBe(2);

    // Activity is no change: the kept entry takes the new time and stays.
    const kept = (await cache.findActive(token))!;
    const before = kept.lastSeenAt.getTime();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.touch(kept.id, userId);
    const after = (await cache.findActive(token))!;
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(before);
    // The user's own row takes the mark too (GET /users/profile answers from it).
    expect(after.user.lastActivityAt?.getTime()).toBe(after.lastSeenAt.getTime());
    expect(counted.lookups).toBe(2);
  });

  it('lets an expired session go and holds at most maxEntries, the least recently used leaving first', async () => {
    const people = [await signIn(t.app), await signIn(t.app), await signIn(t.app)];
    const counted = counting(createSessionsRepository(database.db));
    const listening = fakeListening();
    let now = Date.now();
    const cache = await cacheSessions(counted.repository, listening.listen, { maxEntries: 2, now: () => now });
    await cache.findActive(people[0]!.token);
    await cache.findActive(people[1]!.token);
    await cache.findActive(people[0]!.token); // used: the second is now the oldest
    await cache.findActive(people[2]!.token);
    expect(cache.size()).toBe(2);
    expect(counted.lookups).toBe(3);
    await cache.findActive(people[0]!.token);
    expect(counted.lookups).toBe(3);
    await cache.findActive(people[1]!.token);
    expect(counted.lookups).toBe(4);

    // Past its expiry by this instance's clock, a kept session is looked up again.
    const [row] = await database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, people[1]!.userId));
    now = row!.expiresAt.getTime() + 1;
    await cache.findActive(people[1]!.token);
    expect(counted.lookups).toBe(5);
  });

  it('the database tells of every change that matters and of no activity mark', async () => {
    const heard: (string | undefined)[] = [];
    const listening = await database.listen(SESSIONS_CHANNEL, (payload) => heard.push(payload));
    const quiet = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await listening.sync()).toBe(true);
    };
    try {
      const { userId } = await signIn(t.app);
      const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, userId));
      await quiet();
      heard.length = 0;
      // Activity marks, and a write that changes nothing: silent.
      await database.db
        .update(users)
        .set({ lastActivityAt: sql`now()` })
        .where(eq(users.id, userId));
      await database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, session!.id));
      await database.db
        .update(users)
        .set({ name: sql`name` })
        .where(eq(users.id, userId));
      await quiet();
      expect(heard).toEqual([]);
      // A profile change, a revoked session, a deleted user (its sessions go with it): each names the user.
      await database.db.update(users).set({ name: 'Aisyah' }).where(eq(users.id, userId));
      await quiet();
      expect(heard).toEqual([userId]);
      await database.db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(sessions.id, session!.id));
      await quiet();
      expect(heard).toEqual([userId, userId]);
      await database.db.delete(users).where(eq(users.id, userId));
      await quiet();
      // One notice per transaction for the same payload (PostgreSQL folds duplicates).
      expect(heard).toEqual([userId, userId, userId]);
    } finally {
      await listening.stop();
    }
  });
});

describe('signed-in calls on two instances sharing one database', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    [a, b] = await Promise.all([createTestApp({ database }), createTestApp({ database })]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await database.drop();
  });

  const adminMe = (t: TestApp, token: string) => t.app.inject({ url: '/api/admin/me', headers: bearer(token) });

  it('see a change committed just before them, made on the other instance or in the database by hand', async () => {
    for (let round = 0; round < 5; round++) {
      const person = await signIn(b.app);
      // Kept on A.
      expect((await adminMe(a, person.token)).statusCode).toBe(403);
      expect((await adminMe(a, person.token)).statusCode).toBe(403);

      // Made a moderator by hand: A's very next call knows.
      await database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, person.userId));
      expect((await adminMe(a, person.token)).statusCode).toBe(200);

      // Banned by hand: refused at once.
      await database.db.update(users).set({ status: 'banned' }).where(eq(users.id, person.userId));
      const banned = await adminMe(a, person.token);
      expect(banned.statusCode).toBe(403);
      expect(banned.json().errorCode).toBe(ErrorCode.BANNED);
      await database.db.update(users).set({ status: 'active' }).where(eq(users.id, person.userId));
      expect((await adminMe(a, person.token)).statusCode).toBe(200);

      // Signed out on B: A answers 401 on the next call.
      expect((await b.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(person.token) })).statusCode).toBe(204);
      expect((await adminMe(a, person.token)).statusCode).toBe(401);
    }
  });

  it('answer the signed-in user’s profile from the kept session: exact, and without reading the users table', async () => {
    const person = await signIn(b.app);
    const profile = async () => (await a.app.inject({ url: '/api/users/profile', headers: bearer(person.token) })).json<{ name: string }>();
    await profile();
    // Renamed on B, then by hand: A's next answer has each name.
    expect(
      (await b.app.inject({ method: 'PUT', url: `/api/users/${person.userId}`, headers: bearer(person.token), payload: { name: 'Aisyah' } }))
        .statusCode,
    ).toBe(200);
    expect((await profile()).name).toBe('Aisyah');
    await database.db.update(users).set({ name: 'Mei Ling' }).where(eq(users.id, person.userId));
    expect((await profile()).name).toBe('Mei Ling');
    // The users table held by a transaction: the kept session answers anyway (a read of the table would wait).
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${users} in access exclusive mode`);
      locked();
      await released;
    });
    await lockTaken;
    try {
      const answered = await Promise.race([profile(), new Promise((resolve) => setTimeout(() => resolve('waiting on the users table'), 3000))]);
      expect(answered).toMatchObject({ id: person.userId, name: 'Mei Ling' });
    } finally {
      release();
      await holding;
    }
  });
});

describe.skipIf(inject('template').kind !== 'postgres')(
  'PostgreSQL’s listening connection: one barrier for the calls that arrived before it was sent (runs with TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database.drop());

    /** Counts the barriers sent (`select 1` on the listening connection; nothing else runs here). */
    const countBarriers = () => {
      const query = vi.spyOn(pg.Client.prototype, 'query');
      return { sent: () => query.mock.calls.filter(([text]) => text === 'select 1').length, restore: () => query.mockRestore() };
    };

    it('answers from the last barrier when it was sent at or after the time given, and sends one otherwise', async () => {
      const heard: (string | undefined)[] = [];
      const listening = await database.listen(SESSIONS_CHANNEL, (payload) => heard.push(payload));
      const barriers = countBarriers();
      try {
        const [person] = await database.db.insert(users).values({ phoneNumber: freshPhone() }).returning();
        const userId = person!.id;
        await database.db.update(users).set({ name: 'Aisyah' }).where(eq(users.id, userId));
        // A page arrives after the change committed: its first call's barrier hears it, its next ones need no other.
        const arrived = performance.now();
        expect(await listening.sync(arrived)).toBe(true);
        expect(heard).toContain(userId);
        expect(barriers.sent()).toBe(1);
        expect(await listening.sync(arrived)).toBe(true);
        // Calls side by side with the barrier still on its way wait for that one.
        expect(await Promise.all([listening.sync(performance.now()), listening.sync(arrived)])).toEqual([true, true]);
        expect(barriers.sent()).toBe(2);
        expect(await Promise.all([listening.sync(arrived), listening.sync(arrived)])).toEqual([true, true]);
        expect(barriers.sent()).toBe(2);
        // A call that gives no time, or one later than the last barrier was sent, gets a barrier of its own.
        expect(await listening.sync()).toBe(true);
        expect(barriers.sent()).toBe(3);
        const later = performance.now();
        expect(await listening.sync(later)).toBe(true);
        expect(barriers.sent()).toBe(4);
      } finally {
        barriers.restore();
        await listening.stop();
      }
    });

    it('a connection lost since the barrier was sent: the barrier answers no more, a new one is sent once connected again', async () => {
      const heard: (string | undefined)[] = [];
      const listening = await database.listen(SESSIONS_CHANNEL, (payload) => heard.push(payload));
      const barriers = countBarriers();
      try {
        const arrived = performance.now();
        expect(await listening.sync(arrived)).toBe(true);
        expect(await listening.sync(arrived)).toBe(true);
        expect(barriers.sent()).toBe(1);
        // The listening connection's server process ends (as in a failover); this test's pool has no other `listen`.
        await database.raw(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query in ('select 1', 'listen ${SESSIONS_CHANNEL}')`,
          [],
        );
        // Down (it connects again after a second): nothing can be promised.
        await vi.waitFor(async () => expect(await listening.sync(arrived)).toBe(false), { timeout: 900, interval: 20 });
        // Back: it says anything may have been missed, and the earlier barrier does not answer for the new connection.
        await vi.waitFor(() => expect(heard).toContain(undefined), { timeout: 5000, interval: 20 });
        const before = barriers.sent();
        expect(await listening.sync(arrived)).toBe(true);
        expect(barriers.sent()).toBe(before + 1);
        expect(await listening.sync(arrived)).toBe(true);
        expect(barriers.sent()).toBe(before + 1);
      } finally {
        barriers.restore();
        await listening.stop();
      }
    });
  },
);
