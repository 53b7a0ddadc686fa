import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatConversations } from './chat.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * A file on its way in: a signed upload URL was handed out for it. The browser PUTs the bytes to the staging
 * key; registering it (image or video) publishes it and marks it so. Uploads never registered are removed by
 * the cleanup job, so nothing half-done is ever visible.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    /** Set for a photo or video sent in a chat instead of a listing's. */
    conversationId: integer('conversation_id').references(() => chatConversations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    /** The extension the client named (jpg, png, webp, heic, mp4, webm, mov). */
    extension: text('extension').notNull(),
    status: text('status', { enum: ['pending', 'uploaded', 'registered'] })
      .notNull()
      .default('pending'),
    bytes: integer('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('media_uploads_cleanup')
      .on(t.createdAt)
      .where(sql`status <> 'registered'`),
  ],
);

/** A listing's video (spec: url is the media id plus extension, type GENERAL, sourceType AWS_S3). */
export const propertyVideos = pgTable(
  'property_videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    mediaKey: text('media_key').notNull(),
    contentType: text('content_type').notNull(),
    type: text('type').notNull().default('GENERAL'),
    sourceType: text('source_type').notNull().default('AWS_S3'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('property_videos_property').on(t.propertyId)],
);
