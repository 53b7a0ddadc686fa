import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The Klang Valley areas listings are grouped by (spec section 3: 21 areas). */
export const areas = pgTable('areas', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameMs: text('name_ms').notNull(),
  nameZh: text('name_zh').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});
