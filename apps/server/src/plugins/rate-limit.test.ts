import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ErrorCode } from '@kunci/contracts/errors';
import { createTestApp, openTestDatabase, testRedisUrl, type TestApp } from '../../test/support.ts';
import { errorHandlerPlugin } from './error-handler.ts';
import { createCounter, rateLimitPlugin } from './rate-limit.ts';

describe('rate limits', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('answers 429 with an error code past the limit, for the API only', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    apps.push(t);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ url: '/api/health', remoteAddress: '10.1.1.1' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ url: '/api/health', remoteAddress: '10.1.1.1', headers: { 'accept-language': 'zh' } });
    expect(limited.json()).toEqual({ errorCode: ErrorCode.RATE_LIMITED, message: '请求过于频繁，请稍候再试。' });
    expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.1.1.2' })).statusCode).toBe(200);
  });

  it.runIf(testRedisUrl())('shares one budget across two instances through Redis', async () => {
    const database = await openTestDatabase();
    const env = { RATE_LIMIT_MAX: '4' };
    const a = await createTestApp({ env, database, redis: true });
    const b = await createTestApp({ env, database, redis: true });
    apps.push(a, b);
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await (i % 2 ? b : a).app.inject({ url: `/api/health?r=${randomUUID()}`, remoteAddress: ip })).statusCode);
    // Each instance alone would allow 4; together they allow 4 in all.
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    await a.app.close();
    await b.app.close();
    await database.drop();
  });
});

describe('API and page limits', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('says when to come back, and cannot be skipped by guessing the mark of in-process calls', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
    apps.push(t);
    const call = () => t.app.inject({ url: '/api/health', remoteAddress: '10.2.2.2', headers: { 'x-internal-call': 'guess' } });
    expect([(await call()).statusCode, (await call()).statusCode]).toEqual([200, 200]);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a client gone before its request was read', () => {
  it('is not counted, and its request does not fail for want of an address', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    // A socket that has closed has no remote address: Fastify's request.ip is then undefined.
    app.addHook('onRequest', async (request) => {
      Object.defineProperty(request, 'ip', { value: undefined });
    });
    await app.register(rateLimitPlugin, { max: 3, pageMax: 3, windowMs: 60_000, redis: undefined, prefix: 'kunci-test:' });
    app.get('/api/ping', async () => ({ ok: true }));
    app.get('/page', { config: { page: true } }, async () => 'page');
    await app.ready();
    try {
      expect((await app.inject({ url: '/api/ping' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/page' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('rate limits while Redis fails', () => {
  const closers: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  async function limitedApp(redis: Redis) {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(rateLimitPlugin, {
      max: 3,
      pageMax: 3,
      windowMs: 60_000,
      redis,
      prefix: 'kunci-test:',
      redisTimeoutMs: 100,
      redisRetryMs: 60_000,
    });
    app.get('/api/ping', async () => ({ ok: true }));
    await app.ready();
    closers.push(() => app.close());
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await app.inject({ url: '/api/ping', remoteAddress: '10.3.3.3' })).statusCode);
    return codes;
  }

  it('counts in memory when Redis refuses connections', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const redis = new Redis({ host: '127.0.0.1', port, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 200 });
    redis.on('error', () => {});
    closers.push(() => redis.disconnect());
    // Neither failed nor let through: the instance keeps its own count.
    expect(await limitedApp(redis)).toEqual([200, 200, 200, 429, 429]);
  });

  it('counts in memory when Redis is silent, waiting for it once rather than on every request', async () => {
    // A Redis that answers the connection's handshake, then nothing more (hung, or cut off by the network).
    let silent = false;
    let received = '';
    const hung = createServer((socket) =>
      socket.on('data', (chunk) => {
        const text = chunk.toString();
        if (silent) return void (received += text);
        socket.write('+OK\r\n'.repeat(text.match(/\*\d+\r\n/g)?.length ?? 0));
      }),
    );
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as AddressInfo;
    const redis = new Redis({ host: '127.0.0.1', port, protocol: 2, maxRetriesPerRequest: 0 });
    redis.on('error', () => {});
    closers.push(() => new Promise((resolve) => hung.close(resolve)));
    closers.push(() => redis.disconnect());
    await new Promise((resolve) => redis.once('ready', resolve));
    silent = true;
    expect(await limitedApp(redis)).toEqual([200, 200, 200, 429, 429]);
    // The first count waited for Redis up to the timeout; the next ones went to memory without asking it.
    expect(received.match(/\$4\r\neval\r\n/gi)?.length).toBe(1);
  });
});

describe('counting in blocks', () => {
  /** A Redis that runs the counter's script on a map, and counts the round trips. */
  function scriptedRedis() {
    const values = new Map<string, { value: number; expiresAt: number }>();
    const fake = {
      status: 'ready',
      calls: 0,
      async eval(_script: string, _keys: number, key: string, windowMs: number, by: number) {
        fake.calls += 1;
        const now = Date.now();
        let entry = values.get(key);
        if (!entry || entry.expiresAt <= now) entry = { value: 0, expiresAt: now + Number(windowMs) };
        entry.value += Number(by);
        values.set(key, entry);
        return [entry.value, entry.expiresAt - now];
      },
    };
    return fake;
  }
  const counterOn = (redis: ReturnType<typeof scriptedRedis>) =>
    createCounter({ redis: redis as unknown as Redis, prefix: 't:', redisTimeoutMs: 1_000, redisRetryMs: 1_000, log: pino({ level: 'silent' }) });

  it('asks Redis once per block, not once per request, far from the limit', async () => {
    const redis = scriptedRedis();
    const count = counterOn(redis);
    const seen = [];
    for (let i = 0; i < 200; i++) seen.push((await count('10.0.0.1', 60_000, 600)).current);
    // Each request still gets its own number, in order.
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // Blocks of 1, 2, 4, 8, 16, then 32 each.
    expect(redis.calls).toBeLessThanOrEqual(11);
  });

  it('never lets a client through past the limit, with two instances sharing the budget', async () => {
    const redis = scriptedRedis();
    const a = counterOn(redis);
    const b = counterOn(redis);
    let allowed = 0;
    for (let i = 0; i < 400; i++) {
      // Bursts on one instance, then the other: each holds counts the other cannot use.
      const count = Math.floor(i / 7) % 2 ? b : a;
      if ((await count('10.0.0.2', 60_000, 300)).current <= 300) allowed += 1;
    }
    expect(allowed).toBeLessThanOrEqual(300);
    // Counts taken and left unspent on the other instance cost the client a few requests at most.
    expect(allowed).toBeGreaterThanOrEqual(290);
  });

  it('spends one block on a burst of calls made at once, rather than taking a block for each', async () => {
    const redis = scriptedRedis();
    const count = counterOn(redis);
    const currents: number[] = [];
    // Three bursts of 100 calls at once (a busy office behind one address).
    for (let burst = 0; burst < 3; burst++)
      currents.push(...(await Promise.all(Array.from({ length: 100 }, () => count('10.0.0.5', 60_000, 600)))).map((c) => c.current));
    expect(new Set(currents).size).toBe(300);
    expect(Math.max(...currents)).toBe(300);
    // What Redis counted is what was used, but for the last block's unspent counts.
    const stored = (await redis.eval('', 1, 't:10.0.0.5', 60_000, 0))[0]!;
    expect(stored).toBeLessThan(300 + 32);
  });

  it('counts one request at a time near the limit', async () => {
    const redis = scriptedRedis();
    const count = counterOn(redis);
    for (let i = 0; i < 10; i++) await count('10.0.0.3', 60_000, 10);
    // Never more than an eighth of what is left in one block: with 10 that is always 1.
    expect(redis.calls).toBe(10);
    expect((await count('10.0.0.3', 60_000, 10)).current).toBe(11);
  });

  it.runIf(testRedisUrl())('takes blocks from a real Redis with the window it set', async () => {
    const redis = new Redis(testRedisUrl()!);
    try {
      await new Promise((resolve) => redis.once('ready', resolve));
      const options = { redis, prefix: `kunci-test-${randomUUID()}:`, redisTimeoutMs: 1_000, redisRetryMs: 1_000, log: pino({ level: 'silent' }) };
      const a = createCounter(options);
      const b = createCounter(options);
      const seen = [];
      for (let i = 0; i < 100; i++) seen.push(await (i < 50 ? a : b)('10.0.0.4', 60_000, 600));
      // b's numbers follow a's block, a's unspent counts included: never a number given twice.
      expect(new Set(seen.map((c) => c.current)).size).toBe(100);
      expect(seen.at(-1)!.ttl).toBeGreaterThan(50_000);
      expect(Number(await redis.get(`${options.prefix}10.0.0.4`))).toBeGreaterThanOrEqual(100);
    } finally {
      redis.disconnect();
    }
  });
});
