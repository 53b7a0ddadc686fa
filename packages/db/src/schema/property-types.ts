import { pgTable, text } from 'drizzle-orm/pg-core';

/** Property categories (studio, condo, room...) with their listing type and names in every language. */
export const propertyTypes = pgTable('property_types', {
  slug: text('slug').primaryKey(),
  listingType: text('listing_type').notNull(),
  nameEn: text('name_en').notNull(),
  nameMs: text('name_ms').notNull(),
  nameZh: text('name_zh').notNull(),
});
