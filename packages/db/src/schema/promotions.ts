import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * A hot deal (an offer on chosen listings) or a partner campaign (a partner's offer to our users, optionally on
 * listings too), shown from `startsAt` until `endsAt`. Staff manage them; texts are in the three languages.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['HOT_DEAL', 'CAMPAIGN'] }).notNull(),
    /** The partner behind a campaign (null for our own hot deals). */
    partnerName: text('partner_name'),
    titleEn: text('title_en').notNull(),
    titleMs: text('title_ms').notNull(),
    titleZh: text('title_zh').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionMs: text('description_ms').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    /** Where a campaign's offer is taken up (the partner's page), if anywhere. */
    linkUrl: text('link_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    seedKey: text('seed_key').unique(),
  },
  (t) => [index('promotions_running').on(t.kind, t.endsAt, t.startsAt)],
);

/** The listings a promotion covers; they carry its badge and match the "Special offers" search filter. */
export const promotionListings = pgTable(
  'promotion_listings',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.propertyId] }), index('promotion_listings_property').on(t.propertyId)],
);
