import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode, type ErrorBody } from '@kunci/contracts/errors';
import type { MaybePayoutDetails, PayableRewardList, ReferralDashboard, RewardBankDetails } from '@kunci/contracts/growth';
import { auditLog, ledgerEntries, referralPayoutDetails, referrals, sessions, staffConfirmations, users } from '@kunci/db/schema';
import { confirmStaffSession } from '../../../test/authz/admin.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { REFERRAL_PAYOUT_ACCOUNT } from './referral-payouts.service.ts';

const rules = BUSINESS.growth.referral;
const DAY = 86_400_000;

describe('referral payouts: bank details, reward states and operations paying them', () => {
  let t: TestApp;
  let referrer: { id: string; headers: Record<string, string> };
  let operations: Record<string, string>;
  /** Operations whose session has not confirmed a PIN lately. */
  let unconfirmed: { id: string; token: string; headers: Record<string, string> };
  let referralId: number;
  const person = async (name: string, role: 'user' | 'operations' = 'user') => {
    const p = await signIn(t.app);
    await t.database.db.update(users).set({ name, role }).where(eq(users.id, p.userId));
    return { id: p.userId, token: p.token, headers: bearer(p.token) };
  };
  const bankDetails = (id: number, headers = operations, language = 'en') =>
    t.app.inject({ method: 'POST', url: `/api/admin/growth/referral-rewards/${id}/bank-details`, headers: { ...headers, 'x-language': language } });
  const fullReads = () =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.payoutDetails.read'), eq(auditLog.reason, 'payout')));
  const dashboard = async () => (await t.app.inject({ url: '/api/referrals/me', headers: referrer.headers })).json() as ReferralDashboard;
  const putDetails = (payload: object, language = 'en') =>
    t.app.inject({ method: 'PUT', url: '/api/referrals/payout-details', payload, headers: { ...referrer.headers, 'x-language': language } });
  const markPaid = (id: number, language = 'en', headers = operations) =>
    t.app.inject({ method: 'POST', url: `/api/admin/growth/referral-rewards/${id}/paid`, headers: { ...headers, 'x-language': language } });

  beforeAll(async () => {
    t = await createTestApp();
    referrer = await person('Aisyah Rahman');
    const ops = await person('Ops Aminah', 'operations');
    await confirmStaffSession(t, ops.token);
    operations = ops.headers;
    unconfirmed = await person('Ops Budi', 'operations');
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

  it('with bank details the reward is PAYABLE; operations see it masked, and the full account only with a fresh PIN, logged', async () => {
    expect((await dashboard()).referrals[0]).toMatchObject({ payoutState: 'PAYABLE' });
    const list = (await t.app.inject({ url: '/api/admin/growth/referral-rewards', headers: unconfirmed.headers })).json() as PayableRewardList;
    expect(list.content.find((r) => r.referralId === referralId)).toMatchObject({
      referrerName: 'Aisyah Rahman',
      amount: rules.referrerReward,
      bank: 'MAYBANK',
      accountHolder: 'A••• b••• R•••',
      accountNumber: '•••• 5678',
    });
    expect(JSON.stringify(list)).not.toContain('114233005678');
    const listReads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.payoutDetails.read'), eq(auditLog.reason, 'payoutList')));
    expect(listReads.some((r) => r.targetId === referrer.id && r.actorName === 'Ops Budi')).toBe(true);

    // Without a PIN confirmed lately (never, or longer ago than the rules allow): 428 in the caller's language, nothing read.
    const readsBefore = (await fullReads()).length;
    const asked = await bankDetails(referralId, unconfirmed.headers, 'ms');
    expect(asked.statusCode).toBe(428);
    expect((asked.json() as ErrorBody).errorCode).toBe(ErrorCode.STAFF_CONFIRMATION_REQUIRED);
    expect((asked.json() as ErrorBody).message).not.toBe((await bankDetails(referralId, unconfirmed.headers, 'en')).json().message);
    expect(asked.body).not.toContain('114233005678');
    const [session] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, unconfirmed.id));
    await t.database.db
      .insert(staffConfirmations)
      .values({ sessionId: session!.id, confirmedAt: new Date(Date.now() - (BUSINESS.staff.reconfirmMinutes + 1) * 60_000) });
    expect((await bankDetails(referralId, unconfirmed.headers)).statusCode).toBe(428);
    expect((await markPaid(referralId, 'en', unconfirmed.headers)).statusCode).toBe(428);
    expect((await dashboard()).referrals[0]).toMatchObject({ payoutState: 'PAYABLE' });
    expect((await fullReads()).length).toBe(readsBefore);

    // Confirmed: the full details, and the read naming the reward in the audit log.
    const shown = await bankDetails(referralId);
    expect(shown.statusCode).toBe(200);
    expect(shown.json() as RewardBankDetails).toEqual({
      referralId,
      bank: 'MAYBANK',
      bankName: 'Maybank',
      accountHolder: 'Aisyah binti Rahman',
      accountNumber: '114233005678',
    });
    const reads = await fullReads();
    expect(reads.length).toBe(readsBefore + 1);
    expect(reads.at(-1)).toMatchObject({ actorName: 'Ops Aminah', targetType: 'user', targetId: referrer.id, after: { referralId } });
    expect((await bankDetails(2_000_000_000)).statusCode).toBe(404);
    expect((await bankDetails(referralId, referrer.headers)).statusCode).toBe(403);

    expect((await markPaid(referralId)).statusCode).toBe(204);
    // Paid: nothing more to pay, so no details to show.
    expect((await bankDetails(referralId)).statusCode).toBe(404);
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
