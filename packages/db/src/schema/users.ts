import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phoneNumber: text('phone_number').notNull().unique(),
  name: text('name').notNull().default('guest'),
  email: text('email'),
  /** Stored as the spec says: EN, MY or ZH. */
  language: text('language').notNull().default('EN'),
  /** 0 or 1 WORKING_ADULT, 2 FAMILY, anything else STUDENT (default 3). */
  userType: integer('user_type').notNull().default(3),
  /** Looking for a home or letting one: asked once after the first sign-in (null until answered); shapes the dashboard. */
  rentalRole: text('rental_role', { enum: ['TENANT', 'LANDLORD'] }),
  /** Staff roles: moderator (listings, reports), operations (deals, documents, refunds), editor (content), admin (all). */
  role: text('role', { enum: ['user', 'moderator', 'operations', 'editor', 'admin'] })
    .notNull()
    .default('user'),
  /** banned and restricted users are refused on every authenticated call (errorCode 10100). */
  status: text('status', { enum: ['active', 'banned', 'restricted'] })
    .notNull()
    .default('active'),
  /** argon2id; null until the user sets a password. */
  passwordHash: text('password_hash'),
  /** Set after too many wrong PINs or passwords; sign-in is refused until then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  avatarKey: text('avatar_key'),
  /** The Facebook account linked for "continue with Facebook" (app-scoped id). */
  facebookId: text('facebook_id').unique(),
  /** Free-form attributes of the spec (monthly_salary, company_email...). */
  attributes: jsonb('attributes').$type<Record<string, string | number | boolean>>().notNull().default({}),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
