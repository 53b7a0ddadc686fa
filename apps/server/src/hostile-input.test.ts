import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, ErrorCode } from '@kunci/contracts/errors';
import { condoInput } from './features/listing-management/test-helpers.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/support.ts';
import { operations, type JsonSchema } from '../test/openapi-fuzz.ts';

/** Every documented field of a body schema, as paths (`['tenantInfo', 'note']`; arrays by their first item). */
function fieldPaths(schema: JsonSchema | undefined, resolve: (s: JsonSchema) => JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 6) return [];
  const s = resolve(schema);
  const nested = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  if (nested.length) return nested.flatMap((alternative) => fieldPaths(alternative, resolve, prefix, depth + 1));
  if (s.items)
    return [[...prefix, '0'], ...fieldPaths(s.items, resolve, [...prefix, '0'], depth + 1)].filter(
      (p, i, all) => all.findIndex((q) => q.join('.') === p.join('.')) === i,
    );
  return Object.entries(s.properties ?? {}).flatMap(([key, value]) => [[...prefix, key], ...fieldPaths(value, resolve, [...prefix, key], depth + 1)]);
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (!rest.length) return { ...target, [head!]: value };
  const inner = target[head!];
  const container = rest[0] === '0' ? [] : inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {};
  if (Array.isArray(container)) return { ...target, [head!]: [rest.length === 1 ? value : setAt({}, rest.slice(1), value)] };
  return { ...target, [head!]: setAt(container, rest, value) };
}

function expectErrorShape(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(ErrorBody.safeParse(JSON.parse(res.body)).success, res.body).toBe(true);
}

describe('hostile input', () => {
  let t: TestApp;
  let user: { userId: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { RATE_LIMIT_MAX: '1000000' } });
    user = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('refuses a NUL character in every text field of every operation with 422 naming the field, and keeps answering', async () => {
    const { list, resolve } = operations((await t.app.inject({ url: '/api/docs/json' })).json());
    const examples: Record<string, Record<string, unknown>> = { 'POST /api/properties': condoInput(), 'PUT /api/properties/{id}': condoInput() };
    let checked = 0;
    for (const op of list) {
      const cases: { where: 'params' | 'querystring' | 'body'; path: string[] }[] = [
        ...op.params.filter((p) => p.in === 'path').map((p) => ({ where: 'params' as const, path: [p.name] })),
        ...op.params.filter((p) => p.in === 'query').map((p) => ({ where: 'querystring' as const, path: [p.name] })),
        ...fieldPaths(op.body, resolve).map((path) => ({ where: 'body' as const, path })),
        ...Object.keys(examples[op.key] ?? {}).map((key) => ({ where: 'body' as const, path: [key] })),
      ];
      for (const { where, path } of cases) {
        const nul = 'ba\u0000ng';
        const pathParams = Object.fromEntries(op.params.filter((p) => p.in === 'path').map((p) => [p.name, '1']));
        if (where === 'params') pathParams[path[0]!] = nul;
        const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name]!));
        const query = where === 'querystring' ? `?${new URLSearchParams({ [path[0]!]: nul })}` : '';
        const body = where === 'body' ? setAt({}, path, nul) : op.body ? {} : undefined;
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: url + query,
          headers: bearer(user.token),
          ...(body ? { payload: body } : {}),
        });
        const field = [where, ...path].join('.');
        expect(res.statusCode, `${op.key} ${field}: ${res.body}`).toBe(422);
        expect(res.json().errorCode).toBe(ErrorCode.VALIDATION);
        expect(res.json().fields, `${op.key} ${field}`).toContainEqual(expect.objectContaining({ path: field }));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
    // The server is still here and still reaches its database.
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  }, 120_000);

  it('names the NUL field in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties/search/name/autocomplete',
      payload: { keywords: 'ba\u0000ng' },
      headers: { 'x-language': 'ms' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errorCode: ErrorCode.VALIDATION,
      message: 'Sebahagian medan tidak sah.',
      fields: [{ path: 'body.keywords', message: 'Nilai ini tidak sah.' }],
    });
  });

  it('refuses ids beyond a 32-bit column with 422, not a database error', async () => {
    for (const payload of [{ landmarkLabelId: 2 ** 31 }, { landmarkLabelId: 2 ** 53 - 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/property-prices/statistics', payload });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fields[0].path).toBe('body.landmarkLabelId');
    }
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      payload: condoInput({ landmarkLabelId: 2 ** 31 }),
      headers: bearer(user.token),
    });
    expect(draft.statusCode, draft.body).toBe(422);
  });

  it('refuses dates that do not exist with 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: { propertyId: 1, moveInDate: '2026-13-45', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' },
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields[0].path).toBe('body.moveInDate');
  });

  it('answers a cookie write from Origin: null or a malformed Origin with 403', async () => {
    for (const origin of ['null', 'http://[', 'not a url', 'https://evil.example']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.userId}`,
        payload: { name: 'Aisyah' },
        headers: { cookie: `authToken=${user.token}`, origin },
      });
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(403);
      expect(res.json().errorCode).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it('treats a malformed cookie as no cookie, for the API and for pages', async () => {
    for (const cookie of ['authToken=%', 'authToken=%E0%A4%A', 'lang=%; authToken=%zz']) {
      const api = await t.app.inject({ url: '/api/users/profile', headers: { cookie } });
      expect(api.statusCode, api.body).toBe(401);
      expectErrorShape(api);
      expect((await t.app.inject({ url: '/api/health', headers: { cookie } })).statusCode).toBe(200);
    }
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
    const page = await t.app.inject({ url: '/', headers: { cookie: 'authToken=%' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers URLs that cannot be decoded, and wrong-case API paths, in the error shape', async () => {
    for (const url of ['/api/properties/%E0%A4%A', '/api/users/%', '/api/properties/%E0%A4%A/content', '/search/%E0%A4%A', '/%E0%A4%A']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expectErrorShape(res);
      expect(res.json().errorCode).toBe(ErrorCode.BAD_REQUEST);
    }
    for (const url of ['/API/HEALTH', '/Api/health', '/api/Health', '/Api/properties/search?q=bangsar']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expectErrorShape(res);
    }
    // A page whose query cannot be decoded still renders.
    const page = await t.app.inject({ url: '/?q=%E0%A4%A' });
    expect(page.statusCode).toBeLessThan(500);
  });

  it('answers oversized headers with 431 in the error shape', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', (error) => (text ? resolve(text) : reject(error)));
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({ errorCode: ErrorCode.BAD_REQUEST, message: expect.any(String) });
  });

  it('refuses a truncated JPEG avatar with 422 INVALID_IMAGE', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    for (const length of [2, 200, Math.floor(jpeg.length / 2), jpeg.length - 2]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.userId}/avatar`,
        payload: jpeg.subarray(0, length),
        headers: { ...bearer(user.token), 'content-type': 'image/jpeg' },
      });
      expect(res.statusCode, `${length} bytes: ${res.body}`).toBe(422);
      expect(res.json().errorCode).toBe(ErrorCode.INVALID_IMAGE);
    }
  });
});
