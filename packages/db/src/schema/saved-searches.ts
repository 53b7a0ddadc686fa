import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * A search a person asked to be told about. `query` is the results page's query as saved (to link back to it);
 * the columns after it are the same query resolved into the listing's own terms (area id, listing types, a
 * radius around a building), so a new listing is matched against all saved searches in one indexed query.
 * A null column does not filter.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string | number | boolean>>().notNull(),
    frequency: text('frequency', { enum: ['INSTANT', 'DAILY', 'WEEKLY'] }).notNull(),
    paused: boolean('paused').notNull().default(false),
    types: text('types').array().notNull(),
    areaId: integer('area_id'),
    categories: text('categories').array(),
    namePattern: text('name_pattern'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    radiusKm: doublePrecision('radius_km'),
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    parking: integer('parking'),
    furnishTypes: text('furnish_types').array(),
    petFriendly: boolean('pet_friendly'),
    roomTypes: text('room_types').array(),
    zeroDeposit: boolean('zero_deposit'),
    /** Only listings in a running hot deal or partner campaign ("Special offers"); true or null, as the results page. */
    specialOffer: boolean('special_offer'),
    /** Only listings whose keys a home runner holds ("Instant view"); true or null. */
    instantView: boolean('instant_view'),
    /** The last digest sent (daily and weekly searches): the next one is due a period later. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('saved_searches_user').on(t.userId, t.id.desc()),
    // A new listing is matched by its area, plus the searches with no area (anywhere), active ones only. Migration
    // 0038 (0054 with the offer and keys columns) gives it every column the match reads (INCLUDE, which the schema builder cannot say): index-only scans.
    index('saved_searches_area')
      .on(t.areaId)
      .where(sql`not paused`),
  ],
);

/**
 * A listing found for a saved search: one row per pair, so a listing is never sent twice to one search.
 * `sentAt` is set when the instant notice or the digest holding it goes out.
 */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.propertyId] }),
    index('saved_search_hits_unsent')
      .on(t.savedSearchId)
      .where(sql`sent_at is null`),
  ],
);
