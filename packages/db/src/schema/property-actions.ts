import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** What visitors do with listings (views, shares...): counts views and feeds recommendations. */
export const propertyActions = pgTable(
  'property_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    visitorId: text('visitor_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    recommendedRef: text('recommended_ref'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('property_actions_visitor').on(t.visitorId, t.createdAt.desc()), index('property_actions_user').on(t.userId, t.createdAt.desc())],
);
