import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import type { ListingPage } from '@kunci/contracts/listings';
import { areas, chatConversations, chatMessages, properties } from '@kunci/db/schema';
import { createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { isLive } from './listings.repository.ts';

// A price no demo listing has: the search for it finds the two listings of this test only.
const PRICE = 54_321;

describe('relevance ranks listings of landlords who never answer last', () => {
  let t: TestApp;
  let areaSlug: string;
  let answering: { userId: string; listingId: number };
  let silent: { userId: string; listingId: number; conversations: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [model] = await db.select().from(properties).where(isLive()).limit(1);
    [{ slug: areaSlug }] = (await db.select({ slug: areas.slug }).from(areas).where(eq(areas.id, model!.areaId))) as [{ slug: string }];
    const { id: _id, geo: _geo, seedKey: _seedKey, ...fields } = model!;
    const createdAt = new Date();
    const listing = async (ownerId: string, name: string) =>
      (
        await db
          .insert(properties)
          .values({ ...fields, ownerId, name, price: PRICE, dateCreated: createdAt, ownerSilent: false })
          .returning({ id: properties.id })
      )[0]!.id;
    const answeringUser = (await signIn(t.app)).userId;
    const silentUser = (await signIn(t.app)).userId;
    // The same in every way the order looks at, but the silent landlord's listing is the later one (ties go to the
    // higher id): without the rule it comes first.
    answering = { userId: answeringUser, listingId: await listing(answeringUser, 'Answering landlord home') };
    silent = { userId: silentUser, listingId: await listing(silentUser, 'Silent landlord home'), conversations: [] };
    // Requests that have waited the reminder's hours: due an answer.
    const waited = new Date(Date.now() - (BUSINESS.alerts.unansweredReminderHours + 1) * 3600_000);
    for (let i = 0; i < BUSINESS.alerts.neverAnswersMinRequests; i += 1) {
      const tenant = (await signIn(t.app)).userId;
      const [conversation] = await db
        .insert(chatConversations)
        .values({ propertyId: silent.listingId, tenantId: tenant, landlordId: silent.userId, openedBy: 'TENANT', createdAt: waited })
        .returning({ id: chatConversations.id });
      await db.insert(chatMessages).values({ conversationId: conversation!.id, senderId: tenant, kind: 'TEXT', body: 'Is it still available?' });
      silent.conversations.push(conversation!.id);
    }
  });
  afterAll(() => t.close());

  const order = async (sort?: string) => {
    const query = `loc=${areaSlug}&minPrice=${PRICE}&maxPrice=${PRICE}${sort ? `&sort=${sort}` : ''}`;
    const res = await t.app.inject({ url: `/api/properties/search?${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as ListingPage).content.map((l) => l.id);
  };

  /** `count` chat requests from new tenants to the answering landlord, opened now and left unanswered. */
  const requestsToAnswering = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const tenant = (await signIn(t.app)).userId;
      await t.database.db
        .insert(chatConversations)
        .values({ propertyId: answering.listingId, tenantId: tenant, landlordId: answering.userId, openedBy: 'TENANT' });
    }
  };

  it('puts the listing of a landlord with unanswered requests after an equal one, in relevance only', async () => {
    expect(await order()).toEqual([silent.listingId, answering.listingId]);
    expect(await t.app.landlordResponses.rankSilentLandlords()).toEqual({ lowered: 1, lifted: 0 });
    expect(await order()).toEqual([answering.listingId, silent.listingId]);
    expect(await order('relevance')).toEqual([answering.listingId, silent.listingId]);
    // The newest and price sorts keep their own order.
    expect(await order('-dateCreated')).toEqual([silent.listingId, answering.listingId]);
    expect(await order('price')).toEqual([silent.listingId, answering.listingId]);
    // A second run changes nothing.
    expect(await t.app.landlordResponses.rankSilentLandlords()).toEqual({ lowered: 0, lifted: 0 });
  });

  it('lifts the listing again once the landlord answers', async () => {
    await t.database.db
      .insert(chatMessages)
      .values({ conversationId: silent.conversations[0]!, senderId: silent.userId, kind: 'TEXT', body: 'Yes, come and see it.' });
    expect(await order()).toEqual([answering.listingId, silent.listingId]);
    expect(await t.app.landlordResponses.rankSilentLandlords()).toEqual({ lowered: 0, lifted: 1 });
    expect(await order()).toEqual([silent.listingId, answering.listingId]);
  });

  it('does not lower a landlord with fewer unanswered requests than the setting', async () => {
    await requestsToAnswering(BUSINESS.alerts.neverAnswersMinRequests - 1);
    expect(await t.app.landlordResponses.rankSilentLandlords()).toEqual({ lowered: 0, lifted: 0 });
    expect(await order()).toEqual([silent.listingId, answering.listingId]);
  });

  it('does not lower a landlord whose unanswered requests are too recent to have been answered', async () => {
    await requestsToAnswering(BUSINESS.alerts.neverAnswersMinRequests + 1);
    expect(await t.app.landlordResponses.rankSilentLandlords()).toEqual({ lowered: 0, lifted: 0 });
    expect(await order()).toEqual([silent.listingId, answering.listingId]);
  });
});
