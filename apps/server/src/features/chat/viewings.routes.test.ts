import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Timeslots } from '@kunci/contracts/appointments';
import { VIEWING, malaysianClock } from '@kunci/contracts/appointments';
import type { ChatConversation, ChatMessage, MessagesPage, TenantMatches } from '@kunci/contracts/chat';
import { ErrorCode } from '@kunci/contracts/errors';
import { appointments, chatMessages, notices, outboxMessages, properties, users } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import { tinyMp4 } from '@kunci/media/test-videos';
import { createUploads } from '../../lib/uploads.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { createAppointmentsRepository } from './appointments.repository.ts';
import { createAppointmentsService } from './appointments.service.ts';
import { createChatHub } from './chat-hub.ts';
import { runChatJobs, runChatNotices } from './chat-jobs.ts';
import { createChatRepository } from './chat.repository.ts';
import { createChatService } from './chat.service.ts';

type User = { userId: string; token: string; phone: string };
const needs = { moveInDate: '2026-12-15', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' as const };

describe('viewings, chat media, tenant search and away notices', () => {
  let t: TestApp;
  let landlord: User;
  let tenants: User[];
  let stranger: User;
  let propertyId: number;
  let otherPropertyId: number;
  const conversations: ChatConversation[] = [];

  const as = (user: User) => bearer(user.token);
  const open = async (user: User, id = propertyId) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat-conversations', payload: { propertyId: id, ...needs }, headers: as(user) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ChatConversation;
  };
  const slots = async () => (await t.app.inject({ url: `/api/appointments/timeslot/${propertyId}` })).json() as Timeslots;
  const book = (user: User, conversationId: number, startsAt: string, group = false) =>
    t.app.inject({ method: 'POST', url: '/api/appointments', payload: { conversationId, startsAt, group }, headers: as(user) });
  const messagesOf = async (user: User, conversationId: number) =>
    ((await t.app.inject({ url: `/api/chat-conversations/${conversationId}/messages`, headers: as(user) })).json() as MessagesPage).content;

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
    landlord = await signIn(t.app);
    tenants = [await signIn(t.app), await signIn(t.app), await signIn(t.app)];
    stranger = await signIn(t.app);
    const page = (await t.app.inject({ url: '/api/properties/search?loc=bangsar&pageSize=2&sort=price' })).json() as { content: { id: number }[] };
    [propertyId, otherPropertyId] = page.content.map((p) => p.id) as [number, number];
    await t.database.db.update(properties).set({ ownerId: landlord.userId, price: 2200 }).where(eq(properties.id, propertyId));
    for (const tenant of tenants) conversations.push(await open(tenant));
  });
  afterAll(async () => t.close());

  it('offers hourly slots from 9 AM to 9 PM Malaysia time, from the viewing availability on, for two weeks', async () => {
    const later = new Date(Date.now() + 5 * 86_400_000);
    await t.database.db.update(properties).set({ viewingAvailableDate: later }).where(eq(properties.id, propertyId));
    const offered = await slots();
    expect(offered.timeZone).toBe('Asia/Kuala_Lumpur');
    const all = offered.days.flatMap((d) => d.slots);
    expect(all.length).toBeGreaterThan(12 * 12);
    for (const slot of all) {
      const { hour } = malaysianClock(new Date(slot.startsAt));
      expect(hour).toBeGreaterThanOrEqual(VIEWING.firstHour);
      expect(hour).toBeLessThan(VIEWING.endHour);
      expect(new Date(slot.startsAt).getTime()).toBeGreaterThanOrEqual(later.getTime());
      expect(slot.time).toBe(`${String(hour).padStart(2, '0')}:00`);
    }
    expect(offered.days[0]!.date >= malaysianClock(later).date).toBe(true);
    expect(offered.days.at(-1)!.date < malaysianClock(new Date(later.getTime() + 15 * 86_400_000)).date).toBe(true);
    await t.database.db.update(properties).set({ viewingAvailableDate: null }).where(eq(properties.id, propertyId));
    // The first slot is at least an hour away.
    const first = (await slots()).days[0]!.slots[0]!;
    expect(new Date(first.startsAt).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await t.app.inject({ url: '/api/appointments/timeslot/999999999' })).statusCode).toBe(404);
  });

  it('two tenants booking the same slot at once: exactly one gets it; the slot is then gone', async () => {
    const slot = (await slots()).days[1]!.slots[2]!;
    const [a, b] = await Promise.all([
      book(tenants[0]!, conversations[0]!.id, slot.startsAt),
      book(tenants[1]!, conversations[1]!.id, slot.startsAt),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json()).toMatchObject({ errorCode: ErrorCode.SLOT_TAKEN });
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.propertyId, propertyId));
    expect(rows.filter((r) => r.startsAt.toISOString() === slot.startsAt && r.status === 'BOOKED')).toHaveLength(1);
    expect((await slots()).days.flatMap((d) => d.slots).some((s) => s.startsAt === slot.startsAt)).toBe(false);
    // Not a slot at all: 10:30, 10 PM, or the past.
    const winner = (a.statusCode === 200 ? a : b).json() as Appointment;
    const bad = new Date(new Date(slot.startsAt).getTime() + 30 * 60_000).toISOString();
    const loserConversation = winner.conversationId === conversations[0]!.id ? conversations[1]! : conversations[0]!;
    const loser = winner.conversationId === conversations[0]!.id ? tenants[1]! : tenants[0]!;
    const halfPast = await book(loser, loserConversation.id, bad);
    expect(halfPast.statusCode).toBe(422);
    expect(halfPast.json().fields).toEqual([{ path: 'body.startsAt', message: expect.any(String) }]);
    expect((await book(loser, loserConversation.id, new Date(Date.now() - 3_600_000).toISOString())).statusCode).toBe(422);
  });

  it('the booking shows in the conversation for both sides; reschedule and cancel too; others cannot see or change it', async () => {
    const conversation = conversations[2]!;
    const tenant = tenants[2]!;
    const day = (await slots()).days[3]!;
    const booked = await book(tenant, conversation.id, day.slots[0]!.startsAt);
    expect(booked.statusCode, booked.body).toBe(200);
    const appointment = booked.json() as Appointment;
    // The landlord books nothing on the tenant's behalf; one upcoming viewing per conversation.
    expect((await book(landlord, conversation.id, day.slots[1]!.startsAt)).statusCode).toBe(403);
    expect((await book(tenant, conversation.id, day.slots[1]!.startsAt)).statusCode).toBe(409);

    for (const user of [tenant, landlord]) {
      const list = (await t.app.inject({ url: `/api/appointments/chats/${conversation.id}`, headers: as(user) })).json() as {
        content: Appointment[];
      };
      expect(list.content.map((a) => a.id)).toEqual([appointment.id]);
      const system = (await messagesOf(user, conversation.id)).filter((m) => m.kind === 'SYSTEM').map((m) => JSON.parse(m.body).event);
      expect(system).toContain('VIEWING_BOOKED');
    }
    expect((await t.app.inject({ url: `/api/appointments/chats/${conversation.id}`, headers: as(stranger) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/appointments/chats/${conversation.id}` })).statusCode).toBe(401);
    const moved = { method: 'PUT' as const, url: `/api/appointments/${appointment.id}`, payload: { startsAt: day.slots[2]!.startsAt } };
    expect((await t.app.inject({ ...moved, headers: as(stranger) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appointments/${appointment.id}`, headers: as(tenants[0]!) })).statusCode).toBe(403);

    const rescheduled = await t.app.inject({ ...moved, headers: as(landlord) });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    expect((rescheduled.json() as Appointment).startsAt).toBe(day.slots[2]!.startsAt);
    // The old time is free again, the new one taken.
    const free = (await slots()).days.flatMap((d) => d.slots).map((s) => s.startsAt);
    expect(free).toContain(day.slots[0]!.startsAt);
    expect(free).not.toContain(day.slots[2]!.startsAt);

    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/appointments/${appointment.id}`, headers: as(tenant) });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appointments/${appointment.id}`, headers: as(tenant) })).statusCode).toBe(410);
    const events = (await messagesOf(landlord, conversation.id)).filter((m) => m.kind === 'SYSTEM').map((m) => m.event?.event);
    expect(events).toEqual(['CHAT_REQUEST', 'VIEWING_BOOKED', 'VIEWING_RESCHEDULED', 'VIEWING_CANCELLED']);
    // People's messages carry no event; a system message carries its event parsed, typed by the contract's union.
    const all = await messagesOf(landlord, conversation.id);
    expect(all.filter((m) => m.kind !== 'SYSTEM').every((m) => m.event === null)).toBe(true);
    expect(all.find((m) => m.event?.event === 'VIEWING_RESCHEDULED')?.event).toMatchObject({ by: 'LANDLORD', appointmentId: appointment.id });
  });

  it('group viewings share a slot; a single viewing cannot join it', async () => {
    const slot = (await slots()).days[5]!.slots[4]!;
    expect((await book(tenants[2]!, conversations[2]!.id, slot.startsAt, true)).statusCode).toBe(200);
    const after = (await slots()).days.flatMap((d) => d.slots).find((s) => s.startsAt === slot.startsAt)!;
    expect(after).toMatchObject({ groupOnly: true, groupViewers: 1 });
    const third = await open(stranger);
    expect((await book(stranger, third.id, slot.startsAt, false)).statusCode).toBe(409);
    expect((await book(stranger, third.id, slot.startsAt, true)).statusCode).toBe(200);
  });

  it('sends a photo: presigned upload, re-encoded without GPS, shown to both; nobody else may use the upload', async () => {
    const conversation = conversations[0]!;
    const tenant = tenants[0]!;
    const presign = await t.app.inject({ url: `/api/chat/${conversation.id}/media/generate/presigned-url?file=photo.jpg`, headers: as(tenant) });
    expect(presign.statusCode, presign.body).toBe(200);
    const { preSignedUrl, mediaId, contentType } = presign.json() as { preSignedUrl: string; mediaId: string; contentType: string };
    expect(contentType).toBe('image/jpeg');
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Kunci' } })
      .toBuffer();
    const url = new URL(preSignedUrl);
    const put = await t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: photo, headers: { 'content-type': contentType } });
    expect(put.statusCode).toBeLessThan(300);
    // Another participant's conversation, or someone else's upload: not found.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/chat-conversations/${conversation.id}/messages`,
          payload: { mediaId },
          headers: as(landlord),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/chat/${conversation.id}/media/generate/presigned-url?file=jpg`, headers: as(stranger) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/chat/${conversation.id}/media/generate/presigned-url?file=exe`, headers: as(tenant) })).statusCode).toBe(
      422,
    );

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversation.id}/messages`,
      payload: { mediaId, body: 'The living room', clientId: crypto.randomUUID() },
      headers: as(tenant),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json() as ChatMessage;
    expect(message).toMatchObject({ kind: 'IMAGE', body: 'The living room', media: { contentType: 'image/webp', width: 900, height: 600 } });
    const seen = (await messagesOf(landlord, conversation.id)).at(-1)!;
    expect(seen.media?.src).toBe(message.media!.src);
    const file = await t.app.inject({ url: message.media!.src.replace('{w}', '640') });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // The same upload cannot be sent twice.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversation.id}/messages`,
      payload: { mediaId },
      headers: as(tenant),
    });
    expect(again.statusCode).toBe(409);
    // Nothing to send at all.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/chat-conversations/${conversation.id}/messages`,
          payload: { body: ' ' },
          headers: as(tenant),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('sends a video: its container is checked, and it plays from the media store', async () => {
    const conversation = conversations[0]!;
    const send = async (bytes: Buffer) => {
      const presign = (
        await t.app.inject({ url: `/api/chat/${conversation.id}/media/generate/presigned-url?file=clip.mp4`, headers: as(landlord) })
      ).json() as { preSignedUrl: string; mediaId: string; contentType: string };
      expect(presign.contentType).toBe('video/mp4');
      const url = new URL(presign.preSignedUrl);
      await t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: bytes, headers: { 'content-type': presign.contentType } });
      return t.app.inject({
        method: 'POST',
        url: `/api/chat-conversations/${conversation.id}/messages`,
        payload: { mediaId: presign.mediaId },
        headers: as(landlord),
      });
    };
    // Not a video at all: refused, nothing stored.
    const fake = await send(Buffer.from('this is not a video, just text pretending'));
    expect(fake.statusCode).toBe(422);
    // Only its first bytes look like a video: refused too.
    expect((await send(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4096, 1)]))).statusCode).toBe(422);
    const mp4 = tinyMp4({ brand: 'mp42' });
    const sent = await send(mp4);
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json() as ChatMessage;
    expect(message).toMatchObject({ kind: 'VIDEO', media: { contentType: 'video/mp4' } });
    const file = await t.app.inject({ url: message.media!.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('video/mp4');
    expect(file.rawPayload.equals(mp4)).toBe(true);
  });

  it('tenant search lists tenants whose needs fit the listing (not to others) and an invitation opens a conversation', async () => {
    // A tenant who asked about another home in the area, with a budget that fits.
    const seeker = await signIn(t.app);
    await t.database.db.update(users).set({ name: 'Mei Ling Tan' }).where(eq(users.id, seeker.userId));
    await open(seeker, otherPropertyId);
    const poor = await signIn(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: { propertyId: otherPropertyId, ...needs, budget: 900 },
      headers: as(poor),
    });

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/chat/tenant-search/list', payload: { propertyId }, headers: as(stranger) })).statusCode,
    ).toBe(403);
    const list = await t.app.inject({ method: 'POST', url: '/api/chat/tenant-search/list', payload: { propertyId }, headers: as(landlord) });
    expect(list.statusCode, list.body).toBe(200);
    const matches = (list.json() as TenantMatches).content;
    const found = matches.find((m) => m.tenantId === seeker.userId);
    expect(found).toMatchObject({ name: 'Mei', budget: 2500, tenancyDuration: 12, conversationId: null });
    expect(matches.some((m) => m.tenantId === poor.userId)).toBe(false);
    expect(matches.some((m) => m.tenantId === landlord.userId)).toBe(false);

    const submit = { method: 'POST' as const, url: '/api/chat/tenant-search/submit', payload: { propertyId, tenantId: seeker.userId } };
    expect((await t.app.inject({ ...submit, headers: as(stranger) })).statusCode).toBe(403);
    expect((await t.app.inject({ ...submit, payload: { propertyId, tenantId: poor.userId }, headers: as(landlord) })).statusCode).toBe(404);
    const invited = await t.app.inject({ ...submit, headers: as(landlord) });
    expect(invited.statusCode, invited.body).toBe(200);
    const conversation = invited.json() as ChatConversation;
    expect(conversation).toMatchObject({ role: 'LANDLORD', tenant: { id: seeker.userId } });
    const seen = await messagesOf(seeker, conversation.id);
    expect(seen.map((m) => JSON.parse(m.body).event)).toEqual(['TENANT_INVITE']);
    // Inviting again returns the same conversation and adds nothing.
    expect(((await t.app.inject({ ...submit, headers: as(landlord) })).json() as ChatConversation).id).toBe(conversation.id);
    expect(await messagesOf(seeker, conversation.id)).toHaveLength(1);
  });

  it('away notices: unread messages bring one email and one notice under the bell; viewing reminders go out once, and no notice after', async () => {
    const db = t.database.db;
    const store = new LocalDiskStore(t.config.mediaDir);
    const hub = await createChatHub(undefined, 'test:');
    const chatRepository = createChatRepository(db);
    const chat = createChatService(chatRepository, hub, {
      store,
      uploads: createUploads({ repository: chatRepository.uploads, store, secret: 'x'.repeat(32), publicUrl: 'http://kunci.test' }),
    });
    const viewings = createAppointmentsService({ repository: createAppointmentsRepository(db), chat });
    const log = { warn: () => undefined } as never;
    const centre = t.app.notifications;
    /** The centre's deliveries, run until none is left. */
    const drain = async () => {
      while ((await t.app.jobs.runOnce()) > 0);
    };
    const bell = async (userId: string) =>
      (await db.select().from(notices).where(eq(notices.userId, userId)).orderBy(notices.id)).map((n) => ({
        type: n.type,
        ...n.params,
        read: n.readAt !== null,
      }));

    // What the earlier tests left waiting (their chat requests, bookings) is told first.
    await runChatNotices(chat, centre, { log, quietMs: 0 });
    await drain();
    const tenant = tenants[1]!;
    const email = `tenant-${tenant.userId.slice(0, 8)}@example.my`;
    await db.update(users).set({ email, language: 'MY' }).where(eq(users.id, tenant.userId));
    const conversation = conversations[1]!;
    await t.app.inject({
      method: 'POST',
      url: `/api/chat-conversations/${conversation.id}/messages`,
      payload: { body: 'Boleh view esok?' },
      headers: as(landlord),
    });
    // A system message after it: both sides now have something waiting, and each is told once (two claims on one
    // conversation row).
    await chatRepository.transaction((tx) => chat.systemMessage(tx, conversation.id, { event: 'CHAT_REQUEST', ...needs }));
    // Pretend they came three minutes ago.
    await db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(chatMessages.conversationId, conversation.id));

    const landlordBefore = (await bell(landlord.userId)).length;
    const first = await runChatNotices(chat, centre, { log });
    const second = await runChatNotices(chat, centre, { log, quietMs: 0 });
    expect(first.notified).toBe(2);
    expect(second.notified).toBe(0);
    await drain();
    expect((await bell(landlord.userId)).slice(landlordBefore)).toMatchObject([{ type: 'chat.request' }]);
    const mails = await db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
    expect(mails, JSON.stringify(mails)).toHaveLength(1);
    expect(mails[0]!.body).toContain(`${t.config.publicUrl}/my/dashboard/chat?chatId=${conversation.id}`);
    expect(mails[0]!.body).toContain('mesej');
    const tenantBell = await bell(tenant.userId);
    expect(tenantBell.at(-1)).toMatchObject({ type: 'chat.messages', count: 1, read: false });
    // Notices are the person's own.
    const strangerNotices = (await t.app.inject({ url: '/api/notices', headers: as(stranger) })).json() as { content: unknown[] };
    expect(strangerNotices.content).toEqual([]);

    // A viewing tomorrow morning: reminded once, in the conversation and through the centre (SMS, email, bell).
    // (Viewings booked by the tests above may also start within the reminder window, depending on the time of day:
    // they are reminded first.)
    await runChatJobs(viewings, centre);
    await drain();
    const reminderSms = async () =>
      (await db.select().from(outboxMessages).where(eq(outboxMessages.to, tenant.phone))).filter((m) => m.body.includes('Peringatan'));
    const earlierSms = (await reminderSms()).length;
    const [soon] = await db
      .insert(appointments)
      .values({ conversationId: conversation.id, propertyId, tenantId: tenant.userId, startsAt: new Date(Date.now() + 20 * 3_600_000) })
      .returning();
    const reminded = await runChatJobs(viewings, centre);
    expect(reminded.reminded).toBe(1);
    expect((await runChatJobs(viewings, centre)).reminded).toBe(0);
    await drain();
    const events = (await messagesOf(tenant, conversation.id)).filter((m) => m.kind === 'SYSTEM').map((m) => m.event);
    expect(events.at(-1)).toMatchObject({ event: 'VIEWING_REMINDER', appointmentId: soon!.id });
    expect((await bell(tenant.userId)).at(-1)).toMatchObject({ type: 'chat.viewing-reminder', startsAt: soon!.startsAt.toISOString() });
    expect((await bell(landlord.userId)).at(-1)).toMatchObject({ type: 'chat.viewing-reminder' });
    // One SMS for this viewing, beside those of the earlier ones.
    expect(await reminderSms()).toHaveLength(earlierSms + 1);
    // Its message in the conversation brings no second notice.
    expect((await runChatNotices(chat, centre, { log, quietMs: 0 })).notified).toBe(0);
    await hub.close();
  });
});
