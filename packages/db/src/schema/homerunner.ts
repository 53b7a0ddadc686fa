import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** The home runners operations staff dispatch (kept when they stop working: past collections name them). */
export const homeRunners = pgTable('home_runners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** E.164, as the landlord is told it. */
  phone: text('phone').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * A home runner's collection of a listing's keys (issue 19): the landlord lists the key, books a pickup, staff assign a
 * runner and mark the keys collected; the landlord asks them back with 24 hours' notice and staff mark them returned.
 * At most one open collection per listing (the partial unique index), and at most two in all (the service checks).
 */
export const keyCollections = pgTable(
  'key_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['LISTED', 'SCHEDULED', 'ASSIGNED', 'COLLECTED', 'RETURN_REQUESTED', 'RETURNED', 'CANCELLED'] })
      .notNull()
      .default('LISTED'),
    pickupAt: timestamp('pickup_at', { withTimezone: true }),
    runnerName: text('runner_name'),
    /** The runner staff assigned (their name is copied to `runner_name` as it was then). */
    runnerId: integer('runner_id').references(() => homeRunners.id, { onDelete: 'set null' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    returnAt: timestamp('return_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('key_collections_one_open')
      .on(t.propertyId)
      .where(sql`${t.status} not in ('RETURNED', 'CANCELLED')`),
    index('key_collections_status').on(t.status, t.pickupAt),
  ],
);
