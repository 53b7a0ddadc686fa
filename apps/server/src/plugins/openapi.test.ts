import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support.ts';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents every API route', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const documented = new Set<string>();
    for (const [path, methods] of Object.entries(res.json().paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(methods)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    expect(t.app.apiRoutes).toContain('GET /api/properties/{id}');
    // OpenAPI cannot describe a socket's protocol: the chat socket is described in the document's introduction.
    const description = res.json().info.description as string;
    const undocumented = t.app.apiRoutes.filter((route) => !documented.has(route) && !description.includes(route));
    expect(undocumented).toEqual([]);
  });

  it('serves a readable docs page', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
    const page = res.statusCode === 302 ? await t.app.inject({ url: String(res.headers.location).replace(/^\.\//, '/api/docs/') }) : res;
    expect(page.body).toContain('swagger');
  });
});
