import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@kunci/contracts/errors';
import type { ReelAreas, ReelPage } from '@kunci/contracts/reels';
import { areas, properties, propertyVideos } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { isLive } from '../../lib/listing-card.repository.ts';

describe('GET /api/reels: the videos of live listings', () => {
  let t: TestApp;
  /** Video ids in the order they were added: the feed shows them newest first. */
  const added: { videoId: number; listingId: number; areaSlug: string }[] = [];
  let hiddenVideo: number;
  let hiddenListing: number;
  let areaWithVideos: string;

  const feed = async (query = '', headers: Record<string, string> = {}) => t.app.inject({ url: `/api/reels${query}`, headers });
  const ids = (page: ReelPage) => page.content.map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    // Seven live listings in two areas (four in the first), and one listing that is taken off the market.
    const live = await db
      .select({ id: properties.id, areaId: properties.areaId, slug: areas.slug })
      .from(properties)
      .innerJoin(areas, eq(areas.id, properties.areaId))
      .where(isLive())
      .orderBy(asc(properties.id))
      .limit(400);
    const [first, second] = [...new Set(live.map((l) => l.slug))];
    areaWithVideos = first!;
    const chosen = [...live.filter((l) => l.slug === first).slice(0, 4), ...live.filter((l) => l.slug === second).slice(0, 3)];
    for (const listing of chosen) {
      const [row] = await db
        .insert(propertyVideos)
        .values({ propertyId: listing.id, url: `v${listing.id}.mp4`, mediaKey: `videos/${listing.id}/v.mp4`, contentType: 'video/mp4' })
        .returning({ id: propertyVideos.id });
      added.push({ videoId: row!.id, listingId: listing.id, areaSlug: listing.slug });
    }
    const other = live.find((l) => !chosen.some((c) => c.id === l.id))!;
    hiddenListing = other.id;
    const [hidden] = await db
      .insert(propertyVideos)
      .values({ propertyId: other.id, url: 'hidden.mp4', mediaKey: `videos/${other.id}/hidden.mp4`, contentType: 'video/mp4' })
      .returning({ id: propertyVideos.id });
    hiddenVideo = hidden!.id;
    await db.update(properties).set({ active: false }).where(eq(properties.id, other.id));
  });
  afterAll(() => t.close());

  it('lists the newest videos first, each with its listing, poster and where to play it', async () => {
    const res = await feed();
    expect(res.statusCode).toBe(200);
    const page = res.json() as ReelPage;
    const newest = [...added].reverse();
    expect(ids(page)).toEqual(newest.slice(0, 6).map((a) => a.videoId));
    const [top] = page.content;
    expect(top).toMatchObject({
      src: `/media/videos/${newest[0]!.listingId}/v.mp4`,
      contentType: 'video/mp4',
      listing: { id: newest[0]!.listingId, areaSlug: newest[0]!.areaSlug },
    });
    expect(top!.listing.price).toBeGreaterThan(0);
    expect(top!.listing.name).not.toBe('');
    expect(top!.poster).toMatch(/^\/media\/.+\/\{w\}\.webp$/);
    // Kept for everyone who is signed out; never by the browser of someone signed in.
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
    const { token } = await signIn(t.app);
    expect((await feed('', bearer(token))).headers['cache-control']).toBe('no-store');
  });

  it('pages by cursor: every video once, in order, and no cursor after the last', async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page = (await feed(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).json() as ReelPage;
      expect(page.content.length).toBeLessThanOrEqual(3);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual([...added].reverse().map((a) => a.videoId));
    expect(pages).toBe(3);
  });

  it('shows only live listings: a listing taken off the market takes its video with it', async () => {
    const all = (await feed('?limit=20')).json() as ReelPage;
    expect(ids(all)).not.toContain(hiddenVideo);
    expect(all.content.every((r) => r.listing.id !== hiddenListing)).toBe(true);
    // Back on the market, its video is the newest reel.
    await t.database.db.update(properties).set({ active: true }).where(eq(properties.id, hiddenListing));
    expect(ids((await feed('?limit=1')).json() as ReelPage)).toEqual([hiddenVideo]);
    await t.database.db.update(properties).set({ active: false }).where(eq(properties.id, hiddenListing));
  });

  it('by area: only the videos of listings in the area named, in capitals too', async () => {
    const page = (await feed(`?area=${areaWithVideos.toUpperCase()}`)).json() as ReelPage;
    const expected = added.filter((a) => a.areaSlug === areaWithVideos).reverse();
    expect(ids(page)).toEqual(expected.map((a) => a.videoId));
    expect(page.content.every((r) => r.listing.areaSlug === areaWithVideos)).toBe(true);
    expect(page.nextCursor).toBeNull();
    // An area without videos is an empty feed; an area that does not exist is a wrong link.
    const [quiet] = await t.database.db
      .select({ slug: areas.slug })
      .from(areas)
      .where(and(ne(areas.slug, areaWithVideos), sql`not exists (select 1 from ${properties} where ${properties.areaId} = ${areas.id})`))
      .limit(1);
    if (quiet) expect(((await feed(`?area=${quiet.slug}`)).json() as ReelPage).content).toEqual([]);
    const unknown = await feed('?area=atlantis', { 'x-language': 'ms' });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorBody).message).not.toBe('');
  });

  it('names the areas that have reels, with as many as their feeds hold, most first', async () => {
    const everyReel: ReelPage['content'] = [];
    let cursor: number | null = null;
    do {
      const page = (await feed(`?limit=20${cursor ? `&cursor=${cursor}` : ''}`)).json() as ReelPage;
      everyReel.push(...page.content);
      cursor = page.nextCursor;
    } while (cursor !== null);
    const expected = new Map<string, number>();
    for (const reel of everyReel) expected.set(reel.listing.areaSlug, (expected.get(reel.listing.areaSlug) ?? 0) + 1);

    const res = await t.app.inject({ url: '/api/reels/areas' });
    expect(res.statusCode).toBe(200);
    const { areas: withReels } = res.json() as ReelAreas;
    expect(new Map(withReels.map((a) => [a.areaSlug, a.reels]))).toEqual(expected);
    expect(withReels.find((a) => a.areaSlug === areaWithVideos)?.reels).toBeGreaterThanOrEqual(4);
    const counts = withReels.map((a) => a.reels);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });

  it('refuses a malformed cursor, limit or area with 422 in the caller’s language, never a 5xx', async () => {
    for (const query of [
      '?cursor=abc',
      '?cursor=0',
      '?cursor=-4',
      '?cursor=99999999999',
      '?limit=0',
      '?limit=21',
      '?limit=2.5',
      '?area=%3Cscript%3E',
      '?page=2',
    ]) {
      const res = await feed(query, { 'x-language': 'zh' });
      expect(res.statusCode, query).toBe(422);
      const body = res.json() as ErrorBody;
      expect(body.errorCode, query).toBeTypeOf('number');
      expect(body.fields?.length, query).toBeGreaterThan(0);
    }
    const cursorRefused = (await feed('?cursor=abc', { 'x-language': 'ms' })).json() as ErrorBody;
    expect(cursorRefused.fields?.[0]?.message).toMatch(/[a-z]/);
    expect(cursorRefused.fields?.[0]?.message).not.toBe('reels.field.cursor');
  });
});
