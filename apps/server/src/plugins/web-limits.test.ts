import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '@kunci/media/store';
import { buildApp } from '../app.ts';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from '../../test/support.ts';

/** Pages under load from one address: limited as pages, never a 500. Needs the web build (`npm run build`). */
describe('pages under load', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  async function app(env: Record<string, string> = {}): Promise<TestApp> {
    const t = await createTestApp({ web: true, env: { PUBLIC_URL: 'https://kunci.test', ...env } });
    closers.push(() => t.close());
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
    return t;
  }

  /** Every address a crawler finds in the sitemaps of the three languages, in sitemap order. */
  async function sitemapPaths(server: FastifyInstance): Promise<string[]> {
    const locs = (xml: string) => [...xml.matchAll(/<loc>https:\/\/kunci\.test([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const paths: string[] = [];
    for (const index of ['/sitemap.xml', '/my/sitemap.xml', '/zh/sitemap.xml']) {
      for (const part of locs((await server.inject({ url: index })).body)) paths.push(...locs((await server.inject({ url: part })).body));
    }
    return paths;
  }

  it('answers a crawl of the sitemaps from one address, eight at a time, without a 5xx, past the API limit', async () => {
    // The API limit a fifth of the default (120 calls a minute for the address), the page limit the default: the
    // crawl need not open the 450 pages that pass the default API limit to show the pages' own calls are not counted.
    const t = await app({ RATE_LIMIT_MAX: '120' });
    const all = await sitemapPaths(t.app);
    // The same number of pages from each language's sitemaps: every page makes two or more API calls in-process, so
    // 150 pages are well past the API limit.
    const pick = (prefix: RegExp) => all.filter((path) => prefix.test(path)).slice(0, 50);
    const paths = [...pick(/^\/(?!my\/|zh\/|my$|zh$)/), ...pick(/^\/my(\/|$)/), ...pick(/^\/zh(\/|$)/)];
    expect(paths.length).toBe(150);
    const statuses = new Map<number, number>();
    let next = 0;
    const crawler = async () => {
      while (next < paths.length) {
        const url = paths[next++]!;
        const res = await t.app.inject({ url, remoteAddress: '203.0.113.7', headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    };
    await Promise.all(Array.from({ length: 8 }, crawler));
    // Under the page limit (1,200 a minute by default) every page answers.
    expect([...statuses.keys()].filter((status) => status >= 400)).toEqual([]);
  }, 300_000);

  it('answers a visitor over the page limit with 429, Retry-After and a page in the language of the address', async () => {
    // A small page limit, so the test need not open 1,200 pages; the API limit is smaller still and never reached.
    const t = await app({ RATE_LIMIT_PAGE_MAX: '3', RATE_LIMIT_MAX: '2' });
    for (const [url, ip, lang, text] of [
      ['/rent', '198.51.100.1', 'en', 'Too many requests'],
      ['/my/sewa', '198.51.100.2', 'ms', 'Terlalu banyak permintaan'],
      ['/zh/rent', '198.51.100.3', 'zh', '请求过于频繁'],
    ] as const) {
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ url, remoteAddress: ip })).statusCode, url).toBe(200);
      const limited = await t.app.inject({ url, remoteAddress: ip });
      expect(limited.statusCode, url).toBe(429);
      expect(Number(limited.headers['retry-after']), url).toBeGreaterThan(0);
      expect(limited.headers['content-type']).toContain('text/html');
      expect(limited.body).toContain(`<html lang="${lang}"`);
      expect(limited.body).toContain(text);
      // The address's API budget is its own: the pages' in-process calls did not spend it.
      expect((await t.app.inject({ url: '/api/health', remoteAddress: ip })).statusCode).toBe(200);
    }
  }, 120_000);

  it('answers a page whose API call met 429 or 503 with that status and Retry-After, in the page’s language', async () => {
    const config = testConfig({ PUBLIC_URL: 'https://kunci.test' });
    const database = await openTestDatabase();
    const server = await buildApp({ config, database, store: new LocalDiskStore(config.mediaDir), web: true });
    closers.push(async () => {
      await server.close();
      await database.drop();
    });
    // The API busy (429) or away (503) for one call, as an overloaded or failing dependency would make it.
    const failing = new Map<string, { status: number; after: string }>();
    server.addHook('onRequest', async (request, reply) => {
      const failure = [...failing].find(([prefix]) => request.url.startsWith(prefix))?.[1];
      if (failure)
        return reply
          .code(failure.status)
          .header('retry-after', failure.after)
          .send({ errorCode: 11000 + failure.status, message: 'x' });
    });
    await server.ready();

    failing.set('/api/areas', { status: 503, after: '7' });
    const away = await server.inject({ url: '/my/sewa' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('7');
    expect(away.body).toContain('<html lang="ms"');
    expect(away.body).toMatch(/<h1[^>]*>Tidak tersedia buat sementara<\/h1>/);

    failing.clear();
    failing.set('/api/properties/search', { status: 429, after: '9' });
    const busy = await server.inject({ url: '/zh/rent' });
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('9');
    expect(busy.body).toContain('<html lang="zh"');
    expect(busy.body).toMatch(/<h1[^>]*>请求过于频繁<\/h1>/);
    const english = await server.inject({ url: '/rent' });
    expect(english.statusCode).toBe(429);
    expect(english.body).toMatch(/<h1[^>]*>Too many requests<\/h1>/);
  }, 120_000);
});
