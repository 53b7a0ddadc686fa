import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Timeslots } from '@kunci/contracts/appointments';
import type { ChatConversation, MessagesPage } from '@kunci/contracts/chat';
import { ErrorCode } from '@kunci/contracts/errors';
import type { NoticeList } from '@kunci/contracts/notifications';
import { notices, properties, users } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import { createUploads } from '../../lib/uploads.ts';
import { bearer, createTestApp, openTestDatabase, signIn, type TestApp, type TestDatabase } from '../../../test/support.ts';
import { createChatHub, type ChatHub } from './chat-hub.ts';
import { runChatNotices } from './chat-jobs.ts';
import { createChatRepository } from './chat.repository.ts';
import { createChatService } from './chat.service.ts';

type User = { userId: string; token: string; phone: string };
type Outbox = { channel: string; to: string; subject: string | null; body: string }[];
const needs = { moveInDate: '2026-12-15', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' as const };
const log = { warn: () => undefined } as never;

/** Runs every due job (the centre's deliveries) until none is left. */
async function drain(t: TestApp) {
  while ((await t.app.jobs.runOnce()) > 0);
}

/** A person's notices under the bell for one conversation, oldest first: type and params. */
async function bell(t: TestApp, userId: string, conversationId: number) {
  const rows = await t.database.db.select().from(notices).where(eq(notices.userId, userId)).orderBy(notices.id);
  return rows
    .filter((row) => row.link.query?.['chatId'] === conversationId)
    .map((row): Record<string, string | number> => ({ type: row.type, ...row.params }));
}

/**
 * The notices job as an instance runs it, on this app's database, sending through the app's notification centre
 * (run its deliveries with `drain`); `hub` knows who has a page open.
 */
async function noticeJob(t: TestApp) {
  const db = t.database.db;
  const store = new LocalDiskStore(t.config.mediaDir);
  const hub: ChatHub = await createChatHub(undefined, 'notices-test:');
  const repository = createChatRepository(db);
  const chat = createChatService(repository, hub, {
    store,
    uploads: createUploads({ repository: repository.uploads, store, secret: 'x'.repeat(32), publicUrl: t.config.publicUrl }),
  });
  return {
    hub,
    run: async (quietMs?: number) => (await runChatNotices(chat, t.app.notifications, { log, quietMs })).notified,
  };
}

describe('landlords and tenants are told when away', () => {
  let t: TestApp;
  let job: Awaited<ReturnType<typeof noticeJob>>;
  let landlord: User;
  let stranger: User;
  let propertyId: number;
  let listingName: string;

  const as = (user: User) => bearer(user.token);
  const outbox = async (to: string) => (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as Outbox;
  /** What reached someone since the mark, oldest first (their sign-in PIN came before it). */
  const since = async (to: string, mark: number) => {
    const all = await outbox(to);
    return all.slice(0, all.length - mark).reverse();
  };
  const open = async (user: User, message?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: { propertyId, ...needs, ...(message ? { message } : {}) },
      headers: as(user),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ChatConversation;
  };
  const person = async (name: string, values: Partial<typeof users.$inferInsert> = {}) => {
    const user = await signIn(t.app);
    await t.database.db
      .update(users)
      .set({ name, ...values })
      .where(eq(users.id, user.userId));
    return user;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
    job = await noticeJob(t);
    // A Malay-speaking landlord with no email: every notice is an SMS.
    landlord = await person('Encik Rahman', { language: 'MY' });
    stranger = await person('Stranger');
    const page = (await t.app.inject({ url: '/api/properties/search?loc=bangsar&pageSize=1' })).json() as { content: { id: number }[] };
    propertyId = page.content[0]!.id;
    const [listing] = await t.database.db.update(properties).set({ ownerId: landlord.userId }).where(eq(properties.id, propertyId)).returning();
    listingName = listing!.name;
    await job.run(0);
  });
  afterAll(async () => {
    await job.hub.close();
    await t.close();
  });

  it('a signed-out landlord gets an SMS in their language with one run of the job after a chat request; later messages are grouped', async () => {
    const tenant = await person('Aisyah');
    const landlordMark = (await outbox(landlord.phone)).length;
    const tenantMark = (await outbox(tenant.phone)).length;
    const conversation = await open(tenant, 'Hi, is it still available?');

    // One run, without waiting for the writer to go quiet (the default two minutes have not passed), and the
    // centre's deliveries: the request is urgent, an SMS, which tells of the message that came with it.
    expect(await job.run()).toBe(1);
    await drain(t);
    const [sms, ...more] = await since(landlord.phone, landlordMark);
    expect(more).toEqual([]);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.body).toContain('Aisyah ingin menyewa');
    expect(sms!.body).toContain(listingName);
    expect(sms!.body).toMatch(/bajet RM\s?2,500 sebulan\. Mereka juga menghantar 1 mesej kepada anda\./);
    expect(sms!.body).toContain(`${t.config.publicUrl}/my/dashboard/chat?chatId=${conversation.id}`);
    expect(await job.run(0)).toBe(0);
    // One notice under the landlord's bell: the request, with its message counted (no "sent you a message" beside it).
    expect(await bell(t, landlord.userId, conversation.id)).toEqual([
      { type: 'chat.request', from: 'Aisyah', listing: listingName, moveInDate: needs.moveInDate, budget: needs.budget, messages: 1 },
    ]);

    // Three more messages: nothing while the tenant is still writing, then one notice for the three.
    for (const body of ['Can I view on Saturday?', 'Or Sunday morning?', 'Thanks!']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chat-conversations/${conversation.id}/messages`,
        payload: { body },
        headers: as(tenant),
      });
      expect(sent.statusCode).toBe(200);
    }
    expect(await job.run()).toBe(0);
    expect(await job.run(0)).toBe(1);
    expect(await job.run(0)).toBe(0);
    await drain(t);
    expect((await bell(t, landlord.userId, conversation.id)).map((n) => n['count'] ?? n.type)).toEqual(['chat.request', 3]);
    // Without an email and with SMS for messages off (their default), the landlord got no second text.
    expect(await since(landlord.phone, landlordMark)).toHaveLength(1);
    // Switched on in the settings, the next group of messages comes by SMS, in Malay.
    const setting = await t.app.inject({
      method: 'PUT',
      url: '/api/notices/preferences',
      payload: { type: 'chat.messages', channel: 'sms', enabled: true },
      headers: as(landlord),
    });
    expect(setting.statusCode, setting.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversation.id}/messages`,
      payload: { body: 'Hello?' },
      headers: as(tenant),
    });
    expect(await job.run(0)).toBe(1);
    await drain(t);
    const texts = await since(landlord.phone, landlordMark);
    expect(texts).toHaveLength(2);
    expect(texts[1]!.body).toContain('Aisyah menghantar 1 mesej');
    // The tenant is told nothing of their own messages.
    expect(await since(tenant.phone, tenantMark)).toEqual([]);
    expect(await bell(t, tenant.userId, conversation.id)).toEqual([]);

    // Restating needs is no new request: no second alert.
    await open(tenant);
    expect(await job.run()).toBe(0);

    // With a page open the landlord sees messages live: no SMS, and none later for the same messages.
    const detach = job.hub.attach(landlord.userId, { send: () => undefined });
    await t.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversation.id}/messages`,
      payload: { body: 'Still there?' },
      headers: as(tenant),
    });
    expect(await job.run(0)).toBe(0);
    detach();
    expect(await job.run(0)).toBe(0);
    await drain(t);
    expect(await since(landlord.phone, landlordMark)).toHaveLength(2);
  });

  it('a chat request with a message reaches a landlord with an email once per channel: one email, one SMS', async () => {
    const owner = await person('Puan Lim', { email: 'puanlim@example.my' });
    const tenant = await person('Farid');
    const page = (await t.app.inject({ url: '/api/properties/search?loc=cheras&pageSize=1' })).json() as { content: { id: number }[] };
    await t.database.db.update(properties).set({ ownerId: owner.userId }).where(eq(properties.id, page.content[0]!.id));
    const phoneMark = (await outbox(owner.phone)).length;
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: { propertyId: page.content[0]!.id, ...needs, message: 'Hi, is it still available?' },
      headers: as(tenant),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversation = opened.json() as ChatConversation;

    expect(await job.run()).toBe(1);
    await drain(t);
    // Nothing more once the writer has gone quiet: the message was told with the request.
    expect(await job.run(0)).toBe(0);
    await drain(t);
    const texts = await since(owner.phone, phoneMark);
    const mails = await outbox('puanlim@example.my');
    expect(texts.map((m) => m.channel)).toEqual(['sms']);
    expect(mails.map((m) => m.channel)).toEqual(['email']);
    expect(mails[0]!.subject).toBe('New chat request from Farid');
    expect(mails[0]!.body).toContain('They also sent you a message.');
    expect(texts[0]!.body).toContain('They also sent you a message.');
    expect((await bell(t, owner.userId, conversation.id)).map((n) => n.type)).toEqual(['chat.request']);
  });

  it('a viewing booked after messages the landlord has not read reaches them once per channel: one email, one SMS', async () => {
    const owner = await person('Puan Siti', { email: 'puansiti@example.my' });
    const tenant = await person('Hafiz');
    const page = (await t.app.inject({ url: '/api/properties/search?loc=cheras&pageSize=2' })).json() as { content: { id: number; name: string }[] };
    const listing = page.content[1]!;
    await t.database.db.update(properties).set({ ownerId: owner.userId }).where(eq(properties.id, listing.id));
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: { propertyId: listing.id, ...needs },
      headers: as(tenant),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversation = opened.json() as ChatConversation;
    // The request is told on its own first.
    expect(await job.run()).toBe(1);
    await drain(t);
    const phoneMark = (await outbox(owner.phone)).length;
    const mailMark = (await outbox('puansiti@example.my')).length;

    // Two messages, then a viewing booked before the landlord came back: one group, claimed at once.
    for (const body of ['Is parking included?', 'I could come this week.']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chat-conversations/${conversation.id}/messages`,
        payload: { body },
        headers: as(tenant),
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const slots = ((await t.app.inject({ url: `/api/appointments/timeslot/${listing.id}` })).json() as Timeslots).days[2]!.slots;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: { conversationId: conversation.id, startsAt: slots[0]!.startsAt },
      headers: as(tenant),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await job.run()).toBe(1);
    await drain(t);
    // Nothing more once the writer has gone quiet: the messages were told with the viewing.
    expect(await job.run(0)).toBe(0);
    await drain(t);

    const texts = await since(owner.phone, phoneMark);
    const mails = await since('puansiti@example.my', mailMark);
    expect(texts.map((m) => m.channel)).toEqual(['sms']);
    expect(mails.map((m) => m.channel)).toEqual(['email']);
    expect(mails[0]!.subject).toBe(`Viewing of ${listing.name}`);
    for (const told of [texts[0]!.body, mails[0]!.body]) {
      expect(told).toContain(`Hafiz booked a viewing of ${listing.name}`);
      expect(told).toContain('They also sent you 2 messages.');
    }
    expect((await bell(t, owner.userId, conversation.id)).map((n) => [n.type, n['messages']])).toEqual([
      ['chat.request', 0],
      ['chat.viewing', 2],
    ]);
    // In Malay and Chinese too.
    for (const [language, words] of [
      ['ms', 'Mereka juga menghantar 2 mesej kepada anda.'],
      ['zh', '对方还给您发了 2 条消息。'],
    ] as const) {
      const list = (await t.app.inject({ url: '/api/notices', headers: { ...as(owner), 'x-language': language } })).json() as NoticeList;
      expect(list.content.find((n) => n.type === 'chat.viewing')?.body, language).toContain(words);
    }
  });

  it('bookings, moves and cancellations reach the landlord at once; the landlord accepts or declines and the tenant is told', async () => {
    // A Chinese-speaking tenant with an email: alerts go by SMS and email.
    const tenant = await person('Mei Ling', { language: 'ZH', email: 'meiling@example.my' });
    const conversation = await open(tenant);
    await job.run(0);
    await drain(t);
    const landlordMark = (await outbox(landlord.phone)).length;
    const tenantMark = (await outbox(tenant.phone)).length;
    const slots = ((await t.app.inject({ url: `/api/appointments/timeslot/${propertyId}` })).json() as Timeslots).days[2]!.slots;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      payload: { conversationId: conversation.id, startsAt: slots[0]!.startsAt },
      headers: as(tenant),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const appointment = booked.json() as Appointment;
    expect(appointment).toMatchObject({ status: 'BOOKED', acceptedAt: null });

    expect(await job.run()).toBe(1);
    await drain(t);
    const [bookedSms] = await since(landlord.phone, landlordMark);
    expect(bookedSms!.body).toContain('Mei Ling menempah lawatan');
    expect(bookedSms!.body).toContain(`/my/dashboard/chat?chatId=${conversation.id}`);

    // Only the listing's landlord answers.
    const accept = { method: 'POST' as const, url: `/api/appointments/${appointment.id}/accept` };
    const decline = { method: 'POST' as const, url: `/api/appointments/${appointment.id}/decline` };
    for (const user of [tenant, stranger]) {
      expect((await t.app.inject({ ...accept, headers: as(user) })).statusCode).toBe(403);
      expect((await t.app.inject({ ...decline, headers: as(user) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ ...accept })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/appointments/2000000000/accept', headers: as(landlord) })).statusCode).toBe(404);

    const accepted = await t.app.inject({ ...accept, headers: as(landlord) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const acceptedAt = (accepted.json() as Appointment).acceptedAt;
    expect(acceptedAt).not.toBeNull();
    // Accepting again answers the same; declining an accepted viewing is a cancellation instead.
    expect(((await t.app.inject({ ...accept, headers: as(landlord) })).json() as Appointment).acceptedAt).toBe(acceptedAt);
    expect((await t.app.inject({ ...decline, headers: as(landlord) })).json()).toMatchObject({ errorCode: ErrorCode.CONFLICT });

    const events = async () =>
      ((await t.app.inject({ url: `/api/chat-conversations/${conversation.id}/messages`, headers: as(tenant) })).json() as MessagesPage).content
        .filter((m) => m.kind === 'SYSTEM')
        .map((m) => JSON.parse(m.body).event as string);
    expect(await events()).toEqual(['CHAT_REQUEST', 'VIEWING_BOOKED', 'VIEWING_ACCEPTED']);
    expect(await job.run()).toBe(1);
    await drain(t);
    const toTenant = await since(tenant.phone, tenantMark);
    expect(toTenant).toHaveLength(1);
    expect(toTenant[0]!.body).toContain('Encik Rahman 已接受您');
    expect(toTenant[0]!.body).toContain(`${t.config.publicUrl}/zh/dashboard/chat?chatId=${conversation.id}`);
    // By email too, in Chinese, with an unsubscribe link for that kind of notice.
    const mail = (await outbox('meiling@example.my'))[0]!;
    expect(mail).toMatchObject({ channel: 'email' });
    expect(mail.body).toContain('Encik Rahman 已接受您');
    expect(mail.body).toContain('/unsubscribe?token=');

    // The tenant moves it: the landlord is told and asked again.
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointment.id}`,
      payload: { startsAt: slots[1]!.startsAt },
      headers: as(tenant),
    });
    expect(moved.json()).toMatchObject({ acceptedAt: null });
    expect(await job.run()).toBe(1);
    await drain(t);
    expect((await since(landlord.phone, landlordMark)).at(-1)!.body).toContain('Mei Ling menjadualkan semula lawatan');

    // Declined: the slot is free again and the tenant is told.
    const declined = await t.app.inject({ ...decline, headers: as(landlord) });
    expect(declined.json()).toMatchObject({ status: 'DECLINED' });
    expect((await t.app.inject({ ...decline, headers: as(landlord) })).statusCode).toBe(410);
    const free = ((await t.app.inject({ url: `/api/appointments/timeslot/${propertyId}` })).json() as Timeslots).days.flatMap((d) => d.slots);
    expect(free.map((s) => s.startsAt)).toContain(slots[1]!.startsAt);
    expect(await job.run()).toBe(1);
    await drain(t);
    expect((await since(tenant.phone, tenantMark)).at(-1)!.body).toContain('拒绝了您');

    // The tenant books again and cancels: the landlord hears of both (one run, a notice for each).
    const again = (
      await t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        payload: { conversationId: conversation.id, startsAt: slots[3]!.startsAt },
        headers: as(tenant),
      })
    ).json() as Appointment;
    await t.app.inject({ method: 'DELETE', url: `/api/appointments/${again.id}`, headers: as(tenant) });
    const before = (await since(landlord.phone, landlordMark)).length;
    expect(await job.run()).toBe(1);
    await drain(t);
    const last = (await since(landlord.phone, landlordMark)).slice(before);
    expect(last).toHaveLength(2);
    expect(last[0]!.body).toContain('Mei Ling menempah lawatan');
    expect(last[1]!.body).toContain('Mei Ling membatalkan lawatan');
    expect((await bell(t, landlord.userId, conversation.id)).filter((n) => n.type === 'chat.viewing').map((n) => n['event'])).toEqual([
      'VIEWING_BOOKED',
      'VIEWING_RESCHEDULED',
      'VIEWING_BOOKED',
      'VIEWING_CANCELLED',
    ]);
    expect(await events()).toEqual([
      'CHAT_REQUEST',
      'VIEWING_BOOKED',
      'VIEWING_ACCEPTED',
      'VIEWING_RESCHEDULED',
      'VIEWING_DECLINED',
      'VIEWING_BOOKED',
      'VIEWING_CANCELLED',
    ]);
  });
});

describe('two instances on one database', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' };
    a = await createTestApp({ database, env });
    b = await createTestApp({ database, env });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
    await database.drop();
  });

  it('running the job at once on both sends each notice exactly once', async () => {
    const landlord = await signIn(a.app);
    const page = (await a.app.inject({ url: '/api/properties/search?loc=cheras&pageSize=3' })).json() as { content: { id: number }[] };
    const tenants = [await signIn(a.app), await signIn(b.app), await signIn(a.app)];
    const [jobA, jobB] = [await noticeJob(a), await noticeJob(b)];
    await Promise.all([jobA.run(0), jobB.run(0)]);
    await drain(a);
    const mark = ((await a.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(landlord.phone)}` })).json() as Outbox).length;
    for (const [i, tenant] of tenants.entries()) {
      const propertyId = page.content[i]!.id;
      await database.db.update(properties).set({ ownerId: landlord.userId }).where(eq(properties.id, propertyId));
      const app = i % 2 ? b.app : a.app;
      const opened = await app.inject({
        method: 'POST',
        url: '/api/chat-conversations',
        payload: { propertyId, ...needs },
        headers: bearer(tenant.token),
      });
      expect(opened.statusCode, opened.body).toBe(200);
    }
    const [fromA, fromB] = await Promise.all([jobA.run(), jobB.run()]);
    expect(fromA + fromB).toBe(3);
    // Both instances deliver at once: each notice still goes out once.
    await Promise.all([drain(a), drain(b)]);
    const all = (await b.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(landlord.phone)}` })).json() as Outbox;
    const texts = all.slice(0, all.length - mark);
    expect(texts).toHaveLength(3);
    expect(new Set(texts.map((m) => m.body)).size).toBe(3);
    await Promise.all([jobA.hub.close(), jobB.hub.close()]);
  });
});
