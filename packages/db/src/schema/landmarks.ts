import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { areas } from './areas.ts';

/** Named buildings and estates (the spec's landmarkLabel); listings may belong to one. */
export const landmarks = pgTable(
  'landmarks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postcode: text('postcode').notNull(),
    listingType: text('listing_type').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    verified: boolean('verified').notNull().default(false),
    /** From the directory, for verified buildings: what they offer and what is near. */
    facilities: text('facilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nearby: text('nearby')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seedKey: text('seed_key').unique(),
  },
  (t) => [index('landmarks_area').on(t.areaId), index('landmarks_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`)],
);
