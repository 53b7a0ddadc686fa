import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { landmarks } from './landmarks.ts';

/**
 * Photos of a verified building from its directory entry (the outside, the pool, the lobby). An owner of a home
 * in that building may add them to a listing; the files are shared, so removing one from a listing keeps them.
 */
export const stockImages = pgTable(
  'stock_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    landmarkId: integer('landmark_id')
      .notNull()
      .references(() => landmarks.id, { onDelete: 'cascade' }),
    mediaKey: text('media_key').notNull(),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('stock_images_landmark').on(t.landmarkId, t.position), unique('stock_images_landmark_key').on(t.landmarkId, t.mediaKey)],
);
