import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CITY_SLUG } from '@kunci/contracts/constants';
import { areas, properties, propertyVideos } from '@kunci/db/schema';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { isLive } from '../../lib/listing-card.repository.ts';

/** /reels pages, server-rendered through the real app in the three languages. Needs the web build (`npm run build`). */
describe('reels pages', () => {
  let t: TestApp;
  let area: { slug: string; nameEn: string; nameZh: string };
  let emptyArea: { slug: string; nameEn: string };
  /** Newest reel first. */
  let listings: { id: number; name: string }[];

  /** The page as shown: without its scripts (the message catalogue and loader data travel in them). */
  const shown = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');
  const page = async (url: string) => {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, html: shown(res.body), headers: res.headers };
  };
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

  beforeAll(async () => {
    t = await createTestApp({ web: true });
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
    const { db } = t.database;
    const live = await db
      .select({ id: properties.id, name: properties.name, slug: areas.slug, nameEn: areas.nameEn, nameZh: areas.nameZh })
      .from(properties)
      .innerJoin(areas, eq(areas.id, properties.areaId))
      .where(isLive())
      .orderBy(asc(properties.id))
      .limit(200);
    area = live[0]!;
    const inArea = live.filter((l) => l.slug === area.slug).slice(0, 3);
    for (const listing of inArea) {
      await db
        .insert(propertyVideos)
        .values({ propertyId: listing.id, url: 'v.webm', mediaKey: `videos/${listing.id}/v.webm`, contentType: 'video/webm' });
    }
    listings = inArea.reverse();
    const [other] = await db
      .select({ slug: areas.slug, nameEn: areas.nameEn })
      .from(areas)
      // Not the default city, whose /rent link has no slug.
      .where(sql`${areas.slug} not in (${area.slug}, ${DEFAULT_CITY_SLUG})`)
      .limit(1);
    emptyArea = other!;
  });
  afterAll(() => t.close());

  it('/reels is a feed of full-screen reels, each with its price, name and area and a link to its listing', async () => {
    const { status, html, headers } = await page('/reels');
    expect(status).toBe(200);
    expect(html).toMatch(/<section[^>]*aria-labelledby="reels-title"/);
    expect(html).toContain('role="feed"');
    expect(html).toContain('snap-mandatory');
    expect(headers['cache-control']).toBeDefined();
    // Kept for every signed-out visitor, like the listing pages (a first visit gets its cookies, and so no-store).
    const again = await t.app.inject({ url: '/reels', headers: { cookie: 'lang=en; xDeviceId=web-1b4e28ba-2ca1-11d0-9c3e-0e7c8e4c0a12' } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=3');
    for (const listing of listings) {
      expect(html).toContain(escaped(listing.name));
      expect(html).toContain(`href="/details/${listing.id}"`);
      expect(html).toContain(`src="/media/videos/${listing.id}/v.webm"`);
    }
    expect(html).toContain(`in ${escaped(area.nameEn)}`);
    expect(html).toMatch(/RM\s?[\d,]+ \/ month/);
    expect(html).toContain('>See this home<');
    // Only the first reel and the next one load; the third waits, and no reel plays by itself before the script runs.
    const preloads = [...html.matchAll(/<video[^>]*preload="(\w+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual(['auto', 'auto', 'none']);
    expect(html).not.toMatch(/<video[^>]*autoplay/);
    // The buttons are named; the site header is hidden on phones.
    for (const label of ['Turn the sound on', 'Pause', 'Next video', 'Previous video', 'Kunci home page'])
      expect(html).toContain(`aria-label="${label}"`);
    expect(html).toMatch(/<header[^>]*max-hd:hidden/);
  });

  it('speaks Malay and Chinese under /my and /zh, with their listing links', async () => {
    const malay = await page('/my/reels');
    expect(malay.status).toBe(200);
    expect(malay.html).toContain('>Lihat rumah ini<');
    expect(malay.html).toContain('aria-label="Hidupkan bunyi"');
    expect(malay.html).toContain(`href="/my/iklan/${listings[0]!.id}"`);
    expect(malay.html).toContain('<title>Video lawatan rumah untuk disewa | Kunci</title>');

    const chinese = await page(`/zh/reels/${area.slug}`);
    expect(chinese.status).toBe(200);
    expect(chinese.html).toContain('>查看这间房屋<');
    expect(chinese.html).toContain(`href="/zh/guanggao/${listings[0]!.id}"`);
    expect(chinese.html).toContain(`${escaped(area.nameZh)}视频看房`);
  });

  it('is reached from the menus in every language, and from the results of an area that has reels', async () => {
    for (const [home, reels, label] of [
      ['/', '/reels', 'Video tours'],
      ['/my', '/my/reels', 'Video lawatan'],
      ['/zh', '/zh/reels', '视频看房'],
    ] as const) {
      const { html } = await page(home);
      // In the header's menu (the phone menu, a dialog, holds the same link when opened).
      expect(html, home).toMatch(new RegExp(`<nav[^>]*>(?:(?!</nav>)[\\s\\S])*<a[^>]*href="${reels}"[^>]*>${label}</a>`));
    }
    const results = await page(`/rent/${area.slug}`);
    expect(results.html).toContain(`href="/reels/${area.slug}"`);
    expect(results.html).toContain(`Watch 3 video tours in ${escaped(area.nameEn)}`);
    const malay = await page(`/my/sewa/${area.slug}`);
    expect(malay.html).toContain(`href="/my/reels/${area.slug}"`);
    expect(malay.html).toContain('Tonton 3 video lawatan di');
    // No link to an empty feed.
    expect((await page(`/rent/${emptyArea.slug}`)).html).not.toContain(`href="/reels/${emptyArea.slug}"`);
    expect((await page('/sitemap')).html).toContain('href="/reels"');
  });

  it('the home page shows the newest video tours; each opens the feed at its reel', async () => {
    const ids = await Promise.all(
      listings.map(
        async (listing) =>
          (await t.database.db.select({ id: propertyVideos.id }).from(propertyVideos).where(eq(propertyVideos.propertyId, listing.id)))[0]!.id,
      ),
    );
    const home = await page('/');
    expect(home.html).toMatch(/<h2 id="reels-strip-heading"[^>]*>Video tours<\/h2>/);
    expect(home.html).toContain('>Watch all video tours<');
    for (const [index, id] of ids.entries()) {
      expect(home.html).toContain(`href="/reels?start=${id}"`);
      expect(home.html).toContain(`Video tour of ${escaped(listings[index]!.name)}`);
    }
    const malay = await page('/my');
    expect(malay.html).toContain(`href="/my/reels?start=${ids[1]}"`);
    expect(malay.html).toContain('>Tonton semua video lawatan<');

    // Opened at the second newest: it is the first reel, the newest is not in the feed, the canonical is the feed's.
    const opened = await page(`/reels?start=${ids[1]}`);
    expect(opened.status).toBe(200);
    const sources = [...opened.html.matchAll(/<video[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources[0]).toBe(`/media/videos/${listings[1]!.id}/v.webm`);
    expect(sources).not.toContain(`/media/videos/${listings[0]!.id}/v.webm`);
    expect(opened.html).toMatch(/<link rel="canonical" href="[^"]*\/reels"/);
  });

  it('puts the feeds that have videos in the sitemaps, with their alternates', async () => {
    const origin = t.config.publicUrl;
    const english = (await t.app.inject({ url: '/sitemap.xml?part=pages' })).body;
    expect(english).toContain(
      `<loc>${origin}/reels/${area.slug}</loc><xhtml:link rel="alternate" hreflang="en" href="${origin}/reels/${area.slug}"/><xhtml:link rel="alternate" hreflang="ms" href="${origin}/my/reels/${area.slug}"/><xhtml:link rel="alternate" hreflang="zh" href="${origin}/zh/reels/${area.slug}"/>`,
    );
    expect(english).toContain(`<loc>${origin}/reels</loc>`);
    expect(english).not.toContain(`/reels/${emptyArea.slug}<`);
    const chinese = (await t.app.inject({ url: '/zh/sitemap.xml?part=pages' })).body;
    expect(chinese).toContain(`<loc>${origin}/zh/reels/${area.slug}</loc>`);
    expect(chinese).toContain(`hreflang="x-default" href="${origin}/reels/${area.slug}"/></url>`);
  });

  it('an area without videos says so and offers the homes and every area’s reels; an unknown area is a 404', async () => {
    const empty = await page(`/reels/${emptyArea.slug}`);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain(`No video tours in ${escaped(emptyArea.nameEn)} yet`);
    expect(empty.html).toContain(`href="/rent/${emptyArea.slug}"`);
    expect(empty.html).toContain('>Watch video tours in every area<');
    expect(empty.html).toContain('<meta name="robots" content="noindex"/>');
    expect((await page('/reels/atlantis')).status).toBe(404);
    const capitals = await t.app.inject({ url: `/reels/${area.slug.toUpperCase()}` });
    expect(capitals.statusCode).toBe(301);
    expect(capitals.headers.location).toBe(`/reels/${area.slug}`);
  });
});
