import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavouriteList, Shortlist, ShortlistLink } from '@kunci/contracts/favourites';
import { properties } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';

describe('favourites', () => {
  let t: TestApp;
  let me: { userId: string; headers: Record<string, string> };
  let someone: { userId: string; headers: Record<string, string> };
  let live: number[];

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    me = { userId: a.userId, headers: bearer(a.token) };
    someone = { userId: b.userId, headers: bearer(b.token) };
    const page = (await t.app.inject({ url: '/api/properties/search?loc=bangsar&pageSize=3&sort=-dateCreated' })).json() as {
      content: { id: number }[];
    };
    live = page.content.map((c) => c.id);
  });
  afterAll(() => t.close());

  const list = async (who = me) =>
    (await t.app.inject({ url: `/api/users/${who.userId}/favourite-properties`, headers: who.headers })).json() as FavouriteList;
  const add = (propertyId: number, who = me) =>
    t.app.inject({ method: 'POST', url: `/api/users/${who.userId}/favourite-properties`, payload: { propertyId }, headers: who.headers });

  it('saves a live listing once, lists newest first with the property, checks and removes by either path', async () => {
    expect((await add(live[0]!)).statusCode).toBe(201);
    expect((await add(live[0]!)).statusCode).toBe(200);
    expect((await add(live[1]!)).statusCode).toBe(201);
    const saved = await list();
    expect(saved.content.map((f) => f.property.id)).toEqual([live[1], live[0]]);
    expect(saved.content[0]).toMatchObject({ propertyId: live[1], property: { id: live[1], live: true } });

    const check = await t.app.inject({ url: `/api/users/${me.userId}/favourite-properties/${live[0]}`, headers: me.headers });
    expect(check.json()).toEqual({ propertyId: live[0], favourite: true });
    const notSaved = await t.app.inject({ url: `/api/users/${me.userId}/favourite-properties/${live[2]}`, headers: me.headers });
    expect(notSaved.json()).toEqual({ propertyId: live[2], favourite: false });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/favourite-properties/${live[0]}`,
      headers: { ...me.headers, 'x-language': 'ms' },
    });
    expect(removed.json()).toEqual({ propertyId: live[0], message: 'Hartanah berjaya dibuang' });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/users/${me.userId}/favourite-properties/${live[0]}`, headers: me.headers });
    expect(again.statusCode).toBe(404);
    const byUserPath = await t.app.inject({ method: 'DELETE', url: `/api/users/${me.userId}/favourite-properties/${live[1]}`, headers: me.headers });
    expect(byUserPath.json()).toMatchObject({ propertyId: live[1], message: 'Property removed successfully' });
    expect((await list()).content).toEqual([]);
  });

  it('refuses unknown and off-market listings, and a listing that goes off the market stays listed as not live', async () => {
    expect((await add(2_000_000_000)).statusCode).toBe(404);
    expect((await add(live[2]!)).statusCode).toBe(201);
    await t.database.db.update(properties).set({ active: false }).where(eq(properties.id, live[2]!));
    expect((await list()).content[0]).toMatchObject({ propertyId: live[2], property: { live: false } });
    expect((await add(live[2]!)).statusCode).toBe(410);
    await t.database.db.update(properties).set({ active: true }).where(eq(properties.id, live[2]!));
  });

  it('another user can neither read, add to nor remove from my favourites', async () => {
    await add(live[0]!);
    expect((await t.app.inject({ url: `/api/users/${me.userId}/favourite-properties`, headers: someone.headers })).statusCode).toBe(403);
    expect((await add(live[1]!, { ...me, headers: someone.headers })).statusCode).toBe(403);
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/users/${me.userId}/favourite-properties/${live[0]}`, headers: someone.headers });
    expect(theirs.statusCode).toBe(403);
    // The short form acts on the caller's own list only.
    const own = await t.app.inject({ method: 'DELETE', url: `/api/users/favourite-properties/${live[0]}`, headers: someone.headers });
    expect(own.statusCode).toBe(404);
    expect((await list()).content.map((f) => f.propertyId)).toContain(live[0]);
    expect((await t.app.inject({ url: `/api/users/${me.userId}/favourite-properties` })).statusCode).toBe(401);
  });

  it('a shortlist link shows the live favourites read-only, stays the same until revoked, then answers 404', async () => {
    const link = (await t.app.inject({ method: 'POST', url: `/api/users/${me.userId}/shortlist-link`, headers: me.headers })).json() as ShortlistLink;
    expect(link.url).toMatch(new RegExp(`/shortlist/${link.token}$`));
    const same = (await t.app.inject({ method: 'POST', url: `/api/users/${me.userId}/shortlist-link`, headers: me.headers })).json() as ShortlistLink;
    expect(same.token).toBe(link.token);
    await t.database.db.update(properties).set({ active: false }).where(eq(properties.id, live[2]!));
    const shared = (await t.app.inject({ url: `/api/shortlists/${link.token}` })).json() as Shortlist;
    expect(shared.content.map((c) => c.id)).toEqual([live[0]]);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${me.userId}/shortlist-link`, headers: someone.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${me.userId}/shortlist-link`, headers: someone.headers })).statusCode).toBe(403);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${me.userId}/shortlist-link`, headers: me.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/shortlists/${link.token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/users/${me.userId}/shortlist-link`, headers: me.headers })).json()).toBeNull();
    const fresh = (
      await t.app.inject({ method: 'POST', url: `/api/users/${me.userId}/shortlist-link`, headers: me.headers })
    ).json() as ShortlistLink;
    expect(fresh.token).not.toBe(link.token);
  });
});
