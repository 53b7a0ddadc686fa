import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedPromotion, PromotionInput, PromotionList } from '@kunci/contracts/growth';
import type { ListingPage } from '@kunci/contracts/listings';
import { auditLog, users } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';

const DAY = 86_400_000;

describe('hot deals and partner campaigns', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  let someone: Record<string, string>;
  let live: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const editor = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'editor', name: 'Editor Mei Ling' }).where(eq(users.id, editor.userId));
    staff = bearer(editor.token);
    // Moderators look after listings, not marketing: they may not manage promotions.
    const moderator = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.userId));
    someone = bearer(moderator.token);
    const page = (await t.app.inject({ url: '/api/properties/search?pageSize=4&sort=-dateCreated' })).json() as ListingPage;
    live = page.content.map((c) => c.id);
  });
  afterAll(() => t.close());

  const deal = (overrides: Partial<PromotionInput> = {}): PromotionInput => ({
    kind: 'HOT_DEAL',
    title: { en: 'Half the first month', ms: 'Separuh sewa bulan pertama', zh: '首月租金减半' },
    description: { en: 'Sign before it ends.', ms: 'Tandatangan sebelum tamat.', zh: '在结束前签约。' },
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    listingIds: [live[0]!, live[1]!],
    ...overrides,
  });
  const create = (body: object, headers = staff) => t.app.inject({ method: 'POST', url: '/api/admin/growth/promotions', payload: body, headers });
  const onGoing = async (path: string, language = 'en') =>
    (await t.app.inject({ url: `/api/${path}`, headers: { 'x-language': language } })).json() as PromotionList;

  it('staff publish a hot deal: it runs between its dates, in the caller’s language, its live listings carry the badge', async () => {
    const created = await create(deal());
    expect(created.statusCode).toBe(201);
    const saved = created.json() as ManagedPromotion;
    expect(saved).toMatchObject({ kind: 'HOT_DEAL', state: 'RUNNING', listingIds: [live[0], live[1]].sort((a, b) => a! - b!) });
    // One to come and one over: neither is listed.
    await create(deal({ startsAt: new Date(Date.now() + DAY).toISOString(), endsAt: new Date(Date.now() + 2 * DAY).toISOString() }));
    await create(
      deal({ startsAt: new Date(Date.now() - 3 * DAY).toISOString(), endsAt: new Date(Date.now() - DAY).toISOString(), listingIds: [live[3]!] }),
    );

    const inMalay = await onGoing('hotdeals/deals/on-going', 'ms');
    expect(inMalay.content.map((p) => p.id)).toEqual([saved.id]);
    expect(inMalay.content[0]).toMatchObject({ title: 'Separuh sewa bulan pertama', description: 'Tandatangan sebelum tamat.', partnerName: null });
    expect(inMalay.content[0]!.listings.map((l) => l.id).sort()).toEqual([live[0], live[1]].sort());
    expect(inMalay.content[0]!.listings.every((l) => l.offer?.kind === 'HOT_DEAL')).toBe(true);
    expect((await onGoing('partnerships/campaigns/on-going')).content).toEqual([]);

    // The "Special offers" search filter finds exactly the running deal's listings; others carry no badge.
    const offers = (await t.app.inject({ url: '/api/properties/search?specialOffer=true&pageSize=50' })).json() as ListingPage;
    expect(offers.content.map((c) => c.id).sort()).toEqual([live[0], live[1]].sort());
    const all = (await t.app.inject({ url: '/api/properties/search?pageSize=4&sort=-dateCreated' })).json() as ListingPage;
    expect(all.content.find((c) => c.id === live[2])?.offer).toBeUndefined();
    expect(all.content.find((c) => c.id === live[0])?.offer).toEqual({ kind: 'HOT_DEAL' });
  });

  it('a partner campaign names its partner; staff edit and delete; the list for staff shows every state', async () => {
    const campaign = (
      await create(deal({ kind: 'CAMPAIGN', partnerName: 'Lorry Pindah KV', linkUrl: 'https://example.com/movers', listingIds: [live[2]!] }))
    ).json() as ManagedPromotion;
    const running = await onGoing('partnerships/campaigns/on-going', 'zh');
    expect(running.content[0]).toMatchObject({
      id: campaign.id,
      partnerName: 'Lorry Pindah KV',
      title: '首月租金减半',
      linkUrl: 'https://example.com/movers',
    });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/growth/promotions/${campaign.id}`,
      payload: deal({ kind: 'CAMPAIGN', partnerName: 'Lorry Pindah KV', listingIds: [live[3]!] }),
      headers: staff,
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as ManagedPromotion).listingIds).toEqual([live[3]]);
    expect((await onGoing('partnerships/campaigns/on-going')).content[0]!.listings.map((l) => l.id)).toEqual([live[3]]);

    const managed = (await t.app.inject({ url: '/api/admin/growth/promotions', headers: staff })).json() as { content: ManagedPromotion[] };
    expect(new Set(managed.content.map((p) => p.state))).toEqual(new Set(['RUNNING', 'UPCOMING', 'ENDED']));

    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/growth/promotions/${campaign.id}`, headers: staff })).statusCode).toBe(204);
    // Each change is in the audit log, with who made it and what it was before.
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(campaign.id)))
      .orderBy(auditLog.id);
    expect(trail.map((r) => [r.action, r.actorName, r.actorRole])).toEqual([
      ['promotion.create', 'Editor Mei Ling', 'editor'],
      ['promotion.update', 'Editor Mei Ling', 'editor'],
      ['promotion.delete', 'Editor Mei Ling', 'editor'],
    ]);
    expect(trail[1]!.before).toMatchObject({ listingIds: [live[2]] });
    expect(trail[1]!.after).toMatchObject({ listingIds: [live[3]] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/growth/promotions/${campaign.id}`, headers: staff })).statusCode).toBe(404);
    expect((await onGoing('partnerships/campaigns/on-going')).content).toEqual([]);
  });

  it('refuses bad input with field messages, and anyone but staff', async () => {
    const refused = async (body: object, field: string) => {
      const res = await create(body);
      expect(res.statusCode).toBe(422);
      expect((res.json() as { fields: { path: string }[] }).fields.map((f) => f.path)).toContain(field);
    };
    await refused(deal({ endsAt: new Date(Date.now() - 2 * DAY).toISOString() }), 'body.endsAt');
    await refused(deal({ kind: 'CAMPAIGN' }), 'body.partnerName');
    await refused(deal({ title: { en: 'Only English', ms: '', zh: '' } }), 'body.title.ms');
    await refused(deal({ linkUrl: 'javascript:alert(1)' }), 'body.linkUrl');
    await refused(deal({ listingIds: [2_000_000_000] }), 'body.listingIds');
    const malay = await t.app.inject({
      method: 'POST',
      url: '/api/admin/growth/promotions',
      payload: deal({ endsAt: new Date(0).toISOString() }),
      headers: { ...staff, 'x-language': 'ms' },
    });
    expect(JSON.stringify(malay.json())).toContain('tarikh tamat selepas tarikh mula');

    expect((await create(deal(), someone)).statusCode).toBe(403);
    expect((await create(deal(), {})).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/growth/promotions', headers: someone })).statusCode).toBe(403);
  });
});
