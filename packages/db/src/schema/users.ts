import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phoneNumber: text('phone_number').notNull().unique(),
  name: text('name').notNull().default('guest'),
  email: text('email'),
  /** Stored as the spec says: EN, MY or ZH. */
  language: text('language').notNull().default('EN'),
  /** 0 or 1 WORKING_ADULT, 2 FAMILY, anything else STUDENT (default 3). */
  userType: integer('user_type').notNull().default(3),
  role: text('role', { enum: ['user', 'moderator'] })
    .notNull()
    .default('user'),
  status: text('status', { enum: ['active', 'banned'] })
    .notNull()
    .default('active'),
  passwordHash: text('password_hash'),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
