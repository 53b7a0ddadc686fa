import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { ServerEvent } from '@kunci/contracts/chat';
import { ErrorCode } from '@kunci/contracts/errors';
import { isDatabaseUnavailable, openDatabase, type DatabaseHandle } from '@kunci/db/client';
import { sessions, users } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import { databaseUrl } from '../../../test/template.ts';
import { freshPhone, openTestDatabase, testConfig, testRedisUrl, type TestDatabase } from '../test/support.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { buildApp } from './app.ts';
import { newToken, tokenHash } from './lib/sessions.repository.ts';
import { createChatHub, type ChatHub } from './features/chat/chat-hub.ts';
import { createRedis } from './plugins/redis.ts';

// Outages are played with a TCP proxy in front of the real servers: refused (stopped), silent (hung), resumed.

const redisUrl = testRedisUrl();
const template = inject('template');

/** Waits (within the test's own timeout) until the check passes. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 4000, interval: 50 });

// Each step within 5 s: nothing may wait long on a server that is away.
const FAST = { timeout: 5000 };

describe.skipIf(!redisUrl)('Redis going away and coming back (runs with TEST_REDIS_URL)', FAST, () => {
  let proxy: TcpProxy;
  let redis: Redis;
  let direct: Redis;
  let database: TestDatabase;
  let app: FastifyInstance;
  let hub: ChatHub;
  let prefix: string;
  const logs: { level: number; msg: string }[] = [];
  const received: ServerEvent[] = [];

  beforeAll(async () => {
    proxy = await startTcpProxy(redisUrl!);
    redis = createRedis(proxy.url);
    await redis.connect();
    direct = new Redis(redisUrl!);
    database = await openTestDatabase();
    // (Its keys are this file's own, testConfig's prefix: no other file's PIN requests count in its per-address cap.)
    const config = testConfig({ LOG_LEVEL: 'info' });
    prefix = config.redisKeyPrefix;
    app = await buildApp({
      config,
      database,
      store: new LocalDiskStore(config.mediaDir),
      redis,
      web: false,
      logStream: { write: (line) => logs.push(JSON.parse(line) as { level: number; msg: string }) },
    });
    await app.ready();
    hub = await createChatHub(redis, prefix);
    hub.attach('user-1', { send: (data) => received.push(JSON.parse(data) as ServerEvent) });
  });
  afterAll(async () => {
    await hub?.close();
    await app?.close();
    redis?.disconnect();
    await direct?.quit();
    await proxy?.close();
    await database?.drop();
  });

  const search = async () => (await app.inject({ url: `/api/properties/search?minPrice=${Math.floor(Math.random() * 1000)}` })).statusCode;
  const requestPin = async (phone: string) => (await app.inject({ method: 'POST', url: '/api/pin/request', payload: { phoneNo: phone } })).statusCode;
  const ready = async () =>
    (await app.inject({ url: '/api/ready' })) as { statusCode: number; json(): { status: string; checks: { redis?: { ok: boolean } } } };
  const inRedis = async (phone: string) => Number(await direct.get(`${prefix}c:pin:h:phone:${phone}`));
  const outageWarnings = () => logs.filter((line) => line.level === 40 && line.msg.startsWith('Redis unavailable')).length;
  const typing = (conversationId: number): ServerEvent => ({ type: 'typing', conversationId, userId: 'user-2' });
  const backToRedis = () =>
    eventually(async () => {
      expect((await ready()).json().status).toBe('ready');
    });

  it('counts PIN requests in Redis while it answers', async () => {
    const phone = freshPhone();
    expect(await requestPin(phone)).toBe(200);
    expect(await inRedis(phone)).toBe(1);
    expect((await ready()).json()).toMatchObject({ status: 'ready', checks: { redis: { ok: true } } });
  });

  it('refused: searches and PIN requests still answer, counted in memory; ready says degraded; one warning', async () => {
    await proxy.refuse();
    const phone = freshPhone();
    expect(await search()).toBe(200);
    expect(await requestPin(phone)).toBe(200);
    // The resend cooldown still holds, counted in this instance's memory.
    expect(await requestPin(phone)).toBe(429);
    expect(await inRedis(phone)).toBe(0);
    for (let i = 0; i < 3; i++) expect(await search()).toBe(200);

    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', checks: { redis: { ok: false } } });
    expect(outageWarnings()).toBe(1);
  });

  it('refused: chat events reach this instance’s own sockets', async () => {
    await hub.publish(['user-1'], typing(1));
    expect(received.at(-1)).toMatchObject({ conversationId: 1 });
  });

  it('back: counters, chat and readiness use Redis again, without a restart', async () => {
    await proxy.resume();
    await backToRedis();
    const phone = freshPhone();
    expect(await requestPin(phone)).toBe(200);
    expect(await inRedis(phone)).toBe(1);
    expect(logs.some((line) => line.msg.startsWith('Redis is back'))).toBe(true);
    // Through Redis: the event arrives by the subscription.
    const before = received.length;
    await hub.publish(['user-1'], typing(2));
    await eventually(async () => {
      expect(received.length).toBe(before + 1);
    });
  });

  it('silent: searches and PIN requests still answer; ready says degraded; one more warning', async () => {
    proxy.silence();
    const phone = freshPhone();
    expect(await search()).toBeLessThan(500);
    expect(await requestPin(phone)).toBe(200);
    expect(await requestPin(phone)).toBe(429);
    for (let i = 0; i < 3; i++) expect(await search()).toBe(200);
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'degraded', checks: { redis: { ok: false } } });
    expect(outageWarnings()).toBe(2);
    await hub.publish(['user-1'], typing(3));
    expect(received.at(-1)).toMatchObject({ conversationId: 3 });
  });

  it('back after silence: counters go to Redis again', async () => {
    await proxy.resume();
    await backToRedis();
    const phone = freshPhone();
    expect(await requestPin(phone)).toBe(200);
    expect(await inRedis(phone)).toBe(1);
  });
});

describe.skipIf(template.kind !== 'postgres')('PostgreSQL going away and coming back (runs with TEST_DATABASE_URL)', FAST, () => {
  const name = `kunci_t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let admin: pg.Client;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.name}`);
    proxy = await startTcpProxy(databaseUrl(template.adminUrl, name));
    // The limits a server runs with (DATABASE_TIMEOUT_MS's default).
    database = await openDatabase({ url: proxy.url, poolSize: 4, timeouts: { connectMs: 2000, statementMs: 2000 } });
    const config = testConfig();
    app = await buildApp({ config, database, store: new LocalDiskStore(config.mediaDir), web: false });
    await app.ready();
  });
  afterAll(async () => {
    await proxy?.resume();
    await app?.close();
    await database?.close();
    await proxy?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  const search = () => app.inject({ url: '/api/properties/search?bedrooms=2' });
  let token: string;
  /** A signed-in call that needs nothing from the database but the session: answered from the instance's session cache. */
  const signedIn = () => app.inject({ url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } });

  it('runs its statements without JIT compilation (each meant to take milliseconds)', async () => {
    expect(((await database.raw('show jit', [])) as { rows: unknown[] }).rows).toEqual([{ jit: 'off' }]);
  });

  it('answers while the server answers', async () => {
    expect((await search()).statusCode).toBe(200);
    const [person] = await database.db.insert(users).values({ phoneNumber: freshPhone(), role: 'moderator' }).returning();
    token = newToken();
    await database.db
      .insert(sessions)
      .values({ userId: person!.id, tokenHash: tokenHash(token), method: 'pin', expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await signedIn()).statusCode).toBe(200);
    expect((await signedIn()).statusCode).toBe(200);
  });

  it('a burst larger than the pool waits in line for a connection (past the connect timeout) rather than answering 503', async () => {
    // Every connection of the pool (4) busy for longer than DATABASE_TIMEOUT_MS (2 s), each statement within it.
    const busy = Array.from({ length: 4 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(1.4)`);
        await tx.execute(sql`select pg_sleep(1.4)`);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    expect((await search()).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThan(2000);
    await Promise.all(busy);
  });

  it('a connection ended by the server while a transaction holds it fails that transaction, not the process', async () => {
    const uncaught = vi.fn();
    process.on('uncaughtException', uncaught);
    try {
      // As when PostgreSQL restarts, or ends a session idle in its transaction too long, between two statements.
      const failure = await database.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
          const [backend] = rows;
          await admin.query('select pg_terminate_backend($1)', [backend!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(uncaught).not.toHaveBeenCalled();
      expect((await search()).statusCode).toBe(200);
    } finally {
      process.off('uncaughtException', uncaught);
    }
  });

  it('silent: a call answers 503 UNAVAILABLE', async () => {
    proxy.silence();
    const res = await search();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ errorCode: ErrorCode.UNAVAILABLE });
    expect(res.json().message).toBeTruthy();
  });

  it('silent: the next call too (its connection from the pool, or a new one, waits in vain)', async () => {
    const res = await search();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ errorCode: ErrorCode.UNAVAILABLE });
  });

  it('silent: a signed-in call whose session is kept answers 503 too, within the statement limit, not never', async () => {
    const started = performance.now();
    const res = await signedIn();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ errorCode: ErrorCode.UNAVAILABLE });
    expect(performance.now() - started).toBeLessThan(3500);
  });

  it('silent: ready answers 503 unavailable', async () => {
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: { ok: false } } });
  });

  it('silent: a burst larger than the pool answers 503 as soon as the first call finds the server silent', async () => {
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 12 }, () => search()));
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 12 }, () => 503));
    // The four holding connections wait for the statement limit (2.5 s); those in line are told then, not 10 s later.
    expect(performance.now() - started).toBeLessThan(3500);
  });

  it('back: the same call succeeds without a restart', async () => {
    await proxy.resume();
    expect((await search()).statusCode).toBe(200);
    // The session cache listens again (it gave up the silent connection) and answers signed-in calls.
    await eventually(async () => expect((await signedIn()).statusCode).toBe(200));
  });

  it('refused: 503 UNAVAILABLE, then back again', async () => {
    await proxy.refuse();
    const res = await search();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ errorCode: ErrorCode.UNAVAILABLE });
    await proxy.resume();
    expect((await search()).statusCode).toBe(200);
  });
});
