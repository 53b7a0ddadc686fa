import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import type { MaybePayoutDetails, PayableRewardList, ReferralDashboard } from '@kunci/contracts/growth';
import { auditLog, ledgerEntries, referralPayoutDetails, referrals, users } from '@kunci/db/schema';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { REFERRAL_PAYOUT_ACCOUNT } from './referral-payouts.service.ts';

const rules = BUSINESS.growth.referral;
const DAY = 86_400_000;

describe('referral payouts: bank details, reward states and operations paying them', () => {
  let t: TestApp;
  let referrer: { id: string; headers: Record<string, string> };
  let operations: Record<string, string>;
  let referralId: number;
  const person = async (name: string, role: 'user' | 'operations' = 'user') => {
    const p = await signIn(t.app);
    await t.database.db.update(users).set({ name, role }).where(eq(users.id, p.userId));
    return { id: p.userId, headers: bearer(p.token) };
  };
  const dashboard = async () => (await t.app.inject({ url: '/api/referrals/me', headers: referrer.headers })).json() as ReferralDashboard;
  const putDetails = (payload: object, language = 'en') =>
    t.app.inject({ method: 'PUT', url: '/api/referrals/payout-details', payload, headers: { ...referrer.headers, 'x-language': language } });
  const markPaid = (id: number, language = 'en') =>
    t.app.inject({ method: 'POST', url: `/api/admin/growth/referral-rewards/${id}/paid`, headers: { ...operations, 'x-language': language } });

  beforeAll(async () => {
    t = await createTestApp();
    referrer = await person('Aisyah Rahman');
    operations = (await person('Ops Aminah', 'operations')).headers;
    const friend = await person('Tan Wei Ming');
    // A referral whose friend's deal became active: its reward is earned (as the referral programme records it).
    const [row] = await t.database.db
      .insert(referrals)
      .values({
        referrerId: referrer.id,
        refereeId: friend.id,
        code: 'K7M2Q9XA',
        status: 'QUALIFIED',
        rent: 1800,
        qualifiedAt: new Date(Date.now() - DAY),
        rewardState: 'EARNED',
        rewardExpiresAt: new Date(Date.now() + 150 * DAY),
      })
      .returning({ id: referrals.id });
    referralId = row!.id;
  });
  afterAll(() => t.close());

  it('an earned reward without bank details is QUALIFIED, is not offered to operations, and cannot be marked paid', async () => {
    expect((await t.app.inject({ url: '/api/referrals/payout-details', headers: referrer.headers })).json()).toEqual({ details: null });
    const board = await dashboard();
    expect(board.hasPayoutDetails).toBe(false);
    expect(board.referrals[0]).toMatchObject({ status: 'QUALIFIED', payoutState: 'QUALIFIED' });
    const list = (await t.app.inject({ url: '/api/admin/growth/referral-rewards', headers: operations })).json() as PayableRewardList;
    expect(list.content.find((r) => r.referralId === referralId)).toBeUndefined();
    const refused = await markPaid(referralId, 'ms');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('belum memberikan butiran bank');
  });

  it('refuses malformed bank details with 422 in the caller’s language', async () => {
    const good = { bank: 'MAYBANK', accountHolder: 'Aisyah binti Rahman', accountNumber: '1142 3300 5678' };
    for (const payload of [
      { ...good, bank: 'BANK_OF_NOWHERE' },
      { ...good, accountNumber: '12ab5678' },
      { ...good, accountNumber: '123456' },
      { ...good, accountHolder: 'x' },
      { ...good, accountHolder: '<script>' },
      { ...good, extra: 1 },
    ])
      expect((await putDetails(payload)).statusCode, JSON.stringify(payload)).toBe(422);
    expect(JSON.stringify((await putDetails({ ...good, accountNumber: '12' }, 'zh')).json())).toContain('账户号码为7至17位数字');
    expect((await t.app.inject({ method: 'PUT', url: '/api/referrals/payout-details', payload: good })).statusCode).toBe(401);
  });

  it('keeps the details sealed, shows them masked, and logs every read', async () => {
    const saved = await putDetails({ bank: 'MAYBANK', accountHolder: 'Aisyah binti Rahman', accountNumber: '1142-3300-5678' });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as MaybePayoutDetails).details).toMatchObject({
      bank: 'MAYBANK',
      bankName: 'Maybank',
      accountNumber: '•••• 5678',
      accountHolder: 'A••• b••• R•••',
    });
    const [row] = await t.database.db.select().from(referralPayoutDetails).where(eq(referralPayoutDetails.userId, referrer.id));
    expect(JSON.stringify(row)).not.toContain('114233005678');
    expect(JSON.stringify(row)).not.toContain('Aisyah');
    expect(row!.accountLast4).toBe('5678');

    const before = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.payoutDetails.read'), eq(auditLog.targetId, referrer.id)));
    const read = (await t.app.inject({ url: '/api/referrals/payout-details', headers: referrer.headers })).json() as MaybePayoutDetails;
    expect(read.details!.accountNumber).toBe('•••• 5678');
    const after = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.payoutDetails.read'), eq(auditLog.targetId, referrer.id)));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ actorId: referrer.id, reason: 'owner' });
  });

  it('with bank details the reward is PAYABLE; operations see where to pay it and mark it paid once, on the ledger', async () => {
    expect((await dashboard()).referrals[0]).toMatchObject({ payoutState: 'PAYABLE' });
    const list = (await t.app.inject({ url: '/api/admin/growth/referral-rewards', headers: operations })).json() as PayableRewardList;
    expect(list.content.find((r) => r.referralId === referralId)).toMatchObject({
      referrerName: 'Aisyah Rahman',
      amount: rules.referrerReward,
      bank: 'MAYBANK',
      accountHolder: 'Aisyah binti Rahman',
      accountNumber: '114233005678',
    });
    const staffReads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.payoutDetails.read'), eq(auditLog.reason, 'payout')));
    expect(staffReads.some((r) => r.targetId === referrer.id && r.actorName === 'Ops Aminah')).toBe(true);

    expect((await markPaid(referralId)).statusCode).toBe(204);
    expect((await markPaid(referralId)).statusCode).toBe(409);
    expect((await markPaid(2_000_000_000)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/growth/referral-rewards/${referralId}/paid`, headers: referrer.headers })).statusCode,
    ).toBe(403);

    const board = await dashboard();
    expect(board.referrals[0]).toMatchObject({ payoutState: 'PAID', reward: { state: 'PAID' } });
    expect(board.paid).toBe(rules.referrerReward);
    const lines = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'PAYOUT'));
    const mine = lines.filter((l) => l.account === `user:${referrer.id}` || l.account === REFERRAL_PAYOUT_ACCOUNT);
    expect(mine.map((l) => [l.account, l.amountSen]).sort()).toEqual(
      [
        [REFERRAL_PAYOUT_ACCOUNT, rules.referrerReward * 100],
        [`user:${referrer.id}`, -rules.referrerReward * 100],
      ].sort(),
    );
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral.reward.paid'));
    expect(audit.map((a) => a.targetId)).toContain(String(referralId));
  });
});
