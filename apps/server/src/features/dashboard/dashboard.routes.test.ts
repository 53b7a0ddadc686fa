import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { condoInput } from '../../../test/listing-input.ts';

const DAY = 86_400_000;
/**
 * The dashboard summary through the HTTP layer: a landlord with a draft, a rejected listing and one about to
 * expire, and a tenant who favourited it, asked about it, got a reply and booked a viewing.
 */
describe('GET /api/users/:id/dashboard', () => {
  let t: TestApp;
  let landlord: { userId: string; token: string };
  let tenant: { userId: string; token: string };
  let liveId: number;
  let draftId: number;
  let rejectedId: number;
  let conversationId: number;

  const summary = async (who: { userId: string; token: string }) => {
    const res = await t.app.inject({ url: `/api/users/${who.userId}/dashboard`, headers: bearer(who.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const newListing = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/properties', payload: condoInput(), headers: bearer(landlord.token) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: true, env: { PIN_RESEND_SECONDS: '0', RATE_LIMIT_MAX: '100000' } });
    landlord = await signIn(t.app);
    tenant = await signIn(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${landlord.userId}`,
      payload: { name: 'Aminah Landlord' },
      headers: bearer(landlord.token),
    });
    await t.app.inject({ method: 'PUT', url: `/api/users/${tenant.userId}`, payload: { name: 'Wei Tenant' }, headers: bearer(tenant.token) });

    const db = t.database.db;
    [liveId, draftId, rejectedId] = [await newListing(), await newListing(), await newListing()];
    await db
      .update(properties)
      .set({
        name: 'Expiring Soon Residence',
        status: 'ACTIVE',
        active: true,
        reviewStatus: 'APPROVED',
        expiresAt: new Date(Date.now() + 2 * DAY),
        viewingAvailableDate: new Date(),
      })
      .where(eq(properties.id, liveId));
    await db.update(properties).set({ name: 'Draft Heights' }).where(eq(properties.id, draftId));
    await db
      .update(properties)
      .set({ name: 'Rejected Villa', reviewStatus: 'REJECTED', rejectionReason: 'Photos are of another unit' })
      .where(eq(properties.id, rejectedId));

    const asTenant = bearer(tenant.token);
    const favourite = await t.app.inject({
      method: 'POST',
      url: `/api/users/${tenant.userId}/favourite-properties`,
      payload: { propertyId: liveId },
      headers: asTenant,
    });
    expect(favourite.statusCode, favourite.body).toBe(201);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: {
        propertyId: liveId,
        moveInDate: '2027-01-01',
        budget: 2000,
        tenancyDuration: 12,
        reasonForMoving: 'NEAR_WORK',
        message: 'Is it still free?',
      },
      headers: asTenant,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    conversationId = (asked.json() as { id: number }).id;
    const slots = (await t.app.inject({ url: `/api/appointments/timeslot/${liveId}` })).json() as { days: { slots: { startsAt: string }[] }[] };
    const startsAt = slots.days.flatMap((d) => d.slots).map((s) => s.startsAt)[0]!;
    const booked = await t.app.inject({ method: 'POST', url: '/api/appointments', payload: { conversationId, startsAt }, headers: asTenant });
    expect(booked.statusCode, booked.body).toBe(200);
    // The landlord's replies come after the tenant's own last word (sending marks everything before it read).
    for (const body of ['Yes, it is.', 'See you then.']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chat-conversations/${conversationId}/messages`,
        payload: { body },
        headers: bearer(landlord.token),
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('is empty for a new user, who has not said yet whether they rent or let', async () => {
    const fresh = await signIn(t.app);
    expect(await summary(fresh)).toEqual({
      rentalRole: null,
      unreadChats: { messages: 0, conversations: 0 },
      viewings: { upcoming: 0, next: [] },
      favourites: { count: 0 },
      listings: {
        total: 0,
        live: 0,
        inReview: 0,
        drafts: { count: 0, items: [] },
        rejected: { count: 0, items: [] },
        expiringSoon: { count: 0, items: [] },
      },
    });
  });

  it('gives a tenant their unread replies, next viewing and favourites, and the role they chose', async () => {
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${tenant.userId}`,
      payload: { rentalRole: 'TENANT' },
      headers: bearer(tenant.token),
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().rentalRole).toBe('TENANT');

    const mine = await summary(tenant);
    expect(mine.rentalRole).toBe('TENANT');
    expect(mine.unreadChats.conversations).toBe(1);
    expect(mine.unreadChats.messages).toBeGreaterThanOrEqual(2);
    expect(mine.favourites).toEqual({ count: 1 });
    expect(mine.viewings.upcoming).toBe(1);
    expect(mine.viewings.next).toEqual([
      expect.objectContaining({
        conversationId,
        propertyId: liveId,
        propertyName: 'Expiring Soon Residence',
        as: 'TENANT',
        withName: 'Aminah Landlord',
      }),
    ]);
    expect(Date.parse(mine.viewings.next[0].startsAt)).toBeGreaterThan(Date.now());
    expect(mine.listings.total).toBe(0);
  });

  it('counts replies as read once the tenant has read them', async () => {
    const messages = (await t.app.inject({ url: `/api/chat-conversations/${conversationId}/messages`, headers: bearer(tenant.token) })).json() as {
      content: { id: number }[];
    };
    expect((await summary(tenant)).unreadChats.messages).toBeGreaterThan(0);
    const lastReadId = Math.max(...messages.content.map((m) => m.id));
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversationId}/read`,
      payload: { lastReadId },
      headers: bearer(tenant.token),
    });
    expect(read.statusCode, read.body).toBeLessThan(300);
    expect((await summary(tenant)).unreadChats).toEqual({ messages: 0, conversations: 0 });
  });

  it('gives a landlord their listings to finish, fix and extend, and the viewing of their home', async () => {
    expect((await summary(landlord)).unreadChats).toEqual({ messages: 0, conversations: 0 });
    await t.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversationId}/messages`,
      payload: { body: 'Thanks!' },
      headers: bearer(tenant.token),
    });
    const mine = await summary(landlord);
    expect(mine.rentalRole).toBeNull();
    expect(mine.unreadChats).toEqual({ messages: 1, conversations: 1 });
    expect(mine.viewings.next).toEqual([expect.objectContaining({ propertyId: liveId, as: 'LANDLORD', withName: 'Wei Tenant', accepted: false })]);
    expect(mine.favourites.count).toBe(0);
    expect(mine.listings).toMatchObject({ total: 3, live: 1, inReview: 0 });
    expect(mine.listings.drafts).toEqual({ count: 1, items: [{ id: draftId, name: 'Draft Heights', reason: null, expiresAt: null }] });
    expect(mine.listings.rejected).toEqual({
      count: 1,
      items: [{ id: rejectedId, name: 'Rejected Villa', reason: 'Photos are of another unit', expiresAt: null }],
    });
    expect(mine.listings.expiringSoon.count).toBe(1);
    expect(mine.listings.expiringSoon.items[0]).toMatchObject({ id: liveId, name: 'Expiring Soon Residence', reason: null });
  });

  it("refuses another user's dashboard, anonymous callers and a malformed id, in the caller's language", async () => {
    const other = await t.app.inject({ url: `/api/users/${landlord.userId}/dashboard`, headers: { ...bearer(tenant.token), 'x-language': 'ms' } });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ errorCode: expect.any(Number), message: expect.any(String) });
    expect((await t.app.inject({ url: `/api/users/${landlord.userId}/dashboard` })).statusCode).toBe(401);
    const malformed = await t.app.inject({ url: '/api/users/not-a-uuid/dashboard', headers: bearer(tenant.token) });
    expect(malformed.statusCode).toBe(422);
  });

  it('takes only TENANT or LANDLORD as the rental role, naming the field in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${tenant.userId}`,
      payload: { rentalRole: 'AGENT' },
      headers: { ...bearer(tenant.token), 'x-language': 'ms' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; fields: { path: string; message: string }[] };
    expect(body.fields).toEqual([expect.objectContaining({ path: expect.stringContaining('rentalRole') })]);
    expect(body.fields[0]!.message).toMatch(/Pilih/);
  });

  it('names a bad profile name in the caller’s language, not in English', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${tenant.userId}`,
      payload: { name: 'R2-D2' },
      headers: { ...bearer(tenant.token), 'x-language': 'zh' },
    });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { fields: { message: string }[] }).fields[0]!.message).toBe('只能使用字母、空格、“/”和撇号。');
  });
});
