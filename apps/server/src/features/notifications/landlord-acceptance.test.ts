import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation } from '@kunci/contracts/chat';
import { notices, outboxMessages, properties, users } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { createLandlordResponseRepository } from './landlord-response.repository.ts';
import { createLandlordResponseService } from './landlord-response.service.ts';

const needs = { moveInDate: '2026-12-15', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' as const };

/**
 * Issue 22's acceptance, as a landlord lives it: signed out of the site, they get an SMS within a minute of a
 * tenant's chat request, from the app's own recurring jobs (not a job run by the test), and a reminder when the
 * request is still unanswered 12 hours later (the reminder's clock moved forward).
 */
describe('a landlord who is not on the site hears of a chat request', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The recurring jobs run as in service: the notices timer every NOTICE_INTERVAL_SECONDS, deliveries polled.
    t = await createTestApp({
      env: { JOBS_INTERVAL_SECONDS: '60', PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' },
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('by SMS within a minute, in their language, and a reminder after 12 hours unanswered', { timeout: 120_000 }, async () => {
    const landlord = await signIn(t.app);
    const tenant = await signIn(t.app);
    await t.database.db.update(users).set({ name: 'Encik Rahman', language: 'MY' }).where(eq(users.id, landlord.userId));
    await t.database.db.update(users).set({ name: 'Aisyah' }).where(eq(users.id, tenant.userId));
    const page = (await t.app.inject({ url: '/api/properties/search?loc=bangsar&pageSize=1' })).json() as { content: { id: number }[] };
    const propertyId = page.content[0]!.id;
    const [listing] = await t.database.db.update(properties).set({ ownerId: landlord.userId }).where(eq(properties.id, propertyId)).returning();
    const texts = async () =>
      (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, landlord.phone))).filter((m) => m.channel === 'sms');
    const before = (await texts()).length; // the sign-in PIN

    const asked = Date.now();
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/chat-conversations',
      payload: { propertyId, ...needs, message: 'Is it still available?' },
      headers: bearer(tenant.token),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversation = opened.json() as ChatConversation;

    // Nothing is run by the test: the app's notices timer and the centre's delivery job do it.
    let sms: string | undefined;
    while (!sms && Date.now() - asked < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      sms = (await texts()).slice(before)[0]?.body;
    }
    const took = Date.now() - asked;
    expect(sms, `no SMS ${took} ms after the request`).toBeDefined();
    expect(took).toBeLessThan(60_000);
    expect(sms).toContain('Aisyah ingin menyewa');
    expect(sms).toContain(listing!.name);
    expect(sms).toContain(`/my/dashboard/chat?chatId=${conversation.id}`);

    // Still unanswered: nothing more before 12 hours, one reminder after, once.
    const now = Date.now();
    let clock = new Date(now + 11 * 3600_000);
    const reminders = createLandlordResponseService({
      repository: createLandlordResponseRepository(t.database.db),
      notices: t.app.notifications,
      log: t.app.log,
      clock: () => clock,
    });
    expect(await reminders.remindUnanswered()).toEqual({ reminded: 0 });
    clock = new Date(now + 12 * 3600_000 + 60_000);
    expect(await reminders.remindUnanswered()).toEqual({ reminded: 1 });
    expect(await reminders.remindUnanswered()).toEqual({ reminded: 0 });
    let reminder: string | undefined;
    const remindedAt = Date.now();
    while (!reminder && Date.now() - remindedAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      reminder = (await texts()).slice(before + 1)[0]?.body;
    }
    expect(reminder).toContain('Aisyah bertanya tentang');
    expect(reminder).toContain('12 jam');
    expect(reminder).toContain(`chatId=${conversation.id}`);
    const bell = await t.database.db.select().from(notices).where(eq(notices.userId, landlord.userId));
    // The message sent with the request is told in the request's notice, not in a second one.
    expect(bell.map((n) => n.type).sort()).toEqual(['chat.request', 'chat.unanswered']);
  });
});
