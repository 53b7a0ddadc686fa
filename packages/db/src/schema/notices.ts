import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Where a notice points: a route of the route table with its params, turned into a URL in the reader's language. */
export interface NoticeLink {
  route: string;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
}

/** A card inside a notice (a listing of a saved-search alert): shown in the email and the push, counted in-app. */
export interface NoticeItem {
  title: string;
  /** A line under the title (price, area), already in the reader's language or language-neutral. */
  subtitle?: string;
  link: NoticeLink;
  imageUrl?: string;
}

/**
 * The notification centre's notices: one row per notice to one person, the in-app record every channel renders
 * from. `key` is the sender's own idempotency key (a notice sent twice under one key is stored once).
 */
export const notices = pgTable(
  'notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    link: jsonb('link').$type<NoticeLink>().notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    items: jsonb('items').$type<NoticeItem[]>().notNull().default([]),
    key: text('key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('notices_key').on(t.key),
    index('notices_user').on(t.userId, t.id.desc()),
    index('notices_user_unread')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);

/**
 * One row per notice and outward channel, taken before sending and marked sent after: a notice reaches each
 * channel once even when two instances run its delivery job.
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    /** Held by the instance sending it until then; a send that died frees it after this time. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Why it was not sent: the preference was off, no address, or the provider's error. */
    outcome: text('outcome'),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.channel] })],
);

/** A person's choice per notice type and channel; without a row the type's default holds. */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);

/** A browser's web-push subscription (its endpoint and keys); gone when the push service says it expired. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId)],
);
