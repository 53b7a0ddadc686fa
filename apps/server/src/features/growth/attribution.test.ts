import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import { attributions, deals, properties, users } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { createCounterStore } from '../../plugins/counters.ts';
import { createAttributionRepository } from './attribution.repository.ts';
import { createAttributionService } from './attribution.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const rules = BUSINESS.growth.attribution;

describe('attribution: POST /api/users/track', () => {
  let t: TestApp;
  const person = async () => {
    const p = await signIn(t.app);
    return { id: p.userId, headers: bearer(p.token) };
  };
  const track = (who: { headers: Record<string, string> }, payload: unknown, language = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/users/track', payload: payload as object, headers: { ...who.headers, 'x-language': language } });
  const stored = (userId: string, kind: 'TOUCH' | 'SIGN_UP' | 'FIRST_DEAL') =>
    t.database.db
      .select()
      .from(attributions)
      .where(and(eq(attributions.userId, userId), eq(attributions.kind, kind)));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a new account’s sign-up attribution once; later calls are touches only', async () => {
    const me = await person();
    const first = await track(me, {
      id: me.id,
      attr: { utm_source: 'facebook', utm_medium: 'cpc', utm_campaign: 'raya-2026', gclid: 'Cj0KCQ-abc_1' },
    });
    expect(first.statusCode).toBe(204);
    const again = await track(me, { id: me.id, attr: { utm_source: 'google' } });
    expect(again.statusCode).toBe(204);

    const [signUp] = await stored(me.id, 'SIGN_UP');
    expect(signUp).toMatchObject({
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: 'raya-2026',
      gclid: 'Cj0KCQ-abc_1',
      rid: null,
      subid: null,
    });
    expect(await stored(me.id, 'SIGN_UP')).toHaveLength(1);
    expect(await stored(me.id, 'TOUCH')).toHaveLength(2);
  });

  it('an account older than the sign-up window gets a touch, not a sign-up attribution', async () => {
    const old = await person();
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - (rules.signUpWindowHours + 1) * HOUR) })
      .where(eq(users.id, old.id));
    expect((await track(old, { id: old.id, attr: { subid: 'aff-77' } })).statusCode).toBe(204);
    expect(await stored(old.id, 'TOUCH')).toHaveLength(1);
    expect(await stored(old.id, 'SIGN_UP')).toHaveLength(0);
  });

  it('refuses bad input with 422 in the caller’s language, someone else’s id with 403, and anonymous callers with 401', async () => {
    const me = await person();
    const other = await person();
    const bad = [
      { id: me.id, attr: {} },
      { id: me.id, attr: { utm_source: 'x;y=1' } },
      { id: me.id, attr: { utm_source: 'a'.repeat(101) } },
      { id: me.id, attr: { fbclid: 'nope' } },
      { id: 'not-a-uuid', attr: { rid: 'K7M2Q9XA' } },
      { attr: { rid: 'K7M2Q9XA' } },
      { id: me.id, attr: { rid: 'K7M2Q9XA' }, extra: true },
    ];
    for (const payload of bad) expect((await track(me, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    const malay = await track(me, { id: me.id, attr: { utm_source: '<script>' } }, 'ms');
    expect(JSON.stringify(malay.json())).toContain('Nilai penjejakan');
    expect((await track(me, { id: other.id, attr: { rid: 'K7M2Q9XA' } })).statusCode).toBe(403);
    expect((await track({ headers: {} }, { id: me.id, attr: { rid: 'K7M2Q9XA' } })).statusCode).toBe(401);
    expect(await stored(me.id, 'TOUCH')).toHaveLength(0);
  });

  it('limits each user to the hourly number of tracking calls (429)', async () => {
    const me = await person();
    for (let i = 0; i < rules.trackPerHour; i++) expect((await track(me, { id: me.id, attr: { subid: `s${i}` } })).statusCode).toBe(204);
    expect((await track(me, { id: me.id, attr: { subid: 'one-too-many' } })).statusCode).toBe(429);
  });

  it('stores the first deal’s attribution from the latest touch before it, once', async () => {
    const me = await person();
    const [listing] = await t.database.db
      .select({ id: properties.id, ownerId: properties.ownerId })
      .from(properties)
      .where(eq(properties.status, 'ACTIVE'))
      .limit(1);
    await track(me, { id: me.id, attr: { utm_source: 'tiktok', utm_campaign: 'first' } });
    await t.database.db
      .update(attributions)
      .set({ touchedAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(attributions.userId, me.id));
    await track(me, { id: me.id, attr: { utm_source: 'newsletter', utm_campaign: 'second' } });
    await t.database.db
      .update(attributions)
      .set({ touchedAt: new Date(Date.now() - 2 * DAY) })
      .where(and(eq(attributions.userId, me.id), eq(attributions.utmCampaign, 'second')));
    const [deal] = await t.database.db
      .insert(deals)
      .values({
        propertyId: listing!.id,
        tenantId: me.id,
        landlordId: listing!.ownerId,
        state: 'ACTIVE',
        moveInDate: new Date().toISOString().slice(0, 10),
        tenancyMonths: 12,
        monthlyRent: 1500,
        occupants: 1,
        bookingFeeSen: BUSINESS.bookingFee * 100,
        createdAt: new Date(Date.now() - DAY),
      })
      .returning({ id: deals.id });
    // A touch after the deal was made does not count for it.
    await track(me, { id: me.id, attr: { utm_source: 'later' } });

    const service = createAttributionService(createAttributionRepository(t.database.db), createCounterStore(undefined, 'test:'));
    expect(await service.recordFirstDeals(me.id)).toBe(1);
    expect(await service.recordFirstDeals(me.id)).toBe(0);
    const [firstDeal] = await stored(me.id, 'FIRST_DEAL');
    expect(firstDeal).toMatchObject({ dealId: deal!.id, utmSource: 'newsletter', utmCampaign: 'second' });
  });
});
