import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '@kunci/contracts/errors';
import { AppError } from '../lib/app-error.ts';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { errorHandlerPlugin } from './error-handler.ts';

describe('error handler on the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a malformed or unknown parameter with 422 naming it, in the caller’s language', async () => {
    const res = await t.app.inject({ url: '/api/properties/search?pageSize=abc&colour=red', headers: { 'accept-language': 'ms-MY,ms;q=0.9' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errorCode).toBe(ErrorCode.VALIDATION);
    expect(body.message).toBe('Sebahagian medan tidak sah.');
    const paths = body.fields.map((f: { path: string }) => f.path);
    expect(paths).toContain('querystring.colour');
    expect(paths).toContain('querystring.pageSize');
  });

  it('answers an unknown API path with a JSON 404 in Chinese when asked', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing', headers: { 'x-language': 'zh' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorCode: ErrorCode.NOT_FOUND, message: '找不到您请求的内容。' });
  });
});

describe('error handler in isolation', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandlerPlugin);
    app.get('/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    app.get('/gone', async () => {
      throw new AppError(ErrorCode.GONE);
    });
    app.post('/echo', { schema: { body: z.object({ name: z.string().min(4) }) } }, async (req) => req.body);
    await app.ready();
  });
  afterAll(() => app.close());

  it('hides the message of a 5xx', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errorCode: ErrorCode.INTERNAL, message: 'Something went wrong' });
    expect(res.body).not.toContain('postgres://');
  });

  it('maps an AppError code to its status', async () => {
    const res = await app.inject({ url: '/gone' });
    expect(res.statusCode).toBe(410);
    expect(res.json().errorCode).toBe(ErrorCode.GONE);
  });

  it('names the failing body field', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'ab' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[0].path).toBe('body.name');
  });

  it('answers broken JSON with 400 and an error code', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(ErrorCode.BAD_REQUEST);
  });
});
