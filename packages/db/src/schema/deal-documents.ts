import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { users } from './users.ts';

/**
 * A screening document of a deal (payslip, IC...). The file sits in the media store encrypted (AES-256-GCM) under a
 * private key with no public route; its owner and staff (through a short-lived signed read) read it through the API.
 */
export const dealDocuments = pgTable(
  'deal_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['PENDING', 'UPLOADED', 'VERIFIED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    storageKey: text('storage_key'),
    contentType: text('content_type'),
    bytes: integer('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** Staff's verdict on this file: who, when, and why it was refused (the tenant then replaces it). */
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    refusalReason: text('refusal_reason'),
  },
  (t) => [index('deal_documents_deal').on(t.dealId), index('deal_documents_owner').on(t.ownerId, t.createdAt.desc())],
);
