import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { referralPayoutDetails, referrals, users } from '@kunci/db/schema';
import { createAuditLogRepository, type AuditEntry } from '../../lib/audit-log.repository.ts';
import { createLedgerRepository, type LedgerPosting } from '../../lib/ledger/ledger.repository.ts';

export type PayoutDetailsRow = typeof referralPayoutDetails.$inferSelect;
export type Actor = AuditEntry['actor'];

/** Referrers' bank details (sealed by the service) and the payment of their rewards; every read is audit-logged. */
export function createReferralPayoutsRepository(db: Database) {
  const audit = createAuditLogRepository(db);
  const logRead = (userId: string, reader: Actor, purpose: 'owner' | 'payoutList' | 'payout', referralId?: number) =>
    audit.record({
      actor: reader,
      action: 'referral.payoutDetails.read',
      targetType: 'user',
      targetId: userId,
      reason: purpose,
      ...(referralId === undefined ? {} : { after: { referralId } }),
    });
  return {
    /** The user's details, recording the read (who read whose, and why) first. */
    read: async (userId: string, reader: Actor, purpose: 'owner') => {
      await logRead(userId, reader, purpose);
      return (await db.select().from(referralPayoutDetails).where(eq(referralPayoutDetails.userId, userId)))[0];
    },

    /**
     * Records a staff read of a referrer's details: `payoutList` the masked list of payable rewards, `payout` the full
     * account number of one reward, named in the record.
     */
    logRead: (userId: string, reader: Actor, purpose: 'payoutList' | 'payout', referralId?: number) => logRead(userId, reader, purpose, referralId),

    /** Stores (or replaces) the user's details with the audit record of the change, in one transaction. */
    save: (values: Omit<PayoutDetailsRow, 'updatedAt'>, actor: Actor) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(referralPayoutDetails)
          .values(values)
          .onConflictDoUpdate({ target: referralPayoutDetails.userId, set: { ...values, updatedAt: sql`now()` } })
          .returning();
        await createAuditLogRepository(tx).record({
          actor,
          action: 'referral.payoutDetails.save',
          targetType: 'user',
          targetId: values.userId,
          after: { bank: values.bank, accountLast4: values.accountLast4 },
        });
        return row!;
      }),

    hasDetails: async (userId: string) =>
      (await db.select({ userId: referralPayoutDetails.userId }).from(referralPayoutDetails).where(eq(referralPayoutDetails.userId, userId))).length >
      0,

    /** Earned rewards whose referrer gave bank details (or the one asked for), oldest qualified first, with the (sealed) details. */
    payable: (referralId?: number) =>
      db
        .select({ referral: referrals, referrerName: users.name, details: referralPayoutDetails })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.referrerId))
        .innerJoin(referralPayoutDetails, eq(referralPayoutDetails.userId, referrals.referrerId))
        .where(and(eq(referrals.rewardState, 'EARNED'), referralId === undefined ? undefined : eq(referrals.id, referralId)))
        .orderBy(asc(referrals.qualifiedAt), asc(referrals.id))
        .limit(500),

    referral: async (id: number) => (await db.select().from(referrals).where(eq(referrals.id, id)))[0],

    /**
     * Marks an earned reward paid, posts the payment on the ledger and records it in the audit log, in one transaction;
     * false when the reward is not earned (any more) or its referrer has no bank details.
     */
    markPaid: (referralId: number, staff: Actor, posting: LedgerPosting) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(referrals)
          .set({ rewardState: 'PAID', paidAt: sql`now()`, paidBy: staff.id })
          .where(
            and(
              eq(referrals.id, referralId),
              eq(referrals.rewardState, 'EARNED'),
              sql`exists (select 1 from ${referralPayoutDetails} where ${referralPayoutDetails.userId} = ${referrals.referrerId})`,
            ),
          )
          .returning({ id: referrals.id });
        if (!row) return false;
        await createLedgerRepository(tx).post(posting);
        await createAuditLogRepository(tx).record({
          actor: staff,
          action: 'referral.reward.paid',
          targetType: 'referral',
          targetId: referralId,
          after: { amountSen: posting.lines.find((line) => line.amountSen > 0)?.amountSen ?? 0 },
        });
        return true;
      }),
  };
}
export type ReferralPayoutsRepository = ReturnType<typeof createReferralPayoutsRepository>;
