import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** A listing a user saved. Once per user and listing; it goes when the listing does. */
export const favourites = pgTable(
  'favourites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('favourites_user_property').on(t.userId, t.propertyId), index('favourites_user').on(t.userId, t.createdAt.desc())],
);

/**
 * A read-only link to a user's favourites (to share with a partner or housemates). At most one live link per
 * user; revoking it makes the token answer 404 for good.
 */
export const shortlistLinks = pgTable(
  'shortlist_links',
  {
    token: text('token').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shortlist_links_live')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);
