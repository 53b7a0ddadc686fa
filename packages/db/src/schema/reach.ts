import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What users say about Kunci. Shown as testimonials on the home and landlord pages once staff approve it; the
 * author is named by first name only.
 */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['TENANT', 'LANDLORD'] }).notNull(),
    rating: integer('rating').notNull(),
    message: text('message').notNull(),
    /** The language it was written in (testimonials are shown to readers of that language first). */
    language: text('language').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('feedbacks_public')
      .on(t.role, t.createdAt.desc())
      .where(sql`status = 'APPROVED'`),
    index('feedbacks_queue')
      .on(t.createdAt)
      .where(sql`status = 'PENDING'`),
  ],
);

/**
 * Newsletter sign-ups, double opt-in: PENDING until the address confirms through the signed link we email it,
 * then CONFIRMED until it unsubscribes. One row per address (lower case).
 */
export const emailSubscriptions = pgTable('email_subscriptions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull().unique(),
  language: text('language').notNull(),
  status: text('status', { enum: ['PENDING', 'CONFIRMED', 'UNSUBSCRIBED'] })
    .notNull()
    .default('PENDING'),
  /** When the confirmation was last emailed (a new request within minutes sends nothing more). */
  sentAt: timestamp('sent_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
