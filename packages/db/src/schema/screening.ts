import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * A private file that belongs to no deal document (IC photos of a credit check, a justification's attachments).
 * Like deal documents, the bytes sit in the media store encrypted (AES-256-GCM) under a key no public route serves.
 */
export const privateFiles = pgTable(
  'private_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['IC_FRONT', 'IC_BACK', 'JUSTIFICATION'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('private_files_owner').on(t.ownerId, t.createdAt.desc())],
);

/** Every read of a private file: who, when, which file, and how (the owner's own read, or staff through a signed read). */
export const privateFileReads = pgTable(
  'private_file_reads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileKind: text('file_kind', { enum: ['DEAL_DOCUMENT', 'PRIVATE_FILE'] }).notNull(),
    fileId: uuid('file_id').notNull(),
    /** Kept without a foreign key: removing a reader never rewrites who read what. */
    readerId: uuid('reader_id').notNull(),
    via: text('via', { enum: ['OWNER', 'STAFF'] }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('private_file_reads_file').on(t.fileId, t.readAt.desc())],
);

/**
 * A user's credit check with the bureau (RAMCI). The NRIC is kept encrypted, with a masked copy to show; the
 * state follows the spec: success, fail, consent fail, consent updated (and pending while consent is awaited).
 */
export const creditChecks = pgTable(
  'credit_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    nricCipher: text('nric_cipher').notNull(),
    nricMasked: text('nric_masked').notNull(),
    state: text('state', { enum: ['PENDING', 'CONSENT_UPDATED', 'CONSENT_FAIL', 'SUCCESS', 'FAIL'] })
      .notNull()
      .default('PENDING'),
    outcome: text('outcome', { enum: ['SUCCESS', 'FAIL'] }),
    /** The bureau's score band and reference, once a report came back. */
    score: integer('score'),
    bureauRef: text('bureau_ref'),
    wrongAnswers: integer('wrong_answers').notNull().default(0),
    icFrontId: uuid('ic_front_id').references(() => privateFiles.id, { onDelete: 'set null' }),
    icBackId: uuid('ic_back_id').references(() => privateFiles.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('credit_checks_user').on(t.userId)],
);

/** A deal's screening: the tenant's profile, the credit check it uses, and the zero-deposit decision. */
export const dealScreenings = pgTable('deal_screenings', {
  dealId: uuid('deal_id')
    .primaryKey()
    .references(() => deals.id, { onDelete: 'cascade' }),
  profile: text('profile', { enum: ['WORKING_ADULT', 'STUDENT', 'BUSINESS_OWNER', 'FOREIGNER'] }).notNull(),
  creditCheckId: uuid('credit_check_id').references(() => creditChecks.id, { onDelete: 'set null' }),
  decision: text('decision', { enum: ['APPROVED', 'APPROVED_WITH_CONDITIONS', 'REJECTED'] }),
  conditions: jsonb('conditions').$type<string[]>().notNull().default([]),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** A refused tenant's case for zero deposit: the reason and supporting files, reviewed by staff. */
export const zeroDepositJustifications = pgTable(
  'zero_deposit_justifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'REFUSED'] })
      .notNull()
      .default('PENDING'),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('zero_deposit_justifications_user').on(t.userId, t.createdAt.desc())],
);

/** A landlord's reason for a rent above comparable rents, shown to tenants on the listing. */
export const marketPriceJustifications = pgTable(
  'market_price_justifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Ringgit a month when it was sent: the listing's rent and the comparable median it sits above. */
    rent: integer('rent').notNull(),
    comparableRent: integer('comparable_rent').notNull(),
    comparables: integer('comparables').notNull(),
    /** Operations review it: a refused one is no longer shown to tenants. */
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'REFUSED'] })
      .notNull()
      .default('PENDING'),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('market_price_justifications_property').on(t.propertyId, t.createdAt.desc()),
    index('market_price_justifications_pending')
      .on(t.createdAt)
      .where(sql`status = 'PENDING'`),
  ],
);
