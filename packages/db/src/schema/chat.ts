import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** One conversation per listing and tenant, opened by a chat request that states the tenant's needs. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moveInDate: date('move_in_date'),
    budget: integer('budget'),
    tenancyMonths: integer('tenancy_months'),
    reason: text('reason'),
    /** A notice shown above the messages (e.g. "this landlord has not replied for a week"). */
    bannerText: text('banner_text'),
    tenantReadId: bigint('tenant_read_id', { mode: 'number' }).notNull().default(0),
    landlordReadId: bigint('landlord_read_id', { mode: 'number' }).notNull().default(0),
    /** The last message each side was told about while away (email and in-app), so each is notified once. */
    tenantNotifiedId: bigint('tenant_notified_id', { mode: 'number' }).notNull().default(0),
    landlordNotifiedId: bigint('landlord_notified_id', { mode: 'number' }).notNull().default(0),
    /**
     * The latest message that calls for telling this side at once, by SMS and email (a chat request, a viewing
     * booked, moved, cancelled, accepted or declined by the other side); other messages wait to be grouped.
     */
    tenantAlertId: bigint('tenant_alert_id', { mode: 'number' }).notNull().default(0),
    landlordAlertId: bigint('landlord_alert_id', { mode: 'number' }).notNull().default(0),
    /** Who opened it: the tenant's chat request, or the landlord's invitation from tenant search. */
    openedBy: text('opened_by', { enum: ['TENANT', 'LANDLORD'] })
      .notNull()
      .default('TENANT'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('chat_conversations_property_tenant').on(t.propertyId, t.tenantId),
    index('chat_conversations_tenant').on(t.tenantId, t.lastMessageAt.desc()),
    index('chat_conversations_landlord').on(t.landlordId, t.lastMessageAt.desc()),
    /** The away-notice job looks at conversations with recent messages only. */
    index('chat_conversations_recent').on(t.lastMessageAt),
  ],
);

/** Messages in one global order (their id); `senderId` null marks a system message. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['TEXT', 'IMAGE', 'VIDEO', 'SYSTEM'] }).notNull(),
    body: text('body').notNull().default(''),
    /** A photo (published widths) or video: its key in the media store and what the reader needs to lay it out. */
    media: jsonb('media').$type<{ key: string; contentType: string; width?: number; height?: number }>(),
    /** Set by the sender's client so a message retried after a dropped connection is stored once. */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('chat_messages_conversation').on(t.conversationId, t.id), unique('chat_messages_client').on(t.senderId, t.clientId)],
);

/** A user's report of another in a conversation (moderators may then read it). */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('chat_reports_conversation').on(t.conversationId)],
);

/** Who blocked whom: a blocked user cannot send to the blocker. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);
