import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache.ts';
import { pageApiCalls, type ApiAnswer } from './page-api.ts';

/** An in-process API that answers each path with a new body and counts its calls. */
function fakeApi(status: (path: string) => number = () => 200) {
  const calls: string[] = [];
  const call = async (_visitor: string, path: string): Promise<ApiAnswer> => {
    calls.push(path);
    const statusCode = status(path);
    return {
      statusCode,
      headers: { 'content-type': 'application/json', ...(statusCode === 429 && { 'retry-after': '7' }) },
      rawPayload: Buffer.from(JSON.stringify({ path, n: calls.length, items: [{ name: 'Bangsar' }] })),
    };
  };
  return { call, calls };
}

describe("a page's API calls", () => {
  it('parse an answer everyone shares once, frozen, and every page reads the same objects until its tag changes', async () => {
    const pageCache = createPageCache();
    const { call, calls } = fakeApi();
    const pageApi = pageApiCalls({ call, pageCache });
    const first = await (await pageApi('tenant', '/areas')).json();
    const second = await (await pageApi('visitor', '/areas')).json();
    expect(calls).toEqual(['/areas']);
    expect(second).toBe(first);
    expect(first).toEqual({ path: '/areas', n: 1, items: [{ name: 'Bangsar' }] });
    // One page cannot change what another reads.
    expect(() => ((first as { items: { name: string }[] }).items[0]!.name = 'Mont Kiara')).toThrow(TypeError);
    expect(() => (first as { items: unknown[] }).items.push({})).toThrow(TypeError);

    await pageCache.invalidate(['content']);
    expect(await (await pageApi('tenant', '/areas')).json()).toBe(first);
    await pageCache.invalidate(['listings']);
    const third = await (await pageApi('tenant', '/areas')).json();
    expect(third).not.toBe(first);
    expect(third).toMatchObject({ n: 2 });
    pageCache.close();
  });

  it("make every other call for its page, with the answer's status and headers", async () => {
    const pageCache = createPageCache();
    const { call, calls } = fakeApi((path) => (path === '/busy' ? 429 : 200));
    const pageApi = pageApiCalls({ call, pageCache });
    const profile = await pageApi('tenant', '/users/profile');
    await pageApi('tenant', '/users/profile');
    expect(calls).toEqual(['/users/profile', '/users/profile']);
    expect([profile.ok, profile.status, profile.headers.get('Content-Type')]).toEqual([true, 200, 'application/json']);
    const parsed = await profile.json();
    expect(Object.isFrozen(parsed)).toBe(false);
    const busy = await pageApi('tenant', '/busy');
    expect([busy.ok, busy.status, busy.headers.get('retry-after'), busy.headers.get('etag')]).toEqual([false, 429, '7', null]);
    pageCache.close();
  });

  it('never keep a failed answer, and keep nothing without a page cache', async () => {
    const pageCache = createPageCache();
    let failing = true;
    const failingApi = fakeApi(() => (failing ? 503 : 200));
    const withCache = pageApiCalls({ call: failingApi.call, pageCache });
    expect((await withCache('visitor', '/areas')).status).toBe(503);
    failing = false;
    expect((await withCache('visitor', '/areas')).status).toBe(200);
    expect(failingApi.calls).toHaveLength(2);

    const plain = fakeApi();
    const withoutCache = pageApiCalls({ call: plain.call });
    await withoutCache('visitor', '/areas');
    await withoutCache('visitor', '/areas');
    expect(plain.calls).toHaveLength(2);
    pageCache.close();
  });

  it('keep at most their size of answers, the oldest out first', async () => {
    const pageCache = createPageCache();
    const { call, calls } = fakeApi();
    // Room for one answer (its JSON and its parsed objects), not two.
    const pageApi = pageApiCalls({ call, pageCache, maxBytes: 400 });
    await pageApi('visitor', '/areas');
    await pageApi('visitor', '/property-types');
    await pageApi('visitor', '/property-types');
    await pageApi('visitor', '/areas');
    expect(calls).toEqual(['/areas', '/property-types', '/areas']);
    pageCache.close();
  });
});
