import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authEvents, properties, sessions, users } from '@kunci/db/schema';
import { CATALOGUES, type MessageKey } from '@kunci/i18n/messages';
import { bearer, createTestApp, latestPin, openTestDatabase, signIn, type TestApp, type TestDatabase } from '../../test/support.ts';
import { SESSIONS_CHANNEL } from '../lib/session-cache.ts';
import { securityHeaders } from './security.ts';

/** Server-rendered pages through the real app. Needs the web build (`npm run build`; `npm test` makes it). */
describe('pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { PUBLIC_URL: 'https://kunci.test' } });
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
  });
  afterAll(() => t.close());

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('server-renders the home page with real listings', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="en"');
    expect(res.body.match(/href="\/details\/\d+"/g)?.length).toBeGreaterThanOrEqual(9);
  });

  it('answers HEAD with the headers of the page and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/rent/bangsar' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe('');
  });

  it.each([
    ['/my', 'ms', 'Rumah untuk disewa tanpa deposit'],
    ['/zh', 'zh', '零押金出租房屋'],
  ])('%s has lang="%s" and its own text', async (url, lang, heading) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}"`);
    expect(res.body).toContain(heading);
    expect(res.body).not.toContain('lang="my"');
  });

  it('lists hreflang alternates and a canonical URL', async () => {
    const res = await page('/my/sewa/bangsar');
    expect(res.body).toContain('<link rel="canonical" href="https://kunci.test/my/sewa/bangsar"');
    expect(res.body).toContain('hrefLang="en" href="https://kunci.test/rent/bangsar"');
    expect(res.body).toContain('hrefLang="ms" href="https://kunci.test/my/sewa/bangsar"');
    expect(res.body).toContain('hrefLang="zh" href="https://kunci.test/zh/rent/bangsar"');
    expect(res.body).toContain('hrefLang="x-default" href="https://kunci.test/rent/bangsar"');
  });

  it('redirects /rent/kuala-lumpur to /rent with 301', async () => {
    for (const [from, to] of [
      ['/rent/kuala-lumpur', '/rent'],
      ['/my/sewa/kuala-lumpur', '/my/sewa'],
      ['/my/rent/bangsar?q=x', '/my/sewa/bangsar?q=x'],
    ]) {
      const res = await page(from!);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('answers an unknown path with a 404 page in the language of its prefix', async () => {
    const zh = await page('/zh/no-such-page');
    expect(zh.statusCode).toBe(404);
    expect(zh.body).toContain('<html lang="zh"');
    expect(zh.body).toContain('找不到页面');
    const ms = await page('/my/tiada/apa-apa');
    expect(ms.statusCode).toBe(404);
    expect(ms.body).toContain('Halaman tidak ditemui');
    expect((await page('/rent/atlantis')).statusCode).toBe(404);
    expect((await page('/details/99999999')).statusCode).toBe(404);
  });

  it('makes each page from its language’s routes, and finds any route of any language for the browser', async () => {
    const manifestRoutes = (html: string) =>
      Object.keys((JSON.parse(/window\.__reactRouterManifest = (\{[\s\S]*?\n\});/.exec(html)![1]!) as { routes: object }).routes);
    for (const [url, lang] of [
      ['/rent/bangsar', 'en'],
      ['/my/sewa/bangsar', 'ms'],
      ['/zh/rent/bangsar', 'zh'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      // The routes the page starts with are its own and those of the paths above it, in its language only (the
      // whole table would also bring the English home page for the path `/` above /my/... and /zh/...).
      const routes = manifestRoutes(res.body);
      expect(routes, url).toContain('root');
      expect(
        routes.filter((id) => id !== 'root').every((id) => id.split('.')[1] === lang),
        `${url}: ${routes.join(' ')}`,
      ).toBe(true);
    }
    // A prefix in capitals is not the language's: the page moves to the canonical path all the same.
    for (const [url, target] of [
      ['/ZH/rent/bangsar', '/zh/rent/bangsar'],
      ['/My/sewa/bangsar', '/my/sewa/bangsar'],
    ]) {
      const res = await page(url!);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers['location'], url).toBe(target);
    }
    // A link to another language's page is found through the manifest, which knows every route.
    const zh = await page('/zh/rent/bangsar');
    const version = /"version":\s*"([^"]+)"/.exec(zh.body)![1]!;
    const found = await page(`/__manifest?version=${version}&paths=${encodeURIComponent('/,/my/sewa/bangsar,/zh')}`);
    expect(found.statusCode).toBe(200);
    expect(Object.keys(found.json())).toEqual(expect.arrayContaining(['home.en', 'rent.ms', 'home.zh']));
  });

  it('renders every spelling of a listing page, canonical to one URL per language', async () => {
    const home = await page('/');
    const id = /href="\/details\/(\d+)"/.exec(home.body)![1];
    for (const [url, canonical] of [
      [`/details/${id}`, `/details/${id}`],
      [`/ads/${id}`, `/details/${id}`],
      [`/v2/propertyDetails/${id}`, `/details/${id}`],
      [`/my/iklan/${id}`, `/my/iklan/${id}`],
      [`/zh/guanggao/${id}`, `/zh/guanggao/${id}`],
      [`/zh/details/${id}`, `/zh/guanggao/${id}`],
    ]) {
      const res = await page(url!);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<link rel="canonical" href="https://kunci.test${canonical}"`);
    }
  });

  it('remembers the language in a cookie and opens the home page in it for a returning visitor', async () => {
    const zh = await page('/zh/rent/bangsar');
    expect(String(zh.headers['set-cookie'])).toContain('lang=zh');
    const back = await page('/', { cookie: 'lang=zh' });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/zh');
    // Choosing English on the site itself (a same-site referer) is respected.
    const chosen = await page('/', { cookie: 'lang=zh', referer: 'https://kunci.test/zh' });
    expect(chosen.statusCode).toBe(200);
  });

  it('sends security headers and a per-request script nonce (pages made for one visitor)', async () => {
    // The login page is never kept (kept pages name their inline scripts by hash: page-cache.test.ts).
    const a = await page('/login');
    const b = await page('/login');
    const csp = String(a.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(a.body).toContain(`nonce="${nonce}"`);
    expect(String(b.headers['content-security-policy'])).not.toContain(nonce);
    // Pages and API answers alike carry the fixed headers (HSTS only in production; tests run in development).
    const api = await t.app.inject({ url: '/api/health' });
    for (const res of [a, api]) {
      expect(res.headers).toMatchObject(securityHeaders(false));
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(securityHeaders(true)['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });

  it('keeps answers for a signed-in visitor, and answers that set a cookie, out of every cache', async () => {
    const returning = { cookie: 'lang=en; xDeviceId=web-1b4e28ba-2ca1-11d0-9c3e-0e7c8e4c0a11' };
    const anonymous = await page('/rent/bangsar', returning);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
    expect(anonymous.headers['cache-control'] ?? '').not.toContain('no-store');
    const { userId, token } = await signIn(t.app);
    const signedIn = await page('/rent/bangsar', { cookie: `${returning.cookie}; authToken=${token}; id=${userId}` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(token) })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/areas', headers: bearer(token) })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/api/areas' })).headers['cache-control'] ?? '').not.toContain('no-store');
    // A first visit sets the language and device cookies.
    const first = await page('/zh/rent/bangsar');
    expect(String(first.headers['set-cookie'])).toContain('lang=zh');
    expect(first.headers['cache-control']).toBe('no-store');
  });

  it('turns off browser features the site does not use and limits where pages load images and connect to', async () => {
    const res = await page('/rent/bangsar');
    const policy = String(res.headers['permissions-policy']).split(', ');
    for (const feature of ['camera=()', 'microphone=()', 'payment=()', 'usb=()', 'serial=()', 'hid=()', 'geolocation=(self)']) {
      expect(policy).toContain(feature);
    }
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
    );
    // Images: ours (media are served from /media/ without S3), Leaflet's blank tile (data:) and the map tiles.
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://tile.openstreetmap.org']);
    // Connections: ours, and the chat socket on our own host only (the public one, or the one the browser used).
    expect(csp['connect-src']).toEqual(["'self'", 'ws://kunci.test', 'wss://kunci.test', 'ws://localhost:80', 'wss://localhost:80']);
    expect(res.body).toContain('<meta name="map-tiles" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png"/>');
    // A Host header is no way to add a source.
    const forged = await page('/rent/bangsar', { host: "evil.example 'unsafe-eval'" });
    expect(String(forged.headers['content-security-policy'])).not.toContain('evil.example');
  });

  it('ships only the active language’s messages in the page', async () => {
    const res = await page('/zh');
    expect(res.body).toContain('零押金出租房屋');
    expect(res.body).not.toContain('Rumah untuk disewa tanpa deposit');
    expect(res.body).not.toContain('Homes for rent with zero deposit');
  });

  it('ships only the catalogue areas the page used, as they are, and no catalogue in its scripts', async () => {
    const res = await page('/rent/bangsar');
    const text = /<script id="app-messages" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    const shipped = JSON.parse(text!) as { lang: string; messages: Record<string, string>; complete: boolean };
    expect(shipped).toMatchObject({ lang: 'en', complete: false });
    const areas = new Set(Object.keys(shipped.messages).map((key) => key.split('.')[0]));
    // What a results page shows (its filters, sorting, paging), not the back office, deals or agreements.
    for (const area of ['nav', 'filters', 'sort', 'pagination', 'errors']) expect(areas, area).toContain(area);
    for (const area of ['admin', 'deal', 'agreements', 'screening', 'payments']) expect(areas, area).not.toContain(area);
    expect(Object.entries(shipped.messages).every(([key, value]) => CATALOGUES.en[key as MessageKey] === value)).toBe(true);
    // Each area whole, or a large one by its first two segments: a message shown later (a dialog, a notice) comes with
    // the part of the area the page read. Aside: the few messages every page brings for what shows after load (the
    // app-install popup, a signed-in visitor's floating chat button).
    const everyPage = (key: string) => key.startsWith('growth.app.') || key.startsWith('chat.floating.');
    const first = (key: string) => key.split('.')[0]!;
    const firstTwo = (key: string) => key.split('.').slice(0, 2).join('.');
    const keys = Object.keys(shipped.messages).filter((key) => !everyPage(key));
    const catalogue = Object.keys(CATALOGUES.en);
    for (const area of new Set(keys.map(first))) {
      const got = keys.filter((key) => first(key) === area).sort();
      const parts = new Set(got.map(firstTwo));
      const all = catalogue.filter((key) => first(key) === area && !everyPage(key));
      const byParts = all.filter((key) => parts.has(firstTwo(key)));
      expect([all.sort(), byParts.sort()], area).toContainEqual(got);
    }
    // The instant-view words of the cards and filters, not the words of the services' own pages.
    expect(keys.filter((key) => first(key) === 'services').every((key) => key.startsWith('services.instantView.'))).toBe(true);
    expect(keys).toContain('services.instantView.filter');
    expect(keys.filter((key) => key.startsWith('growth.')).every((key) => key.startsWith('growth.offer.'))).toBe(true);
    expect(Object.keys(shipped.messages).filter(everyPage).length).toBeGreaterThan(0);
    // The rest of the catalogue comes on demand, in a script no page loads first.
    for (const [, asset] of res.body.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) {
      expect(readFileSync(join(t.config.webBuildDir, 'client', asset!), 'utf8'), asset).not.toContain(CATALOGUES.en['screening.review.title']);
    }
  });

  it('paginates results with page only above 1', async () => {
    const first = await page('/rent');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('href="/rent?page=2"');
    expect((await page('/rent?page=1')).headers.location).toBe('/rent');
    expect((await page('/rent?page=2')).statusCode).toBe(200);
    expect((await page('/rent?page=9999')).statusCode).toBe(404);
  });

  it('holds a sign-in token given in the URL for the visitor to confirm, and strips it from the URL', async () => {
    const { userId, token } = await signIn(t.app);
    const res = await page(`/rent/bangsar?id=${userId}&token=${token}&deviceId=web-x&isNewUser=true&q=bang`);
    expect(res.statusCode).toBe(302);
    // Confirmed on /login/link (features/auth/sign-in-link.test.ts), never stored at once.
    expect(res.headers.location).toBe('/login/link?origin=%2Frent%2Fbangsar%3Fq%3Dbang');
    const cookies = String(res.headers['set-cookie']);
    expect(cookies).not.toContain('authToken=');
    expect(cookies).toContain(`signInLink=${token}`);
    expect(cookies).toContain('HttpOnly');
    const forged = await page(`/rent/bangsar?id=${userId}&token=not-a-real-token`);
    expect(forged.statusCode).toBe(302);
    expect(String(forged.headers['set-cookie'] ?? '')).not.toContain('authToken=');
  });

  it('signs the visitor out with a "session expired" notice when their token no longer works', async () => {
    const res = await page('/', { cookie: 'authToken=expired-token; id=someone' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/authToken=; Path=\/; Max-Age=0/);
    expect(res.body).toContain('sessionExpired');
  });

  it('sends anonymous visitors of protected pages to the login page with origin', async () => {
    const res = await page('/my/dashboard/profile?rid=abc');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/my/login?origin=%2Fmy%2Fdashboard%2Fprofile%3Frid%3Dabc&originType=SH&rid=abc');
  });

  it('refuses page form posts from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(403);
  });

  it('serves robots.txt and a sitemap per language with alternates', async () => {
    const robots = await page('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Sitemap: https://kunci.test/my/sitemap.xml');
    const index = await page('/my/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<loc>https://kunci.test/my/sitemap.xml?part=pages</loc>');
    expect(index.body).toContain('<loc>https://kunci.test/my/sitemap.xml?part=listings-0</loc>');
    const pages = await page('/my/sitemap.xml?part=pages');
    expect(pages.body).toContain('<loc>https://kunci.test/my/sewa/bangsar/condo</loc>');
    expect(pages.body).toContain('hreflang="zh" href="https://kunci.test/zh/rent/bangsar/condo"');
    // Kuala Lumpur's results are /sewa itself (its own path redirects there); its quicklinks hub is a page of its own.
    expect(pages.body).not.toContain('/sewa/kuala-lumpur<');
    expect(pages.body).toContain('<loc>https://kunci.test/my/sewa</loc>');
    const listings = await page('/zh/sitemap.xml?part=listings-0');
    expect(listings.body).toMatch(/<loc>https:\/\/kunci\.test\/zh\/guanggao\/\d+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect((await page('/sitemap.xml?part=listings-99')).statusCode).toBe(404);
    const human = await page('/zh/sitemap');
    expect(human.statusCode).toBe(200);
    expect(human.body).toContain('孟沙共管公寓出租');
  });

  it('answers a listing that is no longer live with 410 and similar homes', async () => {
    const [gone] = await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.reviewStatus, 'PENDING')).limit(1);
    const res = await page(`/zh/guanggao/${gone!.id}`);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('此房屋已不再提供');
    expect(res.body).toContain('noindex');
  });

  it('compresses pages and assets for clients that accept it', async () => {
    const res = await page('/', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await page('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The page's largest script (the smallest are under the size worth compressing).
    const file = (asset: string) => join(t.config.webBuildDir, 'client', asset);
    const asset = [...plain.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)]
      .map((m) => m[1]!)
      .sort((a, b) => statSync(file(b)).size - statSync(file(a)).size)[0]!;
    const original = readFileSync(file(asset));
    // Assets go out as the build compressed them (strongest settings, no work per request) and decode to the file.
    const br = await page(asset, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(`${file(asset)}.br`))).toBe(true);
    // A browser that takes zstd too still gets the build's brotli file, not one compressed again per request.
    expect((await page(asset, { 'accept-encoding': 'gzip, deflate, br, zstd' })).rawPayload.equals(br.rawPayload)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    const gz = await page(asset, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);
    expect((await page(asset)).rawPayload.equals(original)).toBe(true);
    expect((await page(`${asset}.br`)).statusCode).toBe(404);
    // API answers too: zstd for a browser that takes it.
    const areas = await t.app.inject({ url: '/api/areas', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(areas.headers['content-encoding']).toBe('zstd');
    expect(JSON.parse(zstdDecompressSync(areas.rawPayload).toString())).toEqual((await t.app.inject({ url: '/api/areas' })).json());
  });

  it('compresses a page made for one visitor as the visitor takes it, decoding to the very page', async () => {
    const { token } = await signIn(t.app);
    const signedIn = (headers: Record<string, string>) => page('/rent/bangsar', { cookie: `authToken=${token}`, ...headers });
    const identity = await signedIn({});
    expect(identity.headers['content-encoding']).toBeUndefined();
    // The page differs only by its script nonce from one request to the next.
    const text = (body: Buffer) => {
      const html = body.toString();
      return html.replaceAll(/nonce="([^"]+)"/.exec(html)![1]!, 'NONCE');
    };
    for (const [accept, encoding, decode] of [
      // What Chrome, Edge and Firefox send: zstd, the cheapest to make.
      ['gzip, deflate, br, zstd', 'zstd', zstdDecompressSync],
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const res = await signedIn({ 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['vary'], accept).toContain('Accept-Encoding');
      expect(res.headers['cache-control'], accept).toBe('no-store');
      expect(res.rawPayload.length, accept).toBeLessThan(identity.rawPayload.length / 3);
      expect(text(decode(res.rawPayload)), accept).toBe(text(identity.rawPayload));
    }
  });

  it('lets the first photos load ahead of the scripts: the module preloads and the module script are held until load', async () => {
    const res = await page('/rent/bangsar');
    // Nothing a browser fetches or runs while the page loads: the preloads and the router's script go out held.
    expect(res.body).not.toMatch(/<link rel="modulepreload"/);
    expect(res.body).not.toMatch(/<script[^>]* type="module"/);
    expect((res.body.match(/<link rel="x-modulepreload-after-load"[^>]*>/g) ?? []).length).toBeGreaterThan(3);
    expect(res.body.match(/<script[^>]* type="text\/x-module-after-load"/g) ?? []).toHaveLength(1);
    expect(res.body).toMatch(/<img [^>]*fetchPriority="high"/);
  });

  it('sends the device id cookie along as X-Device-ID with sign-ins from pages', async () => {
    const phone = `+6019${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const headers = {
      cookie: 'xDeviceId=web-1b4e28ba-2ca1-11d0-9c3e-0e7c8e4c0a11',
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://kunci.test',
      host: 'kunci.test',
    };
    await t.app.inject({
      method: 'POST',
      url: '/login?index',
      headers,
      payload: form({ intent: 'request-pin', phoneNo: phone, origin: '', mode: 'pin' }),
    });
    const pin = await latestPin(t.app, phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/login?index',
      headers,
      payload: form({ intent: 'verify-pin', phoneNo: phone, pin, origin: '', mode: 'pin' }),
    });
    expect(res.statusCode).toBe(302);
    const events = await t.database.db.select().from(authEvents).where(eq(authEvents.phoneNumber, phone));
    expect(events.find((e) => e.event === 'pin_verified')?.deviceId).toBe('web-1b4e28ba-2ca1-11d0-9c3e-0e7c8e4c0a11');
  });
});

describe('pages with media on S3 and other map tiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      web: true,
      env: {
        PUBLIC_URL: 'https://kunci.test',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_BUCKET: 'kunci-media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      },
    });
  });
  afterAll(() => t.close());

  it('lets pages load images from the bucket and the configured tiles, and upload to the bucket', async () => {
    const res = await t.app.inject({ url: '/rent/bangsar' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: https://*.tiles.example.org https://s3.example.com;");
    expect(csp).toContain("connect-src 'self' ws://kunci.test wss://kunci.test ws://localhost:80 wss://localhost:80 https://s3.example.com;");
    expect(res.body).toContain('<meta name="map-tiles" content="https://{s}.tiles.example.org/{z}/{x}/{y}.png"/>');
  });
});

/**
 * A signed-in page's in-process API calls find the visitor's session through the session cache: one barrier on its
 * listening connection, sent after the page arrived, serves them all (lib/session-cache.ts).
 */
describe('a signed-in page’s API calls', () => {
  let database: TestDatabase;
  let t: TestApp;
  /** In order: each barrier the session cache asked for (with the time it gave), each API call answered (in-process or not). */
  const events: ({ sync: number | undefined } | { answered: string; status: number; at: number })[] = [];
  let listingId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    const recording: TestDatabase = {
      ...database,
      listen: async (channel, onNotify) => {
        const listening = await database.listen(channel, onNotify);
        if (channel !== SESSIONS_CHANNEL) return listening;
        return {
          stop: () => listening.stop(),
          sync: (after) => {
            events.push({ sync: after });
            return listening.sync(after);
          },
        };
      },
    };
    const log = (line: string) => {
      const entry = JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number } };
      if (entry.msg === 'request answered' && entry.req?.url.startsWith('/api/'))
        events.push({ answered: `${entry.req.method} ${entry.req.url}`, status: entry.res!.statusCode, at: performance.now() });
    };
    t = await createTestApp({
      web: true,
      database: recording,
      env: { PUBLIC_URL: 'https://kunci.test', LOG_LEVEL: 'info' },
      logStream: { write: log },
    });
    listingId = /href="\/details\/(\d+)"/.exec((await t.app.inject({ url: '/' })).body)![1]!;
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  const listingPage = (token: string) => t.app.inject({ url: `/details/${listingId}`, headers: { cookie: `authToken=${token}` } });
  const syncs = () => events.flatMap((event) => ('sync' in event ? [event.sync] : []));
  const answered = () => events.flatMap((event) => ('answered' in event ? [event] : []));
  /** Counts the barriers PostgreSQL is sent (`select 1` on the listening connection); none on PGlite. */
  const countBarriers = () => {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    let sent = 0;
    return {
      sent: () => sent,
      stop: () => {
        sent = query.mock.calls.filter(([text]) => text === 'select 1').length;
        query.mockRestore();
      },
    };
  };

  it('share one barrier, sent after the page arrived', async () => {
    const { token } = await signIn(t.app);
    expect((await listingPage(token)).statusCode).toBe(200);
    events.length = 0;
    const barriers = countBarriers();
    const arriving = performance.now();
    const res = await listingPage(token).finally(() => barriers.stop());
    const made = performance.now();
    expect(res.statusCode).toBe(200);
    // Each of the page's calls (its session kept) asked for a barrier sent after one same time, within the page's.
    const calls = answered();
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(syncs()).toHaveLength(calls.length);
    const [asOf] = syncs();
    expect(syncs()).toEqual(calls.map(() => asOf));
    expect(asOf).toBeGreaterThanOrEqual(arriving);
    expect(asOf).toBeLessThanOrEqual(made);
    // One round trip for the page, where each call used to send its own.
    if (database.driver === 'postgres') expect(barriers.sent()).toBe(1);
  });

  it('a session revoked, or a user banned, before the page arrived: refused on every call of the page', async () => {
    const revoked = await signIn(t.app);
    const banned = await signIn(t.app);
    expect((await listingPage(revoked.token)).statusCode).toBe(200);
    expect((await listingPage(banned.token)).statusCode).toBe(200);

    await database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, revoked.userId));
    events.length = 0;
    const signedOut = await listingPage(revoked.token);
    expect(signedOut.statusCode).toBe(200);
    expect(String(signedOut.headers['set-cookie'])).toMatch(/authToken=; Path=\/; Max-Age=0/);
    // No call answered from the session kept before: the first one's barrier (on PostgreSQL, unless the notice of
    // the change was heard earlier) had it forgotten, and each call looked it up and found it gone.
    const calls = answered();
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls).toContainEqual(expect.objectContaining({ answered: 'GET /api/users/profile', status: 401 }));
    expect(syncs().length).toBeLessThanOrEqual(1);

    await database.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.userId));
    events.length = 0;
    await listingPage(banned.token);
    expect(answered().length).toBeGreaterThan(0);
    expect(answered().filter((call) => call.status !== 403)).toEqual([]);
  });

  it('a call from outside that says when its session may be exact as of still waits for its own barrier', async () => {
    const { token } = await signIn(t.app);
    const profile = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/profile', headers: { ...bearer(token), ...headers } });
    expect((await profile({})).statusCode).toBe(200);
    events.length = 0;
    const barriers = countBarriers();
    try {
      const forgeries: Record<string, string>[] = [{ 'x-session-as-of': '0' }, { 'x-session-as-of': '0', 'x-internal-call': 'guess' }];
      for (const forged of forgeries) {
        expect((await profile(forged)).statusCode).toBe(200);
      }
    } finally {
      barriers.stop();
    }
    expect(syncs()).toEqual([undefined, undefined]);
    if (database.driver === 'postgres') expect(barriers.sent()).toBe(2);
  });

  it('a page’s call that may have changed something: the calls after it need a barrier sent after it answered', async () => {
    const { token } = await signIn(t.app);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/dashboard/favorites',
        headers: { cookie: `authToken=${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'intent=share',
      });
    await post();
    events.length = 0;
    expect((await post()).statusCode).toBe(200);
    const write = events.findIndex((event) => 'answered' in event && event.answered.startsWith('POST '));
    expect(write).toBeGreaterThan(0);
    const wrote = events[write] as { at: number };
    const before = events.slice(0, write).flatMap((event) => ('sync' in event ? [event.sync!] : []));
    const after = events.slice(write).flatMap((event) => ('sync' in event ? [event.sync!] : []));
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    for (const asOf of before) expect(asOf).toBeLessThan(wrote.at);
    for (const asOf of after) expect(asOf).toBeGreaterThanOrEqual(wrote.at);
  });
});

describe('shutting down', () => {
  it('finishes the pages being made before the app closes, and meanwhile refuses new ones with 503', async () => {
    const t = await createTestApp({ web: true });
    let closed = false;
    let release = () => {};
    try {
      const home = await t.app.inject({ url: '/' });
      const id = /href="\/details\/(\d+)"/.exec(home.body)![1];
      // The listings table held by a transaction: the listing page below waits for its first query, being made.
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holding = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${properties} in access exclusive mode`);
        locked();
        await held;
      });
      await lockTaken;
      const making = t.app.inject({ url: `/details/${id}?made=for-one` });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const drained = t.app.drainPages();
      const refused = await t.app.inject({ url: '/rent/bangsar?made=later' });
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The drain waits for the page being made (server.ts closes the app only then).
      let drainedYet = false;
      void drained.then(() => (drainedYet = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(drainedYet).toBe(false);
      release();
      await holding;
      await drained;
      await t.close();
      closed = true;
      // Made whole before the app closed.
      const page = await making;
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<link rel="canonical" href="http://localhost:3000/details/${id}"`);
    } finally {
      release();
      if (!closed) await t.close();
    }
  });
});
