import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's built-in point (lng, lat). Near the equator a degree of longitude is a degree of latitude
 * within 0.2%, so its GiST index ranks listings by distance (KNN) without any extension.
 */
const point = customType<{ data: string; driverData: string }>({ dataType: () => 'point' });
import { areas } from './areas.ts';
import { landmarks } from './landmarks.ts';
import { propertyTypes } from './property-types.ts';
import { users } from './users.ts';

/**
 * A listing. "Live" (visible to the public) means status ACTIVE, active true, review APPROVED and not
 * past expiresAt; the partial indexes below cover exactly that predicate.
 */
export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    landmarkId: integer('landmark_id').references(() => landmarks.id),
    type: text('type').notNull().default('HIGHRISE'),
    category: text('category')
      .notNull()
      .references(() => propertyTypes.slug),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull(),
    postcode: text('postcode').notNull(),
    unitNumber: text('unit_number'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    price: integer('price').notNull(),
    negotiable: boolean('negotiable').notNull().default(false),
    carpark: integer('carpark').notNull().default(0),
    furnishType: text('furnish_type').notNull().default('NONE'),
    fullyFurnishable: boolean('fully_furnishable').notNull().default(false),
    bedroom: integer('bedroom'),
    bathroom: integer('bathroom'),
    sqft: integer('sqft'),
    level: integer('level'),
    storeys: integer('storeys'),
    bathroomType: text('bathroom_type'),
    roomType: text('room_type'),
    roommate: integer('roommate'),
    leaseType: text('lease_type'),
    saleType: text('sale_type'),
    petFriendly: boolean('pet_friendly').notNull().default(false),
    /** What the building or estate offers and what is near, when the owner states them (see FACILITIES). */
    facilities: text('facilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nearby: text('nearby')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availability: timestamp('availability', { withTimezone: true }),
    viewingAvailableDate: timestamp('viewing_available_date', { withTimezone: true }),
    zeroDepositEligible: boolean('zero_deposit_eligible').notNull().default(false),
    status: text('status', { enum: ['ACTIVE', 'SUSPENDED', 'EXPIRED'] })
      .notNull()
      .default('ACTIVE'),
    active: boolean('active').notNull().default(false),
    reviewStatus: text('review_status', { enum: ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('DRAFT'),
    /** Why a moderator turned the listing down (shown to its owner). */
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    /** The last wizard step the owner saved (drafts resume there, on any device). */
    draftStep: integer('draft_step').notNull().default(0),
    /** When the owner was told the listing is about to expire (once per expiry date). */
    expiryNoticeAt: timestamp('expiry_notice_at', { withTimezone: true }),
    /** A moderator's approval or rejection the owner has not been emailed about yet (cleared when the job claims it). */
    reviewNoticeDue: boolean('review_notice_due').notNull().default(false),
    views: integer('views').notNull().default(0),
    /**
     * The owner never answers chat requests (BUSINESS.alerts.neverAnswersMinRequests or more in the response window,
     * none answered): relevance ranks the listing after the others. Kept by the recurring 'listings.silent-owners' job.
     */
    ownerSilent: boolean('owner_silent').notNull().default(false),
    dateCreated: timestamp('date_created', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    dateUpdated: timestamp('date_updated', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    seedKey: text('seed_key').unique(),
    geo: point('geo').generatedAlwaysAs(sql`point(lng, lat)`),
  },
  // Every ordered index ends with id (searches break ties by id) and sorts descending with NULLS FIRST, as
  // ORDER BY ... DESC does: otherwise the planner cannot use it for the order. Search's relevance order is
  // owner_silent, then newest (features/listings/listings.repository.ts): the indexes that serve it have owner_silent
  // right before date_created.
  (t) => [
    index('properties_owner').on(t.ownerId, t.dateCreated.desc().nullsFirst()),
    /** The silent-owners job finds the listings it ranked lower (few), to lift them when their owner answers. */
    index('properties_owner_silent')
      .on(t.ownerId)
      .where(sql`owner_silent`),
    /** The notices job finds decisions not yet told to their owners. */
    index('properties_review_notice')
      .on(t.id)
      .where(sql`review_notice_due`),
    index('properties_review_queue')
      .on(t.submittedAt)
      .where(sql`review_status = 'PENDING'`),
    index('properties_expiry')
      .on(t.expiresAt)
      .where(sql`status = 'ACTIVE'`),
    // The columns after the id order nothing: they let the capped count of the common filters (price, bedrooms,
    // kind of home, room type, zero deposit, not yet expired) walk the index alone, without a visit to each row
    // (100k listings, area + 2 bedrooms + max price: 18 ms -> 1.2 ms). Every index a search walks carries at least the
    // kind of home and the expiry, which every search filters on: a count that visits its rows reads 1,001 rows from
    // the table at a million listings.
    index('properties_live_area_created')
      .on(
        t.areaId,
        t.ownerSilent,
        t.dateCreated.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.price,
        t.bedroom,
        t.type,
        t.expiresAt,
        t.zeroDepositEligible,
      )
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED'`),
    index('properties_live_area_category_created')
      .on(
        t.areaId,
        t.category,
        t.ownerSilent,
        t.dateCreated.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.price,
        t.bedroom,
        t.type,
        t.roomType,
        t.expiresAt,
      )
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED'`),
    index('properties_live_area_type_created')
      .on(t.areaId, t.type, t.ownerSilent, t.dateCreated.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price, t.bedroom, t.roomType, t.expiresAt)
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED'`),
    // Newest first across the country (staff's console, the API's explicit newest sort), and the same in relevance.
    index('properties_live_created')
      .on(t.dateCreated.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price, t.bedroom, t.type, t.expiresAt)
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED'`),
    index('properties_live_relevance')
      .on(t.ownerSilent, t.dateCreated.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price, t.bedroom, t.type, t.expiresAt)
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED'`),
    // Homes for sale are a small share of all listings: walking the indexes above for them skips rentals by the
    // thousand at a million listings (the capped count visits ~6,500 rows for 1,001 sales in an area).
    index('properties_live_sale_area_created')
      .on(t.areaId, t.ownerSilent, t.dateCreated.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price, t.bedroom, t.expiresAt)
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED' and type in ('HIGHRISE_SALE', 'LANDED_SALE')`),
    index('properties_live_sale_created')
      .on(t.ownerSilent, t.dateCreated.desc().nullsFirst(), t.id.desc().nullsFirst(), t.price, t.bedroom, t.expiresAt)
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED' and type in ('HIGHRISE_SALE', 'LANDED_SALE')`),
    index('properties_live_price')
      .on(t.price, t.id.desc().nullsFirst(), t.bedroom, t.type, t.expiresAt)
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED'`),
    index('properties_lat_lng').on(t.lat, t.lng),
    index('properties_live_area_price')
      .on(t.areaId, t.price, t.id.desc().nullsFirst(), t.bedroom, t.type, t.expiresAt)
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED'`),
    // Migration 0051 builds it with INCLUDE (lat, lng, type, expires_at), which this builder cannot state: the capped
    // count around a building walks it nearest first without a visit to each row (1M listings: 2.2 -> 1.3 ms). A
    // change here must keep that INCLUDE in its migration.
    index('properties_live_geo')
      .using('gist', t.geo)
      .where(sql`status = 'ACTIVE' and active and review_status = 'APPROVED'`),
    index('properties_landmark').on(t.landmarkId),
    index('properties_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
