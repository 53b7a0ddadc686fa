import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kunci/contracts/errors';
import type { ListingCard, ListingPage } from '@kunci/contracts/listings';
import { landmarks, properties } from '@kunci/db/schema';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { isLive } from './listings.repository.ts';

describe('search filters and sorting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const search = async (query: string): Promise<ListingPage> => {
    const res = await t.app.inject({ url: `/api/properties/search?pageSize=60${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const all = async (query: string): Promise<ListingCard[]> => {
    const first = await search(query);
    const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, i) => search(`${query}&pageNumber=${i + 1}`)));
    return [first, ...rest].flatMap((p) => p.content);
  };
  const rows = (ids: number[]) => t.database.db.select().from(properties).where(inArray(properties.id, ids));

  it('filters by price range, and refuses an upside-down range', async () => {
    const found = await all('&minPrice=1000&maxPrice=2500');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((l) => l.price >= 1000 && l.price <= 2500)).toBe(true);
    const res = await t.app.inject({ url: '/api/properties/search?minPrice=3000&maxPrice=1000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[0].path).toBe('querystring.maxPrice');
  });

  it('filters by bedrooms, bathrooms and parking as minimums', async () => {
    const found = await all('&bedrooms=3&bathrooms=2&parking=1');
    expect(found.length).toBeGreaterThan(0);
    for (const row of await rows(found.map((l) => l.id))) {
      expect(row.bedroom).toBeGreaterThanOrEqual(3);
      expect(row.bathroom).toBeGreaterThanOrEqual(2);
      expect(row.carpark).toBeGreaterThanOrEqual(1);
    }
  });

  it('filters by several property types, furnishing, pets, room type and zero deposit', async () => {
    const types = await all('&propertyType=condo,studio');
    expect(new Set(types.map((l) => l.category))).toEqual(new Set(['condo', 'studio']));
    const furnished = await all('&furnishType=FULL,PARTIAL');
    expect(furnished.every((l) => l.furnishType !== 'NONE')).toBe(true);
    const pets = await all('&petFriendly=true');
    expect((await rows(pets.map((l) => l.id))).every((r) => r.petFriendly)).toBe(true);
    const masters = await all('&roomType=MASTER');
    expect(masters.length).toBeGreaterThan(0);
    expect((await rows(masters.map((l) => l.id))).every((r) => r.roomType === 'MASTER')).toBe(true);
    const zero = await all('&zeroDeposit=true');
    expect(zero.every((l) => l.zeroDepositEligible)).toBe(true);
    const total = (await search('')).totalElements;
    expect(zero.length + (await all('&zeroDeposit=false')).length).toBe(total);
  });

  it('ranks by distance around a building (lm) within the radius', async () => {
    const [landmark] = await t.database.db.select().from(landmarks).where(eq(landmarks.name, 'Bangsar Heights'));
    const found = await all(`&lm=${landmark!.id}`);
    expect(found.length).toBeGreaterThan(0);
    const distances = found.map((l) => l.distanceKm!);
    expect(distances.every((d) => d <= 5)).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Every live rental within 5 km is found, whatever its area.
    const inRadius = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(
        and(
          isLive(),
          inArray(properties.type, ['HIGHRISE', 'LANDED', 'ROOM']),
          sql`6371 * 2 * asin(sqrt(power(sin(radians(${properties.lat} - ${landmark!.lat}) / 2), 2) + cos(radians(${landmark!.lat})) * cos(radians(${properties.lat})) * power(sin(radians(${properties.lng} - ${landmark!.lng}) / 2), 2))) <= 5`,
        ),
      );
    expect(found.map((l) => l.id).sort()).toEqual(inRadius.map((r) => r.id).sort());
    expect((await t.app.inject({ url: '/api/properties/search?lm=99999999' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/properties/search?sort=distance' })).statusCode).toBe(422);
  });

  it('finds a building by its name when the category is PROPERTY', async () => {
    const found = await all('&q=Heights&category=PROPERTY');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((l) => l.name.includes('Heights'))).toBe(true);
  });

  it('sorts newest first explicitly, and by price', async () => {
    const newest = (await search('&sort=-dateCreated')).content.map((l) => l.dateCreated);
    expect(newest).toEqual([...newest].sort().reverse());
    const cheap = (await search('&sort=price&purpose=sale')).content.map((l) => l.price);
    expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
  });

  it('takes the same search as a POST body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/properties/search', payload: { loc: 'bangsar', pageSize: '5', sort: 'price' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.every((l: ListingCard) => l.areaSlug === 'bangsar')).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: '/api/properties/search', payload: { race: 'any' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errorCode).toBe(ErrorCode.VALIDATION);
  });
});

describe('autocomplete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const suggest = async (keywords: string, lang = 'en') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties/search/name/autocomplete',
      payload: { keywords },
      headers: { 'x-language': lang },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      LOCATION: { label: string; category: string; slug: string }[];
      PROPERTY: { label: string; landmarkLabelId: number; type: string }[];
    };
  };

  it('forgives typos and puts locations first', async () => {
    const { LOCATION, PROPERTY } = await suggest('bangsr');
    expect(LOCATION[0]).toMatchObject({ label: 'Bangsar', category: 'LOCATION', slug: 'bangsar' });
    expect(PROPERTY.some((p) => p.label.startsWith('Bangsar') && p.type === 'PROPERTY' && p.landmarkLabelId > 0)).toBe(true);
  });

  it('matches property types in Malay and Chinese, labelled in the caller’s language', async () => {
    expect((await suggest('cond')).LOCATION[0]).toMatchObject({ category: 'PROPERTY_TYPE', slug: 'condo', label: 'Condo' });
    expect((await suggest('kondo', 'ms')).LOCATION[0]).toMatchObject({ slug: 'condo', label: 'Kondo' });
    expect((await suggest('rum', 'ms')).LOCATION.map((l) => l.slug)).toEqual(expect.arrayContaining(['house', 'terrace']));
    expect((await suggest('公寓', 'zh')).LOCATION.map((l) => l.slug)).toContain('apartment');
    expect((await suggest('共管', 'zh')).LOCATION[0]).toMatchObject({ slug: 'condo', label: '共管公寓' });
    expect((await suggest('孟沙', 'zh')).LOCATION[0]).toMatchObject({ slug: 'bangsar', label: '孟沙' });
  });

  it('suggests a type only for the start of its name in the caller’s language or English', async () => {
    const types = async (keywords: string, lang = 'en') =>
      (await suggest(keywords, lang)).LOCATION.filter((l) => l.category === 'PROPERTY_TYPE').map((l) => l.slug);
    // Malay names (Rumah, Pangsapuri, Kondo) are not offered to someone searching in English...
    expect(await types('rum')).toEqual([]);
    expect(await types('pangsa')).toEqual([]);
    expect(await types('kondo')).toEqual([]);
    expect(await types('bang')).toEqual([]);
    // ...nor a name that merely contains the text or looks like it.
    expect(await types('rise')).toEqual([]);
    expect(await types('hause')).toEqual([]);
    // English names are understood in every language.
    expect(await types('high', 'ms')).toEqual(['highrise']);
    expect(await types('apart', 'zh')).toEqual(['apartment']);
  });

  it('answers nothing below two characters, and de-duplicates by label and type', async () => {
    expect(await suggest('b')).toEqual({ LOCATION: [], PROPERTY: [] });
    const { LOCATION, PROPERTY } = await suggest('jaya');
    const keys = [...LOCATION.map((l) => `${l.label}|${l.category}`), ...PROPERTY.map((p) => `${p.label}|${p.type}`)];
    expect(new Set(keys).size).toBe(keys.length);
    expect(LOCATION.map((l) => l.slug)).toEqual(expect.arrayContaining(['petaling-jaya', 'subang-jaya']));
  });

  it('takes a literal % or _ without matching everything', async () => {
    const { PROPERTY } = await suggest('%%');
    expect(PROPERTY).toEqual([]);
  });
});

describe('similar listings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('offers live homes like a listing, even one that is no longer live, never the listing itself', async () => {
    const [gone] = await t.database.db
      .select()
      .from(properties)
      .where(and(eq(properties.reviewStatus, 'PENDING'), inArray(properties.type, ['HIGHRISE', 'ROOM', 'LANDED'])))
      .limit(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties/similar',
      payload: { pageSize: 6 },
      headers: { 'x-source-ref': String(gone!.id), 'x-source-type': 'listing_page' },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json() as ListingPage;
    for (const l of page.content) {
      expect(l.id).not.toBe(gone!.id);
      expect(l.category).toBe(gone!.category);
      expect(l.price).toBeGreaterThanOrEqual(Math.floor(gone!.price * 0.7));
      expect(l.price).toBeLessThanOrEqual(Math.ceil(gone!.price * 1.3));
    }
    const [live] = await t.database.db.select().from(properties).where(isLive()).limit(1);
    const own = (
      await t.app.inject({ method: 'POST', url: '/api/properties/similar', payload: {}, headers: { 'x-source-ref': String(live!.id) } })
    ).json() as ListingPage;
    expect(own.content.map((l) => l.id)).not.toContain(live!.id);
  });
});
