import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import { createTestApp, openTestDatabase, testRedisUrl, type TestApp } from '../../test/support.ts';

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
