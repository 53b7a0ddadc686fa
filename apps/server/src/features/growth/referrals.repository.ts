import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { dealEvents, deals, referralCodes, referralPayoutDetails, referrals, users } from '@kunci/db/schema';
import { createLedgerRepository, type LedgerPosting } from '../../lib/ledger/ledger.repository.ts';

export type ReferralRow = typeof referrals.$inferSelect;

/** A pending referral whose referee now has a deal that became ACTIVE: a candidate to qualify. */
export interface ActiveDealOfReferee {
  referralId: number;
  referrerId: string;
  refereeId: string;
  refereeCreatedAt: Date;
  dealId: string;
  dealCreatedAt: Date;
  rent: number;
  activeAt: Date;
}

/** Referral codes, referrals, and their rewards on the ledger. */
export function createReferralsRepository(db: Database) {
  return {
    codeOf: async (userId: string) => (await db.select().from(referralCodes).where(eq(referralCodes.userId, userId)))[0],

    /** Stores the user's code unless they have one (or the code is taken): the stored one answers either way. */
    createCode: async (userId: string, code: string) => {
      await db.insert(referralCodes).values({ userId, code }).onConflictDoNothing();
      return (await db.select().from(referralCodes).where(eq(referralCodes.userId, userId)))[0];
    },

    ownerOf: async (code: string) =>
      (
        await db
          .select({ userId: referralCodes.userId, name: users.name })
          .from(referralCodes)
          .innerJoin(users, eq(users.id, referralCodes.userId))
          .where(eq(referralCodes.code, code))
      )[0],

    user: async (id: string) => (await db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.id, id)))[0],

    /** Whether the user already had a deal, on either side (then they are not new to the platform). */
    hasDeals: async (userId: string) =>
      (
        await db
          .select({ id: deals.id })
          .from(deals)
          .where(or(eq(deals.tenantId, userId), eq(deals.landlordId, userId)))
          .limit(1)
      ).length > 0,

    /** Whether the user gave bank details for payouts (rewards are paid only then). */
    hasPayoutDetails: async (userId: string) =>
      (await db.select({ userId: referralPayoutDetails.userId }).from(referralPayoutDetails).where(eq(referralPayoutDetails.userId, userId))).length >
      0,

    /** Records the referral; false when the referee was referred already. */
    add: async (values: { referrerId: string; refereeId: string; code: string; source: string }) =>
      (await db.insert(referrals).values(values).onConflictDoNothing().returning({ id: referrals.id })).length > 0,

    /** The referrer's referrals, newest first, with each referee's name. */
    byReferrer: (referrerId: string) =>
      db
        .select({ referral: referrals, refereeName: users.name, refereeCreatedAt: users.createdAt })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.refereeId))
        .where(eq(referrals.referrerId, referrerId))
        .orderBy(desc(referrals.createdAt), desc(referrals.id)),

    /**
     * Pending referrals whose referee is a party to a deal that became ACTIVE (from the deal's own event log), each
     * referral's deals in the order they became active; `dealId` narrows it to one deal.
     */
    activeDealsOfReferees: (dealId?: string): Promise<ActiveDealOfReferee[]> =>
      db
        .select({
          referralId: referrals.id,
          referrerId: referrals.referrerId,
          refereeId: referrals.refereeId,
          refereeCreatedAt: users.createdAt,
          dealId: deals.id,
          dealCreatedAt: deals.createdAt,
          rent: deals.monthlyRent,
          activeAt: dealEvents.createdAt,
        })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.refereeId))
        .innerJoin(deals, or(eq(deals.tenantId, referrals.refereeId), eq(deals.landlordId, referrals.refereeId)))
        .innerJoin(dealEvents, and(eq(dealEvents.dealId, deals.id), eq(dealEvents.toState, 'ACTIVE')))
        .where(and(eq(referrals.status, 'PENDING'), dealId ? eq(deals.id, dealId) : undefined))
        .orderBy(referrals.id, dealEvents.createdAt, deals.id),

    /** Marks a pending referral qualified and posts its rewards, in one transaction; false when it was not pending. */
    qualify: (referralId: number, values: { dealId: string; rent: number; qualifiedAt: Date; rewardExpiresAt: Date }, posting: LedgerPosting) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(referrals)
          .set({ ...values, status: 'QUALIFIED', rewardState: 'EARNED' })
          .where(and(eq(referrals.id, referralId), eq(referrals.status, 'PENDING')))
          .returning({ id: referrals.id });
        if (!row) return false;
        await createLedgerRepository(tx).post(posting);
        return true;
      }),

    /** Pending referrals whose referee signed up before `joinedBefore` lapse: their window to act has passed. */
    lapse: async (joinedBefore: Date) =>
      (
        await db
          .update(referrals)
          .set({ status: 'LAPSED' })
          .where(
            and(
              eq(referrals.status, 'PENDING'),
              sql`${referrals.refereeId} in (select ${users.id} from ${users} where ${lt(users.createdAt, joinedBefore)})`,
            ),
          )
          .returning({ id: referrals.id })
      ).length,

    /** Earned rewards past their expiry, oldest first. */
    expiring: (now: Date) =>
      db
        .select()
        .from(referrals)
        .where(and(eq(referrals.rewardState, 'EARNED'), lt(referrals.rewardExpiresAt, now)))
        .orderBy(referrals.rewardExpiresAt)
        .limit(500),

    /** Marks an earned reward expired and takes it back on the ledger, in one transaction. */
    expire: (referralId: number, posting: LedgerPosting) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(referrals)
          .set({ rewardState: 'EXPIRED' })
          .where(and(eq(referrals.id, referralId), eq(referrals.rewardState, 'EARNED')))
          .returning({ id: referrals.id });
        if (!row) return false;
        await createLedgerRepository(tx).post(posting);
        return true;
      }),
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
