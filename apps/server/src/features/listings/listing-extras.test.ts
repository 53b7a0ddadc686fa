import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_PART_SIZE, type ListingPage } from '@kunci/contracts/listings';
import { properties } from '@kunci/db/schema';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { isLive } from './listings.repository.ts';

describe('listing content, action log, recommendations, popular areas and sitemap', () => {
  let t: TestApp;
  let liveId: number;
  let goneId: number;
  beforeAll(async () => {
    t = await createTestApp();
    [{ id: liveId }] = (await t.database.db.select({ id: properties.id }).from(properties).where(isLive()).limit(1)) as [{ id: number }];
    [{ id: goneId }] = (await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.reviewStatus, 'PENDING'))
      .limit(1)) as [{ id: number }];
  });
  afterAll(() => t.close());

  const log = (id: number, visitor: string, action = 'VIEW') =>
    t.app.inject({ method: 'POST', url: `/api/properties/${id}/actionLog`, payload: { action }, headers: { 'x-visitor-id': visitor } });

  it('gives the content of a live listing only', async () => {
    const res = await t.app.inject({ url: `/api/properties/${liveId}/content` });
    expect(res.statusCode).toBe(200);
    expect(res.json().images.length).toBeGreaterThanOrEqual(4);
    expect((await t.app.inject({ url: `/api/properties/${goneId}/content` })).statusCode).toBe(410);
  });

  it('counts a view once a day per visitor', async () => {
    const [before] = await t.database.db.select({ views: properties.views }).from(properties).where(eq(properties.id, liveId));
    expect((await log(liveId, 'visitor-a')).json().views).toBe(before!.views + 1);
    expect((await log(liveId, 'visitor-a')).json().views).toBe(before!.views + 1);
    expect((await log(liveId, 'visitor-b')).json().views).toBe(before!.views + 2);
    expect((await log(liveId, 'visitor-b', 'SHARE')).json().views).toBe(before!.views + 2);
    expect((await log(goneId, 'visitor-a')).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'POST', url: `/api/properties/${liveId}/actionLog`, payload: { action: 'HACK' } })).statusCode).toBe(422);
  });

  it('recommends unseen homes in the area and kind a visitor viewed', async () => {
    const [viewed] = await t.database.db
      .select()
      .from(properties)
      .where(and(isLive(), inArray(properties.type, ['HIGHRISE', 'ROOM', 'LANDED']), eq(properties.areaId, 1)))
      .limit(1);
    await log(viewed!.id, 'visitor-reco');
    const res = await t.app.inject({ url: '/api/properties/recommend/smart?pageSize=5', headers: { 'x-visitor-id': 'visitor-reco' } });
    const page = res.json() as ListingPage;
    expect(page.content.length).toBeGreaterThan(0);
    for (const l of page.content) {
      expect(l.id).not.toBe(viewed!.id);
      expect(l.areaSlug).toBe('kuala-lumpur');
      expect(l.category).toBe(viewed!.category);
    }
    const fresh = (
      await t.app.inject({ url: '/api/properties/recommend/smart?pageSize=4', headers: { 'x-visitor-id': 'someone-new' } })
    ).json() as ListingPage;
    expect(fresh.content).toHaveLength(4);
  });

  it('ranks areas by live rentals', async () => {
    const areas = (await t.app.inject({ method: 'POST', url: '/api/recommended/popular/areas', payload: { limit: 5 } })).json() as {
      slug: string;
      listings: number;
    }[];
    expect(areas).toHaveLength(5);
    expect(areas.map((a) => a.listings)).toEqual([...areas.map((a) => a.listings)].sort((a, b) => b - a));
    expect((await t.app.inject({ method: 'POST', url: '/api/recommended/popular/areas' })).json()).toHaveLength(8);
  });

  it('lists live listings for the sitemap in parts', async () => {
    const part = (await t.app.inject({ url: '/api/sitemap/listings' })).json() as { listings: { id: number }[]; parts: number };
    const live = await t.database.db.select({ id: properties.id }).from(properties).where(isLive());
    expect(part.listings.map((l) => l.id).sort()).toEqual(live.map((l) => l.id).sort());
    expect(part.parts).toBe(Math.max(1, Math.ceil(live.length / SITEMAP_PART_SIZE)));
  });
});
