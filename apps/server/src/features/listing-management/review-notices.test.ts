import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerListingFull } from '@kunci/contracts/listing-management';
import { notices, users } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { outbox } from '../../../test/outbox.ts';
import { runReviewNotices } from './listing-jobs.ts';
import { createListingManagementRepository } from './listing-management.repository.ts';
import { createListingManagementService } from './listing-management.service.ts';
import { condoInput } from './test-helpers.ts';

describe('owners are told the review decision', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let ownerPhone: string;
  let moderator: Record<string, string>;
  let run: () => Promise<number>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
    const o = await signIn(t.app);
    owner = bearer(o.token);
    ownerPhone = o.phone;
    const m = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, m.userId));
    moderator = bearer(await createSessionsRepository(t.database.db).create(m.userId, 'pin', 'web-test', 1));
    const db = t.database.db;
    const service = createListingManagementService({
      repository: createListingManagementRepository(db),
      store: new LocalDiskStore(t.config.mediaDir),
      secret: 'test-secret-test-secret-test-secret',
      publicUrl: t.config.publicUrl,
    });
    // The job as an instance runs it, through the app's notification centre, and the centre's deliveries after it.
    run = async () => {
      const { told } = await runReviewNotices(service, t.app.notifications);
      while ((await t.app.jobs.runOnce()) > 0);
      return told;
    };
    // The seeded listings' decisions are old news: nothing to tell.
    expect(await run()).toBe(0);
  });
  afterAll(() => t.close());

  const submitted = async (name: string) => {
    const listing = (
      await t.app.inject({ method: 'POST', url: '/api/properties', payload: condoInput({ name }), headers: owner })
    ).json() as OwnerListingFull;
    await t.app.inject({ method: 'POST', url: `/api/properties/${listing.id}/activate`, headers: owner });
    return listing.id;
  };

  it('approved: one email with the listing link; rejected: one email with the reason, in the owner’s language', async () => {
    const [me] = await t.database.db.select().from(users).where(eq(users.phoneNumber, ownerPhone));
    await t.database.db.update(users).set({ email: 'owner@example.my' }).where(eq(users.id, me!.id));
    const good = await submitted('Bangsar Trade Residences');
    const bad = await submitted('Bangsar Hill Suites');
    // Submitting is no decision.
    expect(await run()).toBe(0);

    expect((await t.app.inject({ method: 'POST', url: `/api/properties/${good}/approve`, headers: moderator })).statusCode).toBe(200);
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const [approved] = await outbox(t.app, 'owner@example.my');
    expect(approved).toMatchObject({ channel: 'email', subject: 'Your Kunci listing is online' });
    expect(approved!.body).toContain('“Bangsar Trade Residences” was approved');
    expect(approved!.body).toContain(`${t.config.publicUrl}/details/${good}`);
    // Under the owner's bell too, linking to the listing.
    const bell = async () =>
      (await t.database.db.select().from(notices).where(eq(notices.userId, me!.id)).orderBy(notices.id)).map((n) => [n.type, n.link]);
    expect(await bell()).toEqual([['listings.approved', { route: 'details', params: { id: good } }]]);

    // A Malay-speaking owner is told in Malay.
    await t.database.db.update(users).set({ language: 'MY' }).where(eq(users.id, me!.id));
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${bad}/reject`,
      payload: { reason: 'Photos are of another unit' },
      headers: moderator,
    });
    expect(rejected.statusCode).toBe(200);
    expect(await run()).toBe(1);
    const mails = await outbox(t.app, 'owner@example.my');
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: 'Iklan Kunci anda perlu dipinda' });
    expect(mails[0]!.body).toContain('Sebab: Photos are of another unit');
    expect(mails[0]!.body).toContain(`${t.config.publicUrl}/my/post/edit/${bad}`);
    expect((await bell()).map(([type]) => type)).toEqual(['listings.approved', 'listings.rejected']);
    // The owner's phone got no SMS beside the emails (only the sign-in PIN).
    expect((await outbox(t.app, ownerPhone)).filter((m) => m.channel === 'sms')).toHaveLength(1);
  });
});
