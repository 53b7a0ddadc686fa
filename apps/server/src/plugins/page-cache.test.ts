import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { areas, properties, users } from '@kunci/db/schema';
import { formatMoney } from '@kunci/i18n/format';
import { bearer, createTestApp, signIn, testRedisUrl, type TestApp } from '../../test/support.ts';
import { createRedis } from './redis.ts';
import { changesListings, createPageCache, makeEntry, scriptSources } from './page-cache.ts';

/** A live whole home in Bangsar (in the results of /rent/bangsar), made `ownerId`'s: its listing. */
async function ownLiveHome(t: TestApp, ownerId: string): Promise<{ id: number }> {
  const [listing] = await t.database.db
    .select({ id: properties.id })
    .from(properties)
    .innerJoin(areas, eq(areas.id, properties.areaId))
    .where(
      and(
        eq(properties.reviewStatus, 'APPROVED'),
        eq(properties.status, 'ACTIVE'),
        inArray(properties.type, ['HIGHRISE', 'LANDED']),
        eq(areas.slug, 'bangsar'),
      ),
    )
    .limit(1);
  await t.database.db.update(properties).set({ ownerId }).where(eq(properties.id, listing!.id));
  return listing!;
}

/** The owner changes the listing's rent through the API. */
const reprice = (t: TestApp, listing: { id: number }, token: string, price: number) =>
  t.app.inject({ method: 'PUT', url: `/api/properties/${listing.id}`, payload: { price }, headers: { authorization: `Bearer ${token}` } });

/** The shared page cache for signed-out visitors, through the real app and web build (docs/decisions/0013-page-cache.md). */
describe('page cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { PUBLIC_URL: 'https://kunci.test' } });
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
  });
  afterAll(() => t.close());

  const returning = 'lang=en; xDeviceId=web-1b4e28ba-2ca1-11d0-9c3e-0e7c8e4c0a11';
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie: returning, ...headers } });

  it('makes a public page once and serves the same compressed bytes, with an ETag, to every signed-out visitor', async () => {
    const first = await page('/rent/bangsar?furnished=FULLY', { 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(200);
    const again = await page('/rent/bangsar?furnished=FULLY', { 'accept-encoding': 'br, gzip' });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=3');
    expect(again.headers.vary).toContain('Accept-Encoding');
    const html = brotliDecompressSync(again.rawPayload).toString();
    expect(html).toContain('<html lang="en"');
    expect(gunzipSync((await page('/rent/bangsar?furnished=FULLY', { 'accept-encoding': 'gzip' })).rawPayload).toString()).toBe(html);
    expect((await page('/rent/bangsar?furnished=FULLY')).body).toBe(html);
    // The browser checks back with the ETag and gets no body while nothing changed.
    const unchanged = await page('/rent/bangsar?furnished=FULLY', { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A first visit still gets its language and device cookies, and that answer is kept by no one.
    const newcomer = await t.app.inject({ url: '/rent/bangsar?furnished=FULLY' });
    expect(newcomer.headers['x-page-cache']).toBe('hit');
    expect(String(newcomer.headers['set-cookie'])).toMatch(/lang=en.*xDeviceId=web-/);
    expect(newcomer.headers['cache-control']).toBe('no-store');
  });

  it('a kept page still gives a visitor landing from a campaign its attribution cookies, and the language of its address', async () => {
    await page('/my/sewa/bangsar?utm_source=facebook&utm_campaign=raya');
    const landing = await page('/my/sewa/bangsar?utm_source=facebook&utm_campaign=raya');
    expect(landing.headers['x-page-cache']).toBe('hit');
    const cookies = String(landing.headers['set-cookie']);
    expect(cookies).toContain('utm_source=facebook');
    expect(cookies).toContain('utm_campaign=raya');
    expect(cookies).toContain('lang=ms');
    expect(cookies).not.toContain('xDeviceId');
  });

  it('keeps each language apart', async () => {
    for (const [url, lang] of [
      ['/rent/bangsar', 'en'],
      ['/my/sewa/bangsar', 'ms'],
      ['/zh/rent/bangsar', 'zh'],
    ] as const) {
      await page(url);
      const kept = await page(url);
      expect(kept.headers['x-page-cache']).toBe('hit');
      expect(kept.body).toContain(`<html lang="${lang}"`);
    }
  });

  it("keeps the home page's Vary: Cookie (a returning visitor of another language is sent to their home page)", async () => {
    await page('/');
    const kept = await page('/');
    expect(kept.headers['x-page-cache']).toBe('hit');
    expect(String(kept.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['Cookie', 'Accept-Encoding']));
    const returning = await t.app.inject({ url: '/', headers: { cookie: 'lang=zh' } });
    expect(returning.statusCode).toBe(302);
    expect(returning.headers.location).toBe('/zh');
  });

  it('allows exactly the inline scripts of a kept page by their hashes instead of a nonce', async () => {
    await page('/my/sewa/bangsar');
    const res = await page('/my/sewa/bangsar');
    expect(res.headers['x-page-cache']).toBe('hit');
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text] of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(new Set(inline.map((m) => m[1])).size);
  });

  it('never serves a signed-in visitor a kept page, nor keeps theirs for anyone', async () => {
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    await t.database.db.update(users).set({ name: 'Aminah Page-Cache' }).where(eq(users.id, a.userId));
    await page('/rent/bangsar');
    const asA = await page('/rent/bangsar', { cookie: `${returning}; authToken=${a.token}; id=${a.userId}` });
    expect(asA.headers['x-page-cache']).toBeUndefined();
    expect(asA.headers['cache-control']).toBe('no-store');
    expect(asA.headers['content-security-policy']).toMatch(/'nonce-/);
    expect(asA.body).toContain(a.userId);
    const asB = await page('/rent/bangsar', { cookie: `${returning}; authToken=${b.token}; id=${b.userId}` });
    expect(asB.body).toContain(b.userId);
    expect(asB.body).not.toContain(a.userId);
    const signedOut = await page('/rent/bangsar');
    expect(signedOut.headers['x-page-cache']).toBe('hit');
    expect(signedOut.body).not.toContain(a.userId);
    expect(signedOut.body).not.toContain(b.userId);
    // A bearer credential counts as signed in too.
    expect((await page('/rent/bangsar', { authorization: `Bearer ${a.token}` })).headers['x-page-cache']).toBeUndefined();
  });

  it("shows a landlord's new price on the listing page and in results at once for signed-out visitors", async () => {
    const owner = await signIn(t.app);
    const listing = await ownLiveHome(t, owner.userId);
    const details = `/details/${listing.id}`;
    const results = '/rent/bangsar?minPrice=98000';
    for (const url of [details, results]) await page(url);
    expect((await page(details)).headers['x-page-cache']).toBe('hit');
    expect((await page(results)).body).not.toContain(`/details/${listing.id}"`);

    const repriced = await reprice(t, listing, owner.token, 98_765);
    expect(repriced.statusCode, repriced.body).toBe(200);

    const shown = await page(details);
    expect(shown.headers['x-page-cache']).toBe('miss');
    expect(shown.body).toContain(formatMoney('en', 98_765));
    const listed = await page(results);
    expect(listed.body).toContain(`/details/${listing.id}`);
  });

  it('shows a testimonial an editor approves on the home page at once, to signed-out and signed-in visitors', async () => {
    const person = await signIn(t.app);
    await t.database.db.update(users).set({ name: 'Nurul Testimonial' }).where(eq(users.id, person.userId));
    const editor = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'editor' }).where(eq(users.id, editor.userId));
    const message = 'Signed the tenancy online and moved in the same week, no deposit.';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/users/feedbacks',
      payload: { role: 'TENANT', rating: 5, message },
      headers: bearer(person.token),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const signedIn = { cookie: `${returning}; authToken=${person.token}; id=${person.userId}` };
    // Both kinds of home page made once before: the kept page and the shared answer behind the signed-in one.
    for (const headers of [{}, signedIn, {}, signedIn]) expect((await page('/', headers)).body).not.toContain(message);
    expect((await page('/')).headers['x-page-cache']).toBe('hit');

    const { id } = sent.json<{ id: number }>();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/growth/feedbacks/${id}/approve`, headers: bearer(editor.token) })).statusCode).toBe(
      204,
    );
    const signedOut = await page('/');
    expect(signedOut.headers['x-page-cache']).toBe('miss');
    expect(signedOut.body).toContain(message);
    expect((await page('/', signedIn)).body).toContain(message);
  });

  it('makes a page again when a tag it carries is invalidated, and only then', async () => {
    await page('/buy');
    expect((await page('/buy')).headers['x-page-cache']).toBe('hit');
    await t.app.pageCache.invalidate(['content']);
    expect((await page('/buy')).headers['x-page-cache']).toBe('hit');
    await t.app.pageCache.invalidate(['listings']);
    expect((await page('/buy')).headers['x-page-cache']).toBe('miss');
  });

  it('does not keep pages that are not the same for everyone or not found', async () => {
    for (const url of ['/login', '/no-such-page', '/details/2147483000']) {
      await page(url);
      expect((await page(url)).headers['x-page-cache'], url).toBeUndefined();
    }
  });
});

describe('page cache parts', () => {
  it('knows which API calls change listings', () => {
    expect(changesListings('PUT', '/api/properties/:id', 200)).toBe(true);
    expect(changesListings('POST', '/api/properties/:id/:action', 200)).toBe(true);
    expect(changesListings('DELETE', '/api/properties/:id/images/:imageId', 204)).toBe(true);
    expect(changesListings('PUT', '/api/landmarks/:id', 200)).toBe(true);
    expect(changesListings('PUT', '/api/properties/:id', 422)).toBe(false);
    expect(changesListings('GET', '/api/properties/:id', 200)).toBe(false);
    expect(changesListings('POST', '/api/properties/search', 200)).toBe(false);
    expect(changesListings('POST', '/api/properties/:id/actionLog', 200)).toBe(false);
    expect(changesListings('POST', '/api/property-prices/statistics', 200)).toBe(false);
  });

  it('names inline scripts (a held one that runs later included), not data blocks or external scripts', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>' +
      '<script type="application/json">{}</script><script type="application/ld+json">{}</script>' +
      '<script type="text/x-module-after-load" async="">c()</script>';
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(scriptSources(html)).toBe(`${sha('a()')} ${sha('b()')} ${sha('c()')}`);
  });

  it('remembers an answer that is the same for everyone until a tag of it is invalidated, and never a failure', async () => {
    const cache = createPageCache();
    let made = 0;
    const make = async () => ++made;
    const [a, b] = await Promise.all([cache.remember('popular', ['listings'], make), cache.remember('popular', ['listings'], make)]);
    expect([a, b, made]).toEqual([1, 1, 1]);
    await cache.invalidate(['content']);
    expect(await cache.remember('popular', ['listings'], make)).toBe(1);
    await cache.invalidate(['listings']);
    expect(await cache.remember('popular', ['listings'], make)).toBe(2);
    await expect(cache.remember('failing', ['listings'], () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await cache.remember('failing', ['listings'], make)).toBe(3);
    cache.close();
  });

  it('drops the least recently used pages beyond its size and anything older than its longest age', async () => {
    // Room for two of these pages (each counts its bytes and 1 KB).
    const cache = createPageCache({ maxBytes: 2 * 1025 + 100, maxAgeMs: 60_000 });
    const entry = (n: number) => ({
      status: 200,
      headers: {},
      body: Buffer.from(String(n)),
      br: Buffer.alloc(0),
      gzip: Buffer.alloc(0),
      etag: `"${n}"`,
      scriptSources: '',
      tags: ['listings'],
      versions: cache.versions(['listings']),
      createdAt: Date.now(),
    });
    await cache.set('/a', entry(1));
    await cache.set('/b', entry(2));
    await cache.get('/a');
    await cache.set('/c', entry(3));
    expect(await cache.get('/b')).toBeUndefined();
    expect((await cache.get('/a'))?.etag).toBe('"1"');
    await cache.set('/old', { ...entry(4), createdAt: Date.now() - 61_000 });
    expect(await cache.get('/old')).toBeUndefined();
    // '/a' was used last: '/c' made room for the old page.
    expect(await cache.get('/c')).toBeUndefined();
    expect((await cache.get('/a'))?.etag).toBe('"1"');
    await cache.invalidate(['listings']);
    expect(await cache.get('/a')).toBeUndefined();
    cache.close();
  });
});

describe.skipIf(!testRedisUrl())('page cache in Redis (runs with TEST_REDIS_URL)', () => {
  it("shows a landlord's price change to signed-out visitors of another instance within 5 s, on the listing and in results", async () => {
    const one = await createTestApp({ web: true, redis: true, env: { PUBLIC_URL: 'https://kunci.test' } });
    const two = await createTestApp({ web: true, redis: true, database: one.database, env: { PUBLIC_URL: 'https://kunci.test' } });
    try {
      const page = (url: string) => two.app.inject({ url, headers: { cookie: 'lang=en; xDeviceId=web-1b4e28ba-2ca1-11d0-9c3e-0e7c8e4c0a12' } });
      const owner = await signIn(one.app);
      const listing = await ownLiveHome(one, owner.userId);
      const details = `/details/${listing.id}`;
      const results = '/rent/bangsar?minPrice=87000';
      // Both pages kept by the other instance (and in Redis), before the change.
      for (const url of [details, results]) await page(url);
      const kept = await page(details);
      expect(kept.headers['x-page-cache']).toBe('hit');
      expect(kept.body).not.toContain(formatMoney('en', 87_654));
      expect((await page(results)).body).not.toContain(`/details/${listing.id}"`);
      // A CDN in front may keep a page s-maxage and serve it stale-while-revalidate more: 5 s at most in all.
      const policy = String(kept.headers['cache-control']);
      const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(policy)?.[1] ?? NaN);
      expect(seconds('s-maxage') + seconds('stale-while-revalidate')).toBeLessThanOrEqual(5);

      const changedAt = Date.now();
      const repriced = await reprice(one, listing, owner.token, 87_654);
      expect(repriced.statusCode, repriced.body).toBe(200);
      // The other instance learns of the change from Redis (it reads the tag versions every second).
      await vi.waitFor(
        async () => {
          expect((await page(details)).body).toContain(formatMoney('en', 87_654));
          expect((await page(results)).body).toContain(`/details/${listing.id}"`);
        },
        { timeout: 5000, interval: 100 },
      );
      expect(Date.now() - changedAt).toBeLessThan(5000);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('shares pages between instances, and an invalidation on one reaches the other', async () => {
    const redis = createRedis(testRedisUrl()!);
    await redis.connect();
    const prefix = `kunci-test-pages-${process.pid}-${Date.now().toString(36)}:`;
    const one = createPageCache({ redis, prefix, pollMs: 50 });
    const two = createPageCache({ redis, prefix, pollMs: 50 });
    try {
      const html = '<!DOCTYPE html><html lang="ms"><body><script>go()</script>Rumah untuk disewa</body></html>';
      const entry = await makeEntry(
        { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html) },
        ['listings'],
        one.versions(['listings']),
      );
      await one.set('/my', entry);
      const kept = await two.get('/my');
      expect(kept?.body.toString()).toBe(html);
      expect(brotliDecompressSync(kept!.br).toString()).toBe(html);
      expect(gunzipSync(kept!.gzip).toString()).toBe(html);
      expect(kept).toMatchObject({ etag: entry.etag, scriptSources: entry.scriptSources, headers: entry.headers, tags: ['listings'] });
      await one.invalidate(['listings']);
      expect(await one.get('/my')).toBeUndefined();
      await vi.waitFor(async () => expect(await two.get('/my')).toBeUndefined(), { timeout: 2000, interval: 50 });
    } finally {
      one.close();
      two.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
