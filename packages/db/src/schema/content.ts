import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A page or post of the managed content (guides, blog posts, events, FAQs, information pages). Its words live in
 * `content_translations`, one row per language and stage: editors save the draft stage; publishing copies the draft
 * to the published stage, which is all the public site reads. `key` names the entries the site links to by name
 * (a guide, an area's FAQ, an information page) and the seeded ones.
 */
export const contentEntries = pgTable(
  'content_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['GUIDE', 'POST', 'EVENT', 'FAQ', 'PAGE'] }).notNull(),
    key: text('key').unique(),
    /** Who a guide or FAQ is for. */
    audience: text('audience', { enum: ['TENANT', 'LANDLORD'] }),
    /** The area an area FAQ answers about. */
    areaSlug: text('area_slug'),
    /** The cover picture in the media store (published in every width). */
    coverKey: text('cover_key'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Where an event takes place (a place name or "Online"). */
    venue: text('venue'),
    status: text('status', { enum: ['DRAFT', 'PUBLISHED'] })
      .notNull()
      .default('DRAFT'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('content_entries_kind').on(t.kind, t.status, t.publishedAt.desc())],
);

export const contentTranslations = pgTable(
  'content_translations',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => contentEntries.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['draft', 'published'] }).notNull(),
    language: text('language', { enum: ['en', 'ms', 'zh'] }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Markdown (a safe subset: no HTML), rendered by the web app. */
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.stage, t.language] }), uniqueIndex('content_translations_slug').on(t.stage, t.language, t.slug)],
);

/** A message sent from the contact page, read and closed by staff. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    topic: text('topic', { enum: ['GENERAL', 'LISTING', 'DEAL', 'ACCOUNT', 'PARTNERSHIP'] }).notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['NEW', 'HANDLED'] })
      .notNull()
      .default('NEW'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('contact_messages_created').on(t.status, t.createdAt.desc())],
);

/** A new project for sale (home ownership): its words per language, price range in sen, pictures and brochure in the media store. */
export const homeProjects = pgTable('home_projects', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  key: text('key').unique(),
  name: text('name').notNull(),
  developer: text('developer').notNull(),
  areaSlug: text('area_slug').notNull(),
  propertyKind: text('property_kind', { enum: ['CONDO', 'SERVICED_RESIDENCE', 'TERRACE', 'SEMI_D'] }).notNull(),
  tenure: text('tenure', { enum: ['FREEHOLD', 'LEASEHOLD'] }).notNull(),
  priceMinSen: integer('price_min_sen').notNull(),
  priceMaxSen: integer('price_max_sen').notNull(),
  bedroomsMin: integer('bedrooms_min').notNull(),
  bedroomsMax: integer('bedrooms_max').notNull(),
  sizeMinSqft: integer('size_min_sqft').notNull(),
  sizeMaxSqft: integer('size_max_sqft').notNull(),
  units: integer('units').notNull(),
  completionYear: integer('completion_year').notNull(),
  summary: jsonb('summary').$type<Record<'en' | 'ms' | 'zh', string>>().notNull(),
  body: jsonb('body').$type<Record<'en' | 'ms' | 'zh', string>>().notNull(),
  galleryKeys: jsonb('gallery_keys').$type<string[]>().notNull().default([]),
  brochureKey: text('brochure_key'),
  status: text('status', { enum: ['PUBLISHED', 'HIDDEN'] })
    .notNull()
    .default('PUBLISHED'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** "I want to know more" about a project: a visitor's request to be called, seen by staff. */
export const homeProjectLeads = pgTable(
  'home_project_leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => homeProjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email'),
    message: text('message').notNull().default(''),
    language: text('language').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('home_project_leads_created').on(t.createdAt.desc())],
);
