import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '@kunci/contracts/deals';
import type { NoticeList } from '@kunci/contracts/notifications';
import { dealEvents, jobs, users } from '@kunci/db/schema';
import { createTestApp, type TestApp } from '../../../test/support.ts';
import { outbox } from '../../../test/outbox.ts';
import { dealUpdate, type DealNoticeParams } from './deal-notices.ts';
import { dealFixtures } from './test-helpers.ts';

/**
 * Deal notices go through the notification centre: one notice per step and person, delivered once per channel
 * however often the deal's notice job runs, in the reader's language, each channel as the person's settings say.
 */
let t: TestApp;
const f = dealFixtures(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'n'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

/** A person with an email address too, so every outward channel but push (no VAPID keys here) is offered. */
async function personWithEmail(name: string, language: 'EN' | 'MY' | 'ZH' = 'EN') {
  const who = await f.person(name, { language });
  const email = `${who.id}@example.my`;
  const [row] = await t.database.db.update(users).set({ email }).where(eq(users.id, who.id)).returning({ phone: users.phoneNumber });
  return { ...who, email, phone: row!.phone };
}

const bell = async (who: { headers: Record<string, string> }, lang = 'en') =>
  ((await t.app.inject({ url: '/api/notices', headers: { ...who.headers, 'x-language': lang } })).json() as NoticeList).content;

/** Runs the finished job under `key` again, as a retry after a lost lease or a failure after its sends would. */
async function runAgain(key: string) {
  const rerun = await t.database.db
    .update(jobs)
    .set({ state: 'pending', runAt: new Date(Date.now() - 1000), lockedBy: null, lockedUntil: null, finishedAt: null })
    .where(and(eq(jobs.key, key), eq(jobs.state, 'done')))
    .returning({ id: jobs.id });
  expect(rerun).toHaveLength(1);
  await f.drain();
}

describe('deal notices through the notification centre', () => {
  it('a deal notice job run three times (two retries) sends one notice per channel, in the reader’s language', async () => {
    const landlord = await personWithEmail('Landlord Wong', 'MY');
    const tenant = await personWithEmail('Tenant Aisyah');
    const propertyId = await f.condo(landlord.id);
    const deal = (await f.apply(tenant, propertyId)).json() as Deal;
    await f.drain();
    const [event] = await t.database.db
      .select({ id: dealEvents.id })
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, deal.id), eq(dealEvents.toState, 'APPLIED')));
    const key = `deal-notice:${event!.id}`;
    await runAgain(key);
    await runAgain(key);

    // In-app: one notice, the words in the language it is read in, the signed link to the deal.
    const seen = (await t.app.inject({ url: `/api/deals/${deal.id}`, headers: landlord.headers })).json() as Deal;
    const inApp = await bell(landlord, 'ms');
    expect(inApp).toEqual([
      expect.objectContaining({
        type: 'deals.update',
        body: expect.stringContaining('Seorang penyewa memohon'),
        url: `/my/deal?hash=${encodeURIComponent(seen.hash!)}`,
      }),
    ]);
    expect((await bell(landlord, 'zh'))[0]!.title).toContain('您的租房交易');
    // SMS and email: one each, in the landlord's stored language (Malay), with the signed link.
    const sms = await outbox(t.app, landlord.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('Seorang penyewa memohon');
    expect(sms[0]!.body).toContain(`/my/deal?hash=${encodeURIComponent(seen.hash!)}`);
    const emails = await outbox(t.app, landlord.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain('Urusan sewa anda');
    expect(emails[0]!.body).toContain('Seorang penyewa memohon');
    // The tenant applied: told nothing of their own step.
    expect(await bell(tenant)).toEqual([]);
    expect(await outbox(t.app, tenant.phone)).toEqual([]);
    // One delivery job per channel was ever queued for it.
    const deliveries = await t.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.name, 'notifications.deliver'), sql`(${jobs.payload}->>'noticeId')::int = ${inApp[0]!.id}`));
    expect(deliveries.map((row) => (row.payload as { channel: string }).channel).sort()).toEqual(['email', 'inApp', 'sms']);
  });

  it('a person who turned deal SMS off gets the email and the in-app notice only; a failed payment is its own type, to the tenant alone', async () => {
    const landlord = await personWithEmail('Landlord Tan');
    const tenant = await personWithEmail('Tenant Lee', 'ZH');
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notices/preferences',
      payload: { type: 'deals.update', channel: 'sms', enabled: false },
      headers: tenant.headers,
    });
    expect(off.statusCode).toBe(200);
    const propertyId = await f.condo(landlord.id);
    const deal = (await f.apply(tenant, propertyId)).json() as Deal;
    expect((await f.command(landlord, deal.id, { command: 'ACCEPT' })).statusCode).toBe(200);
    await f.drain();
    expect(await outbox(t.app, tenant.phone)).toEqual([]);
    expect((await outbox(t.app, tenant.email))[0]!.body).toContain('房东已接受');
    expect((await bell(tenant)).map((notice) => notice.type)).toEqual(['deals.update']);

    // A declined card: the tenant hears of it by SMS too (its own type, still on), the landlord not at all.
    await f.pay(tenant, deal.id, { declined: true });
    await f.drain();
    const sms = await outbox(t.app, tenant.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('RM 500.00');
    expect((await bell(tenant))[0]).toMatchObject({ type: 'deals.payment-failed', title: expect.stringContaining('Payment not received') });
    expect((await bell(landlord)).map((notice) => notice.type)).not.toContain('deals.payment-failed');
  });

  it('a notice stored before its facts were kept still reads in the language it carries its words in', () => {
    const stored = { listing: 'Bangsar Heights', text_en: 'The deal moved on.', text_ms: 'Urusan bergerak.', text_zh: '交易已更新。' };
    const values = dealUpdate.values!;
    expect(values('ms', stored as unknown as DealNoticeParams)).toEqual({ listing: 'Bangsar Heights', text: 'Urusan bergerak.' });
    expect(values('zh', stored as unknown as DealNoticeParams)).toEqual({ listing: 'Bangsar Heights', text: '交易已更新。' });
  });
});
