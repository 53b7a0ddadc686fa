import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The money ledger (issue 16): every charge, refund, credit, forfeit and payout as signed lines in integer sen.
 * Append-only. The lines of one posting (`posting_id`) sum to zero, so any deal's or account's rows do too;
 * balances are sums of these rows, never stored. `posting_key`, when given, makes a posting happen once
 * (a webhook delivered twice posts one charge).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postingId: uuid('posting_id').notNull(),
    postingKey: text('posting_key'),
    line: smallint('line').notNull(),
    dealId: text('deal_id'),
    paymentId: uuid('payment_id'),
    kind: text('kind', { enum: ['CHARGE', 'REFUND', 'CREDIT', 'FORFEIT', 'PAYOUT', 'FEE', 'REWARD'] }).notNull(),
    /** `user:<id>`, `deal:<id>:escrow`, `landlord:<id>`, `platform:revenue`, `gateway:clearing`... */
    account: text('account').notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** A user id, or `system` / `gateway` for postings no person made. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_posting_key')
      .on(t.postingKey, t.line)
      .where(sql`${t.postingKey} is not null`),
    index('ledger_entries_posting').on(t.postingId),
    index('ledger_entries_deal')
      .on(t.dealId)
      .where(sql`${t.dealId} is not null`),
    index('ledger_entries_payment')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    index('ledger_entries_account').on(t.account),
  ],
);
