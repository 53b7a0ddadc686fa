import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';

/** A listing photo. `mediaKey` names the stored variants (`{key}/{width}.webp`). */
export const propertyImages = pgTable(
  'property_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    mediaKey: text('media_key').notNull(),
    position: integer('position').notNull().default(0),
    isCover: boolean('is_cover').notNull().default(false),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('property_images_property').on(t.propertyId, t.position)],
);
