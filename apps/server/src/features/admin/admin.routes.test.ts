import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, landmarks, properties, users } from '@kunci/db/schema';
import { bearer, createTestApp, latestPin, signIn, type TestApp } from '../../../test/support.ts';
import { outbox } from '../../../test/outbox.ts';

type Session = { userId: string; token: string; phone: string };
const CHAT_NEEDS = { moveInDate: '2026-12-20', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' };

describe('back office: report, read, suspend, ban, audit, the reporter told', () => {
  let t: TestApp;
  let tenant: Session;
  let landlord: Session;
  let moderator: Session;
  let operations: Session;
  let admin: Session;
  let listingId: number;

  const get = (url: string, who: Session) => t.app.inject({ url, headers: bearer(who.token) });
  const post = (url: string, payload: object | undefined, who: Session) => t.app.inject({ method: 'POST', url, payload, headers: bearer(who.token) });
  async function staff(role: 'moderator' | 'operations' | 'admin', name: string): Promise<Session> {
    const session = await signIn(t.app);
    await t.database.db.update(users).set({ role, name }).where(eq(users.id, session.userId));
    return session;
  }
  async function confirm(who: Session) {
    await post('/api/admin/confirm/pin', undefined, who);
    expect((await post('/api/admin/confirm', { pin: await latestPin(t.app, who.phone) }, who)).statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '100', RATE_LIMIT_MAX: '100000' } });
    tenant = await signIn(t.app);
    landlord = await signIn(t.app);
    await t.database.db.update(users).set({ name: 'Tenant Nurul', email: 'nurul@example.my' }).where(eq(users.id, tenant.userId));
    await t.database.db.update(users).set({ name: 'Landlord Lee' }).where(eq(users.id, landlord.userId));
    moderator = await staff('moderator', 'Moderator Siti');
    operations = await staff('operations', 'Ops Raj');
    admin = await staff('admin', 'Admin Tan');
    const [live] = await t.database.db.select({ id: properties.id }).from(properties).where(eq(properties.reviewStatus, 'APPROVED')).limit(1);
    listingId = live!.id;
    await t.database.db
      .update(properties)
      .set({ ownerId: landlord.userId, status: 'ACTIVE', active: true, expiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(properties.id, listingId));
  });
  afterAll(() => t.close());

  it("takes the tenant's report, lets the moderator read the conversation, ban with a PIN, and tells the tenant", async () => {
    // The tenant asks about the home; the landlord asks for a deposit in the chat.
    const opened = await post('/api/chat-conversations', { propertyId: listingId, ...CHAT_NEEDS }, tenant);
    const conversationId = (opened.json() as { id: number }).id;
    expect(
      (await post(`/api/chat-conversations/${conversationId}/messages`, { body: 'Pay RM2000 deposit to my account first' }, landlord)).statusCode,
    ).toBe(200);

    const filed = await post(`/api/properties/${listingId}/reports`, { reason: 'ASKS_FOR_DEPOSIT', note: 'Asked for a deposit in chat' }, tenant);
    expect(filed.statusCode).toBe(201);
    const reportId = (filed.json() as { id: number }).id;
    // The same report again the same day is the same report.
    expect((await post(`/api/properties/${listingId}/reports`, { reason: 'ASKS_FOR_DEPOSIT' }, tenant)).json()).toEqual({
      id: reportId,
      kind: 'LISTING',
    });
    // Nobody else reads the conversation from the chat API.
    expect((await get(`/api/chat-conversations/${conversationId}`, moderator)).statusCode).toBe(403);

    const queue = (await get('/api/admin/reports?status=open', moderator)).json() as { content: { id: number; kind: string }[] };
    expect(queue.content).toContainEqual(expect.objectContaining({ id: reportId, kind: 'LISTING' }));
    const detail = (await get(`/api/admin/reports/LISTING/${reportId}`, moderator)).json() as {
      reason: string;
      reported: { id: string };
      conversation: { id: number; messages: { body: string; senderName: string }[] };
    };
    expect(detail.reason).toBe('ASKS_FOR_DEPOSIT');
    expect(detail.reported.id).toBe(landlord.userId);
    expect(detail.conversation.id).toBe(conversationId);
    expect(detail.conversation.messages).toContainEqual(
      expect.objectContaining({ body: 'Pay RM2000 deposit to my account first', senderName: 'Landlord Lee' }),
    );

    // A ban needs a fresh PIN confirmation.
    const decision = { outcome: 'USER_BANNED', reason: 'Asked the tenant for a deposit outside the platform' };
    const unconfirmed = await post(`/api/admin/reports/LISTING/${reportId}/decision`, decision, moderator);
    expect(unconfirmed.statusCode).toBe(428);
    expect(unconfirmed.json().errorCode).toBe(11470);
    await confirm(moderator);
    const decided = await post(`/api/admin/reports/LISTING/${reportId}/decision`, decision, moderator);
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ outcome: 'USER_BANNED', decision: { reason: decision.reason, decidedBy: 'Moderator Siti' } });
    // Decided once: a second decision is refused.
    expect((await post(`/api/admin/reports/LISTING/${reportId}/decision`, decision, moderator)).statusCode).toBe(409);

    // The landlord's next call: 403 with errorCode 10100; the listing is no longer public.
    const refused = await get('/api/users/profile', landlord);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(10100);
    expect((await t.app.inject({ url: `/api/properties/${listingId}` })).statusCode).toBe(410);

    // The audit log shows the conversation read, the suspension and the ban, each with who and the reason.
    const audit = (await get(`/api/admin/audit?q=${encodeURIComponent('deposit outside')}`, moderator)).json() as {
      content: { action: string; actorName: string; targetId: string; before: object; after: object }[];
    };
    const actions = audit.content.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['listing.suspend', 'user.ban', 'report.decide']));
    expect(audit.content.find((entry) => entry.action === 'user.ban')).toMatchObject({
      actorName: 'Moderator Siti',
      targetId: landlord.userId,
      before: { status: 'active' },
      after: { status: 'banned' },
    });
    expect(audit.content.find((entry) => entry.action === 'listing.suspend')).toMatchObject({
      targetId: String(listingId),
      after: { status: 'SUSPENDED' },
    });
    const reads = (await get(`/api/admin/audit?action=conversation.read&targetId=${conversationId}`, moderator)).json() as { totalElements: number };
    expect(reads.totalElements).toBeGreaterThan(0);
    const history = (await get(`/api/admin/listings/${listingId}/history`, moderator)).json() as { content: { action: string }[] };
    expect(history.content.map((entry) => entry.action)).toContain('listing.suspend');

    // The reporter is told (email, in their language) and sees the outcome in their reports.
    while ((await t.app.jobs.runOnce()) > 0);
    const [told] = await outbox(t.app, 'nurul@example.my');
    expect(told).toMatchObject({ subject: 'Your report has been reviewed' });
    expect(told!.body).toContain('has been banned');
    // Through the notification centre: under the reporter's bell too, once.
    const bell = (await get('/api/notices', tenant)).json() as { content: { type: string; url: string }[] };
    expect(bell.content.filter((n) => n.type === 'reports.outcome')).toMatchObject([{ url: '/dashboard/reports' }]);
    const mine = (await get('/api/reports/mine', tenant)).json() as { id: number; outcome: string }[];
    expect(mine).toContainEqual(expect.objectContaining({ id: reportId, outcome: 'USER_BANNED' }));

    // Unbanning is audited too, and the landlord can use the site again.
    const unban = await post(`/api/admin/users/${landlord.userId}/status`, { status: 'active', reason: 'Appeal accepted' }, moderator);
    expect(unban.statusCode).toBe(200);
    expect((await get('/api/users/profile', landlord)).statusCode).toBe(200);
  });

  it('lets only an admin change roles, and never the audit log', async () => {
    const target = await signIn(t.app);
    const change = { role: 'editor', reason: 'Joins the content team' };
    await confirm(operations);
    expect((await post(`/api/admin/users/${target.userId}/role`, change, operations)).statusCode).toBe(403);
    expect((await post(`/api/admin/users/${target.userId}/role`, change, moderator)).statusCode).toBe(403);
    expect((await post(`/api/admin/users/${target.userId}/role`, change, admin)).statusCode).toBe(428);
    await confirm(admin);
    const changed = await post(`/api/admin/users/${target.userId}/role`, change, admin);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'editor' });
    // An admin cannot change their own role (there must always be one left to manage the others).
    expect((await post(`/api/admin/users/${admin.userId}/role`, { role: 'user', reason: 'Leaving' }, admin)).statusCode).toBe(403);
    // A moderator cannot ban staff.
    expect((await post(`/api/admin/users/${operations.userId}/status`, { status: 'banned', reason: 'Testing' }, moderator)).statusCode).toBe(403);

    // The audit log has no way to change it: every write is refused, even for an admin.
    const [entry] = ((await get('/api/admin/audit?action=user.role', admin)).json() as { content: { id: number }[] }).content;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({ method, url: `/api/admin/audit/${entry!.id}`, payload: {}, headers: bearer(admin.token) });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/audit', headers: bearer(admin.token) })).statusCode).toBe(404);
    // An editor does not read it.
    const editor = await staff('admin', 'x');
    await t.database.db.update(users).set({ role: 'editor' }).where(eq(users.id, editor.userId));
    expect((await get('/api/admin/audit', editor)).statusCode).toBe(403);
  });

  it('moves a building filed under the wrong area to Bangsar, and its listings appear in a Bangsar search', async () => {
    const [cheras] = await t.database.db.select({ id: areas.id }).from(areas).where(eq(areas.slug, 'cheras'));
    const [building] = await t.database.db
      .insert(landmarks)
      .values({
        areaId: cheras!.id,
        name: 'Residensi Telawi Heights',
        address: 'Jalan Telawi 3',
        postcode: '56000',
        listingType: 'HIGHRISE',
        lat: 3.1316,
        lng: 101.6709,
      })
      .returning({ id: landmarks.id });
    const [home] = await t.database.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.reviewStatus, 'APPROVED'))
      .offset(3)
      .limit(1);
    await t.database.db
      .update(properties)
      .set({
        landmarkId: building!.id,
        areaId: cheras!.id,
        postcode: '56000',
        status: 'ACTIVE',
        active: true,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .where(eq(properties.id, home!.id));
    const inBangsar = async () => {
      const ids: number[] = [];
      for (let page = 0; ; page++) {
        const res = (await t.app.inject({ url: `/api/properties/search?loc=bangsar&pageSize=60&pageNumber=${page}` })).json() as {
          content: { id: number }[];
          totalPages: number;
        };
        ids.push(...res.content.map((card) => card.id));
        if (page + 1 >= res.totalPages) return ids;
      }
    };
    expect(await inBangsar()).not.toContain(home!.id);

    const found = (await get('/api/admin/buildings?q=Telawi%20Heights', moderator)).json() as { content: { id: number; areaSlug: string }[] };
    expect(found.content).toEqual([expect.objectContaining({ id: building!.id, areaSlug: 'cheras' })]);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/buildings/${building!.id}`,
      payload: {
        name: 'Residensi Telawi Heights',
        address: 'Jalan Telawi 3, Bangsar',
        postcode: '59100',
        areaSlug: 'bangsar',
        listingType: 'HIGHRISE',
        lat: 3.1316,
        lng: 101.6709,
        verified: true,
      },
      headers: bearer(moderator.token),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ areaSlug: 'bangsar', verified: true, listingsMoved: 1 });
    expect(await inBangsar()).toContain(home!.id);
    const audit = (await get(`/api/admin/audit?targetType=building&targetId=${building!.id}`, moderator)).json() as { content: { action: string }[] };
    expect(audit.content.map((entry) => entry.action)).toEqual(['building.verify']);

    // A duplicate spelling merges into it: the duplicate's listings move over and it goes.
    const [duplicate] = await t.database.db
      .insert(landmarks)
      .values({
        areaId: cheras!.id,
        name: 'Telawi Heights Residensi',
        address: 'Jln Telawi 3',
        postcode: '56000',
        listingType: 'HIGHRISE',
        lat: 3.1316,
        lng: 101.6709,
      })
      .returning({ id: landmarks.id });
    const merged = await post(
      `/api/admin/buildings/${building!.id}/merge`,
      { duplicateId: duplicate!.id, reason: 'Same tower spelt twice' },
      moderator,
    );
    expect(merged.statusCode).toBe(200);
    expect(await t.database.db.select().from(landmarks).where(eq(landmarks.id, duplicate!.id))).toEqual([]);
  });

  it('finds users by phone, name or email and shows their listings and reports', async () => {
    const byPhone = (await get(`/api/admin/users?q=${encodeURIComponent(landlord.phone.replace('+6', ''))}`, moderator)).json() as {
      content: { id: string; listings: number; reportsAgainst: number }[];
    };
    expect(byPhone.content).toEqual([expect.objectContaining({ id: landlord.userId, reportsAgainst: 1 })]);
    const byEmail = (await get('/api/admin/users?q=nurul%40example', moderator)).json() as { content: { id: string }[] };
    expect(byEmail.content.map((user) => user.id)).toEqual([tenant.userId]);
    const detail = (await get(`/api/admin/users/${landlord.userId}`, moderator)).json() as {
      listingsList: { id: number }[];
      reportsAgainstList: unknown[];
    };
    expect(detail.listingsList.map((listing) => listing.id)).toContain(listingId);
    expect(detail.reportsAgainstList).toHaveLength(1);
    const dashboard = (await get('/api/admin/dashboard', operations)).json() as { reportsOpen: number; newListings: unknown[] };
    expect(dashboard.newListings).toHaveLength(30);
  });
});
