import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS, moveInCost } from '@kunci/contracts/business';
import type { PriceCheck, ReviewExpenses } from '@kunci/contracts/growth';
import { landmarks, properties } from '@kunci/db/schema';
import { createTestApp, signIn, type TestApp } from '../../../test/support.ts';

const MONT_KIARA = 10;
const DAY = 86_400_000;

describe('price checker', () => {
  let t: TestApp;
  let building: number;
  let quiet: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signIn(t.app);
    const [tower, empty] = await t.database.db
      .insert(landmarks)
      .values([
        {
          areaId: MONT_KIARA,
          name: 'Arcadia Kiara Suites',
          address: 'Jalan Kiara 3',
          postcode: '50480',
          listingType: 'HIGHRISE',
          lat: 3.17,
          lng: 101.65,
        },
        {
          areaId: MONT_KIARA,
          name: 'Arcadia Kiara Lofts',
          address: 'Jalan Kiara 5',
          postcode: '50480',
          listingType: 'HIGHRISE',
          lat: 3.17,
          lng: 101.65,
        },
      ])
      .returning({ id: landmarks.id });
    building = tower!.id;
    quiet = empty!.id;
    const now = Date.now();
    const listing = (key: string, price: number, extra: Partial<typeof properties.$inferInsert> = {}) => ({
      ownerId: owner.userId,
      areaId: MONT_KIARA,
      landmarkId: building,
      type: 'HIGHRISE',
      category: 'condo',
      name: `Arcadia Kiara Suites ${key}`,
      address: 'Jalan Kiara 3',
      postcode: '50480',
      lat: 3.17,
      lng: 101.65,
      price,
      bedroom: 2,
      furnishType: 'FULL',
      status: 'ACTIVE' as const,
      active: true,
      reviewStatus: 'APPROVED' as const,
      zeroDepositEligible: price <= BUSINESS.zeroDeposit.homeRent.max,
      expiresAt: new Date(now + 30 * DAY),
      seedKey: `test:price:${key}`,
      ...extra,
    });
    const rows = await t.database.db
      .insert(properties)
      .values([
        // Five live and two past (expired) fully furnished 2-bedroom condos: the comparables.
        listing('a', 3000),
        listing('b', 3200),
        listing('c', 3400),
        listing('d', 3600),
        listing('e', 4200),
        listing('f', 3100, { status: 'EXPIRED', expiresAt: new Date(now - 20 * DAY), dateCreated: new Date(now - 200 * DAY) }),
        listing('g', 3500, { active: false, dateCreated: new Date(now - 400 * DAY) }),
        // Left out: taken down, too old, not reviewed, another bedroom count, a room.
        listing('suspended', 9000, { status: 'SUSPENDED' }),
        listing('old', 1000, { status: 'EXPIRED', dateCreated: new Date(now - 3 * 365 * DAY), expiresAt: new Date(now - 2 * 365 * DAY) }),
        listing('pending', 100, { reviewStatus: 'PENDING', active: false }),
        listing('three', 6000, { bedroom: 3 }),
        listing('room', 900, { type: 'ROOM', category: 'room' }),
        // Partly furnished: one only, so a check for it widens to any furnishing.
        listing('partial', 2800, { furnishType: 'PARTIAL' }),
      ])
      .returning({ id: properties.id, seedKey: properties.seedKey });
    for (const row of rows) ids[row.seedKey!.split(':')[2]!] = row.id;
  });
  afterAll(() => t.close());

  const check = (payload: object, language = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/properties/price-checker/check', payload, headers: { 'x-language': language } });

  it('suggests buildings by name, those with rentals first, with the area in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties/price-checker/name/autocomplete',
      payload: { keywords: 'arcadia kiara' },
      headers: { 'x-language': 'zh' },
    });
    expect(res.statusCode).toBe(200);
    const { content } = res.json() as { content: { id: number; name: string; areaName: string; listings: number }[] };
    expect(content.map((b) => b.id)).toEqual([building, quiet]);
    expect(content[0]).toMatchObject({ name: 'Arcadia Kiara Suites', areaName: '满家乐', listings: 9 });
    expect(content[1]!.listings).toBe(0);
  });

  it('gives a range for a fully furnished 2-bedroom condo in Mont Kiara from live and past rentals, with the count behind it', async () => {
    const res = await check({ landmarkLabelId: building, bedroom: 2, furnishType: 'FULL' });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as PriceCheck;
    // 3000, 3100, 3200, 3400, 3500, 3600, 4200: the middle half is 3150 to 3550, the median 3400.
    expect(answer).toMatchObject({
      building: { id: building, name: 'Arcadia Kiara Suites', areaSlug: 'mont-kiara', areaName: 'Mont Kiara' },
      basis: 'building',
      count: 7,
      live: 5,
      past: 2,
      low: 3150,
      median: 3400,
      high: 3550,
      min: 3000,
      max: 4200,
    });
    expect(answer.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(7);
    expect(answer.buckets[0]!.from).toBe(3000);
  });

  it('widens to any furnishing, then to the area, and says so; nothing comparable gives no range', async () => {
    const partly = (await check({ landmarkLabelId: building, bedroom: 2, furnishType: 'PARTIAL' })).json() as PriceCheck;
    expect(partly).toMatchObject({ basis: 'building-any-furnishing', count: 8, low: 3075 });

    const next = (await check({ landmarkLabelId: quiet, bedroom: 2, furnishType: 'FULL' })).json() as PriceCheck;
    expect(next.basis).toBe('area');
    expect(next.count).toBeGreaterThanOrEqual(7);

    const none = (await check({ landmarkLabelId: quiet, bedroom: 9 })).json() as PriceCheck;
    expect(none).toMatchObject({ basis: 'none', count: 0, low: null, high: null, buckets: [] });
  });

  it('refuses a bad request with field messages in the caller’s language, and an unknown building with 404', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/properties/price-checker/name/autocomplete',
      payload: { keywords: 'a' },
      headers: { 'x-language': 'ms' },
    });
    expect(short.statusCode).toBe(422);
    expect(JSON.stringify(short.json())).toContain('Taip sekurang-kurangnya 2 huruf');
    expect((await check({ landmarkLabelId: building, bedroom: -1 })).statusCode).toBe(422);
    expect((await check({ landmarkLabelId: building, bedroom: 2, furnishType: 'SOME' })).statusCode).toBe(422);
    expect((await check({ landmarkLabelId: building, bedroom: 2, extra: 1 })).statusCode).toBe(422);
    expect((await check({ landmarkLabelId: 2_000_000_000, bedroom: 2 })).statusCode).toBe(404);
  });

  it('review expenses: zero deposit against the usual deposits for a live listing; 404 for one off the market', async () => {
    const res = await t.app.inject({ url: `/api/properties/review-expenses/${ids['a']}` });
    expect(res.statusCode).toBe(200);
    const cost = moveInCost(3000);
    expect(res.json() as ReviewExpenses).toEqual({
      propertyId: ids['a'],
      rent: 3000,
      zeroDepositEligible: true,
      zeroDeposit: { firstMonth: 3000, signingFee: cost.signingFee, sst: cost.sst, total: cost.total, shortTenancySurcharge: 750 },
      conventional: { firstMonth: 3000, securityDeposit: 6000, utilityDeposit: 1500, total: 10_500 },
      saving: Math.round((10_500 - cost.total) * 100) / 100,
    });
    const dear = (await t.app.inject({ url: `/api/properties/review-expenses/${ids['three']}` })).json() as ReviewExpenses;
    expect(dear).toMatchObject({ zeroDepositEligible: false, zeroDeposit: null, saving: 0 });
    expect((await t.app.inject({ url: `/api/properties/review-expenses/${ids['f']}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/properties/review-expenses/abc' })).statusCode).toBe(422);
  });

  it('the widget is a bare page any site may frame, answering its own form; the script tag loads cross-site', async () => {
    const page = await t.app.inject({
      url: `/widget/price-checker?lang=ms&building=${encodeURIComponent('Arcadia Kiara Suites')}&bedroom=2&furnish=FULL`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.body).toContain('lang="ms"');
    expect(page.body).toContain('RM3,150 – RM3,550 sebulan');
    expect(page.body).toContain('Berdasarkan 7 iklan sewa');
    const unknown = await t.app.inject({ url: '/widget/price-checker?lang=zh&building=Nowhere%20Towers' });
    expect(unknown.body).toContain('暂时没有这个名称的楼盘');
    // Every other page stays unframeable.
    const api = await t.app.inject({ url: '/api/areas' });
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');

    const script = await t.app.inject({ url: '/widget/price-checker.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.body).toContain('/widget/price-checker?lang=');
    expect(script.body.length).toBeLessThan(2048);
  });
});
