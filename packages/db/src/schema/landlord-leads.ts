import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';
import { users } from './users.ts';

/** A landlord who asked to be called back about listing a home (the landlord lead page). */
export const landlordLeads = pgTable(
  'landlord_leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    type: text('type').notNull(),
    note: text('note').notNull().default(''),
    language: text('language').notNull(),
    userId: uuid('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('landlord_leads_created').on(t.createdAt.desc())],
);
