import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { users } from './users.ts';

/** A user's referral code (one each, made when they first share their link). */
export const referralCodes = pgTable('referral_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * A new user who signed up through someone's link (once per referee). PENDING until a deal of theirs becomes ACTIVE
 * within the rules (then QUALIFIED, with the reward on the ledger), or LAPSED when the activity window passes.
 * The reward is EARNED, then PAID, or EXPIRED when unpaid by `rewardExpiresAt`.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refereeId: uuid('referee_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Where the link was shared (whatsapp, facebook, copy, link...). */
    source: text('source').notNull().default('link'),
    status: text('status', { enum: ['PENDING', 'QUALIFIED', 'LAPSED'] })
      .notNull()
      .default('PENDING'),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    /** The qualifying deal's monthly rent (ringgit). */
    rent: integer('rent'),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    rewardState: text('reward_state', { enum: ['EARNED', 'PAID', 'EXPIRED'] }),
    rewardExpiresAt: timestamp('reward_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The staff member who marked the reward paid. */
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('referrals_referrer').on(t.referrerId, t.createdAt.desc()),
    index('referrals_pending')
      .on(t.refereeId)
      .where(sql`status = 'PENDING'`),
  ],
);

/**
 * Where a referrer's rewards are paid: a Malaysian bank and the account, the holder's name and the number sealed with
 * the private data key (personal data at rest); the last four digits kept apart to show it masked. One per user.
 */
export const referralPayoutDetails = pgTable('referral_payout_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bank: text('bank').notNull(),
  holderSealed: text('holder_sealed').notNull(),
  accountSealed: text('account_sealed').notNull(),
  accountLast4: text('account_last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
