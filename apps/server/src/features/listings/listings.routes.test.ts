import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import type { ListingCard, ListingPage } from '@kunci/contracts/listings';
import { areas, properties } from '@kunci/db/schema';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { isLive } from './listings.repository.ts';

describe('GET /api/properties/search', () => {
  let t: TestApp;
  const search = async (query: string): Promise<ListingPage> => {
    const res = await t.app.inject({ url: `/api/properties/search${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const allPages = async (query: string): Promise<ListingCard[]> => {
    const first = await search(`${query}${query ? '&' : '?'}pageSize=60`);
    const rest = await Promise.all(
      Array.from({ length: first.totalPages - 1 }, (_, i) => search(`${query}${query ? '&' : '?'}pageSize=60&pageNumber=${i + 1}`)),
    );
    return [first, ...rest].flatMap((p) => p.content);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pages with the spec defaults: pageNumber 0, pageSize 9, newest first', async () => {
    const page = await search('');
    expect(page.pageNumber).toBe(0);
    expect(page.pageSize).toBe(9);
    expect(page.content).toHaveLength(9);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 9));
    const dates = page.content.map((l) => l.dateCreated);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('returns only live listings, and every live rental', async () => {
    const returned = await allPages('');
    const ids = returned.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await t.database.db
      .select({ id: properties.id, live: sql<boolean>`(${isLive()})` })
      .from(properties)
      .where(inArray(properties.id, ids));
    expect(rows.every((r) => r.live)).toBe(true);
    const liveRentals = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(and(isLive(), inArray(properties.type, ['HIGHRISE', 'LANDED', 'ROOM'])));
    expect(ids.sort()).toEqual(liveRentals.map((r) => r.id).sort());
  });

  it('hides a listing the moment it stops being live', async () => {
    const [target] = (await search('?pageSize=1')).content;
    await t.database.db.update(properties).set({ active: false }).where(eq(properties.id, target!.id));
    expect((await allPages('')).map((l) => l.id)).not.toContain(target!.id);
    await t.database.db
      .update(properties)
      .set({ active: true, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(properties.id, target!.id));
    expect((await allPages('')).map((l) => l.id)).not.toContain(target!.id);
    expect((await t.app.inject({ url: `/api/properties/${target!.id}` })).statusCode).toBe(410);
  });

  it('filters by area and property type', async () => {
    const bangsar = await allPages('?loc=bangsar');
    expect(bangsar.length).toBeGreaterThan(0);
    expect(bangsar.every((l) => l.areaSlug === 'bangsar')).toBe(true);
    const condos = await allPages('?propertyType=condo');
    expect(condos.length).toBeGreaterThan(0);
    expect(condos.every((l) => l.category === 'condo' && l.type === 'HIGHRISE')).toBe(true);
    const [area] = await t.database.db.select().from(areas).where(eq(areas.slug, 'bangsar'));
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .where(and(isLive(), eq(properties.areaId, area!.id), inArray(properties.type, ['HIGHRISE', 'LANDED', 'ROOM'])));
    expect(bangsar).toHaveLength(count!.n);
  });

  it('separates sale from rent', async () => {
    const sale = await allPages('?purpose=sale');
    expect(sale.length).toBeGreaterThan(0);
    expect(sale.every((l) => l.type === 'HIGHRISE_SALE' || l.type === 'LANDED_SALE')).toBe(true);
    expect((await allPages('')).some((l) => l.type.endsWith('_SALE'))).toBe(false);
  });

  it('sorts by price both ways', async () => {
    const up = (await search('?sort=price&pageSize=20')).content.map((l) => l.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await search('?sort=-price&pageSize=20')).content.map((l) => l.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it('caps the page size and refuses nonsense with 422', async () => {
    for (const query of ['?pageSize=61', '?pageSize=0', '?pageNumber=-1', '?sort=cheapest', '?purpose=lease', '?loc=Bangsar%20Baru', '?unknown=1']) {
      const res = await t.app.inject({ url: `/api/properties/search${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errorCode).toBe(ErrorCode.VALIDATION);
    }
  });

  it('answers a page past the end with no content', async () => {
    const page = await search('?pageNumber=500');
    expect(page.content).toEqual([]);
    expect(page.totalElements).toBeGreaterThan(0);
  });

  it('gives card images as width templates', async () => {
    const withCover = (await search('?pageSize=20')).content.find((l) => l.cover);
    expect(withCover?.cover?.src).toMatch(/^\/media\/demo\/photo-\d\d\/\{w\}\.webp$/);
    const image = await t.app.inject({ url: withCover!.cover!.src.replace('{w}', '640') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });
});

describe('GET /api/properties/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns a live listing with its images and type facts', async () => {
    const [row] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(and(isLive(), eq(properties.type, 'ROOM')))
      .limit(1);
    const res = await t.app.inject({ url: `/api/properties/${row!.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: row!.id, type: 'ROOM', category: 'room' });
    expect(body.roomType).toMatch(/SINGLE|MIDDLE|MASTER/);
    expect(body.images.length).toBeGreaterThanOrEqual(4);
    expect(body.owner.name).toBeTruthy();
    expect(body).not.toHaveProperty('seedKey');
    expect(body.owner).not.toHaveProperty('phoneNumber');
  });

  it('answers 404 for an unknown id and 410 for a listing that is not live', async () => {
    expect((await t.app.inject({ url: '/api/properties/99999999' })).statusCode).toBe(404);
    const [pending] = await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.reviewStatus, 'PENDING')).limit(1);
    const res = await t.app.inject({ url: `/api/properties/${pending!.id}` });
    expect(res.statusCode).toBe(410);
    expect(res.json().errorCode).toBe(ErrorCode.GONE);
  });

  it('refuses an id that is not a number', async () => {
    expect((await t.app.inject({ url: '/api/properties/abc' })).statusCode).toBe(422);
  });
});
