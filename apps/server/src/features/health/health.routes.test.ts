import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.ts';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redis: true });
  });
  afterAll(() => t.close());

  it('GET /api/health answers 200 with a request id', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('GET /api/ready reports the database (and Redis when configured)', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.database.driver).toBe(process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite');
    if (process.env['TEST_REDIS_URL']) expect(body.checks.redis.ok).toBe(true);
    else expect(body.checks.redis).toBeUndefined();
  });

  it('GET /api/ready answers 503 when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database.ok).toBe(false);
    await broken.close();
  });

  it('keeps a client-given request id', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-12345678' } });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
  });
});
