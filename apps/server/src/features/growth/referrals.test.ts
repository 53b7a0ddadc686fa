import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import type { ReferralDashboard, ReferralLink } from '@kunci/contracts/growth';
import { dealEvents, deals, ledgerEntries, properties, referrals, users } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { createReferralsRepository } from './referrals.repository.ts';
import { createReferralsService, REFERRAL_EXPENSE_ACCOUNT } from './referrals.service.ts';

const DAY = 86_400_000;
const rules = BUSINESS.growth.referral;

describe('referral programme', () => {
  let t: TestApp;
  let referrer: { userId: string; headers: Record<string, string> };
  let link: ReferralLink;
  let listings: { id: number; ownerId: string }[];
  const as = async (name: string) => {
    const person = await signIn(t.app);
    await t.database.db.update(users).set({ name }).where(eq(users.id, person.userId));
    return { userId: person.userId, headers: bearer(person.token) };
  };
  const register = (who: { headers: Record<string, string> }, body: object, language = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/referrals', payload: body, headers: { ...who.headers, 'x-language': language } });
  const dashboard = async (who = referrer) => (await t.app.inject({ url: '/api/referrals/me', headers: who.headers })).json() as ReferralDashboard;
  /** A deal of the tenant's (on a listing of its own) that became ACTIVE `daysAgo` days ago, as the deals feature records it. */
  const activeDeal = async (tenantId: string, rent: number, daysAgo = 0) => {
    const listing = listings.shift()!;
    const at = new Date(Date.now() - daysAgo * DAY);
    const [deal] = await t.database.db
      .insert(deals)
      .values({
        propertyId: listing.id,
        tenantId,
        landlordId: listing.ownerId,
        state: 'ACTIVE',
        moveInDate: at.toISOString().slice(0, 10),
        tenancyMonths: 12,
        monthlyRent: rent,
        occupants: 1,
        bookingFeeSen: BUSINESS.bookingFee * 100,
        createdAt: new Date(at.getTime() - 10 * DAY),
      })
      .returning({ id: deals.id });
    await t.database.db
      .insert(dealEvents)
      .values({ dealId: deal!.id, actorRole: 'SYSTEM', command: 'MOVE_IN', fromState: 'SIGNED', toState: 'ACTIVE', createdAt: at });
    return deal!.id;
  };
  const service = () => createReferralsService(createReferralsRepository(t.database.db), t.config.publicUrl);

  beforeAll(async () => {
    t = await createTestApp();
    referrer = await as('Aisyah Rahman');
    listings = await t.database.db
      .select({ id: properties.id, ownerId: properties.ownerId })
      .from(properties)
      .where(eq(properties.status, 'ACTIVE'))
      .limit(4);
  });
  afterAll(() => t.close());

  it('makes one code per user and a link in the caller’s language; the dashboard starts empty', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/referral/create', headers: { ...referrer.headers, 'x-language': 'ms' } });
    expect(first.statusCode).toBe(200);
    link = first.json() as ReferralLink;
    expect(link.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(link.url).toBe(`${t.config.publicUrl}/my/refer/${link.referralCode}`);
    const again = (await t.app.inject({ method: 'POST', url: '/api/referral/create', headers: referrer.headers })).json() as ReferralLink;
    expect(again.referralCode).toBe(link.referralCode);
    expect(await dashboard()).toMatchObject({ referralCode: link.referralCode, invited: 0, pending: 0, qualified: 0, earned: 0, referrals: [] });
  });

  it('a new user joins through the link once; their own code, an old account or an unknown code are refused', async () => {
    const friend = await as('Tan Wei Ming');
    const joined = await register(friend, { referralCode: link.referralCode.toLowerCase(), source: 'WhatsApp' });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({ status: 'PENDING', referrerName: 'Aisyah' });
    expect((await register(friend, { referralCode: link.referralCode })).statusCode).toBe(409);

    const own = await register(referrer, { referralCode: link.referralCode }, 'zh');
    expect(own.statusCode).toBe(422);
    expect(JSON.stringify(own.json())).toContain('这是您自己的推荐码');
    const old = await as('Old Hand');
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - (rules.signUpWindowHours + 1) * 3_600_000) })
      .where(eq(users.id, old.userId));
    expect((await register(old, { referralCode: link.referralCode })).statusCode).toBe(422);
    expect((await register(friend, { referralCode: 'ZZZZZZZZ' })).statusCode).toBe(404);
    expect((await register(friend, { referralCode: 'no!' })).statusCode).toBe(422);
    expect((await register(friend, { referralCode: link.referralCode, source: 'x', extra: 1 })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/referrals', payload: { referralCode: link.referralCode } })).statusCode).toBe(401);

    const board = await dashboard();
    expect(board).toMatchObject({ invited: 1, pending: 1, qualified: 0 });
    expect(board.referrals[0]).toMatchObject({ refereeName: 'Tan', source: 'whatsapp', status: 'PENDING', reward: null });
  });

  it('qualifies when the referee’s deal above the minimum rent becomes ACTIVE: rewards on the ledger, once', async () => {
    const friend = await as('Nur Izzati');
    await register(friend, { referralCode: link.referralCode });
    // A deal at the minimum rent does not count; the one above it does.
    await activeDeal(friend.userId, rules.minRent, 2);
    expect(await service().qualify()).toEqual({ qualified: 0 });
    const dealId = await activeDeal(friend.userId, 1800, 1);
    expect(await service().qualify(dealId)).toEqual({ qualified: 1 });
    expect(await service().qualify()).toEqual({ qualified: 0 });

    const board = await dashboard();
    expect(board).toMatchObject({ invited: 2, pending: 1, qualified: 1, earned: rules.referrerReward, paid: 0 });
    const entry = board.referrals.find((r) => r.refereeName === 'Nur')!;
    expect(entry).toMatchObject({ status: 'QUALIFIED', rent: 1800, reward: { amount: rules.referrerReward, state: 'EARNED' } });

    const lines = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.dealId, dealId));
    expect(lines.map((l) => [l.kind, l.account, l.amountSen])).toEqual(
      expect.arrayContaining([
        ['REWARD', REFERRAL_EXPENSE_ACCOUNT, -(rules.referrerReward + rules.refereeDiscount) * 100],
        ['REWARD', `user:${referrer.userId}`, rules.referrerReward * 100],
        ['REWARD', `user:${friend.userId}`, rules.refereeDiscount * 100],
      ]),
    );
    expect(lines.reduce((sum, l) => sum + l.amountSen, 0)).toBe(0);
  });

  it('an unpaid reward expires and is taken back; a referee who never rents lapses after the window', async () => {
    await t.database.db
      .update(referrals)
      .set({ rewardExpiresAt: new Date(Date.now() - DAY) })
      .where(eq(referrals.rewardState, 'EARNED'));
    const idle = await t.database.db.select({ refereeId: referrals.refereeId }).from(referrals).where(eq(referrals.status, 'PENDING'));
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - (rules.activityMonths * 31 + 1) * DAY) })
      .where(eq(users.id, idle[0]!.refereeId));

    expect(await service().housekeeping()).toEqual({ lapsed: 1, expired: 1 });
    expect(await service().housekeeping()).toEqual({ lapsed: 0, expired: 0 });
    const board = await dashboard();
    expect(board).toMatchObject({ pending: 0, qualified: 1, earned: 0 });
    expect(board.referrals.map((r) => r.status).sort()).toEqual(['LAPSED', 'QUALIFIED']);
    expect(board.referrals.find((r) => r.status === 'QUALIFIED')!.reward!.state).toBe('EXPIRED');
    const balance = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `user:${referrer.userId}`));
    expect(balance.reduce((sum, l) => sum + l.amountSen, 0)).toBe(0);
  });
});
