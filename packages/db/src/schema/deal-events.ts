import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { users } from './users.ts';

/** Every transition of a deal, append-only: who (null: the system), when, from which state to which, and why. */
export const dealEvents = pgTable(
  'deal_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: ['TENANT', 'LANDLORD', 'STAFF', 'SYSTEM'] }).notNull(),
    command: text('command').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    reason: text('reason'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('deal_events_deal').on(t.dealId, t.id)],
);
