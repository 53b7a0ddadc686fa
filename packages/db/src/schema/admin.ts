import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * Every staff action: who, what, when, the record before and after. Rows are only ever added: a trigger
 * (migration 0027) refuses UPDATE and DELETE, and the API has no path that changes one. The actor is kept by id and
 * name without a foreign key, so removing a user never rewrites the history of what they did.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** What was done, `<area>.<verb>`: 'listing.suspend', 'user.ban', 'report.decide', 'document.view'... */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('audit_log_created').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_target').on(t.targetType, t.targetId, t.createdAt.desc()),
    index('audit_log_actor').on(t.actorId, t.createdAt.desc()),
  ],
);

/** One-time PINs staff receive by SMS to confirm it is still them before a sensitive action (only an HMAC is kept). */
export const staffPins = pgTable(
  'staff_pins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    pinHash: text('pin_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('staff_pins_session').on(t.sessionId, t.createdAt.desc())],
);

/** When a staff session last confirmed its holder with a PIN (sensitive actions need it to be recent). */
export const staffConfirmations = pgTable('staff_confirmations', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
});

/** "Report this listing": a visitor's complaint about a listing, decided by a moderator. */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['SCAM', 'WRONG_INFORMATION', 'ASKS_FOR_DEPOSIT', 'DISCRIMINATORY'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('listing_reports_property').on(t.propertyId), index('listing_reports_reporter').on(t.reporterId, t.createdAt.desc())],
);

/**
 * A moderator's decision on a report, listing or chat (chat reports live in chat_reports): one per report. The
 * reporter is told the outcome by a job; `reporterToldAt` says it went.
 */
export const reportDecisions = pgTable(
  'report_decisions',
  {
    kind: text('kind', { enum: ['LISTING', 'CHAT'] }).notNull(),
    reportId: integer('report_id').notNull(),
    outcome: text('outcome', { enum: ['DISMISSED', 'WARNED', 'LISTING_SUSPENDED', 'USER_BANNED'] }).notNull(),
    reason: text('reason').notNull(),
    decidedBy: uuid('decided_by')
      .notNull()
      .references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    reporterToldAt: timestamp('reporter_told_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.reportId] })],
);
