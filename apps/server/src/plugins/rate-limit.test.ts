import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { createTestApp, openTestDatabase, testRedisUrl, type TestApp } from '../../test/support.ts';
import { errorHandlerPlugin } from './error-handler.ts';
import { rateLimitPlugin } from './rate-limit.ts';

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
