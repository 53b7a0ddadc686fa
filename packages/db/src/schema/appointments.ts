import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatConversations } from './chat.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * A viewing booked from a conversation: one hour from `startsAt`. A single viewing takes its slot for everyone;
 * group viewings share a slot with other group viewers. Bookings of one listing are serialised by locking the
 * listing row, and the partial unique index makes two single viewings of one slot impossible even so.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    group: boolean('group_viewing').notNull().default(false),
    /** DECLINED: the landlord turned the booking down (the slot is free again, like a cancellation). */
    status: text('status', { enum: ['BOOKED', 'CANCELLED', 'DECLINED'] })
      .notNull()
      .default('BOOKED'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the landlord accepted this time (null: waiting for them; a move by the tenant asks again). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** RUNNER: a home runner holding the keys shows the home ("Instant view"); such a booking is accepted at once. */
    host: text('host', { enum: ['LANDLORD', 'RUNNER'] })
      .notNull()
      .default('LANDLORD'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('appointments_single_slot')
      .on(t.propertyId, t.startsAt)
      .where(sql`status = 'BOOKED' and not group_viewing`),
    index('appointments_property').on(t.propertyId, t.startsAt),
    index('appointments_conversation').on(t.conversationId),
    index('appointments_reminder')
      .on(t.startsAt)
      .where(sql`status = 'BOOKED' and reminded_at is null`),
  ],
);
