import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { users } from './users.ts';

/**
 * The tenancy agreement of a deal. The terms are fixed when it is started (rent, start and length are the deal's);
 * the parties' IC or passport numbers are sealed (AES-256-GCM) with only their last four characters kept in the
 * clear for display. Once both parties have signed, the signed PDF sits in the private store under a key holding
 * its SHA-256 and is never written again.
 */
export const tenancyAgreements = pgTable(
  'tenancy_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    language: text('language', { enum: ['en', 'ms', 'zh'] }).notNull(),
    status: text('status', { enum: ['SIGNING', 'SIGNED'] })
      .notNull()
      .default('SIGNING'),
    propertyName: text('property_name').notNull(),
    address: text('address').notNull(),
    startDate: text('start_date').notNull(),
    tenancyMonths: integer('tenancy_months').notNull(),
    monthlyRent: integer('monthly_rent').notNull(),
    surchargeSen: integer('surcharge_sen').notNull(),
    signingFeeSen: integer('signing_fee_sen').notNull(),
    sstSen: integer('sst_sen').notNull(),
    occupants: integer('occupants').notNull(),
    utilities: text('utilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    houseRules: text('house_rules').notNull(),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id),
    landlordName: text('landlord_name').notNull(),
    landlordIdType: text('landlord_id_type', { enum: ['IC', 'PASSPORT'] }).notNull(),
    landlordIdSealed: text('landlord_id_sealed').notNull(),
    landlordIdLast4: text('landlord_id_last4').notNull(),
    landlordSignedAt: timestamp('landlord_signed_at', { withTimezone: true }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id),
    tenantName: text('tenant_name').notNull(),
    tenantIdType: text('tenant_id_type', { enum: ['IC', 'PASSPORT'] }).notNull(),
    tenantIdSealed: text('tenant_id_sealed').notNull(),
    tenantIdLast4: text('tenant_id_last4').notNull(),
    tenantSignedAt: timestamp('tenant_signed_at', { withTimezone: true }),
    pdfKey: text('pdf_key'),
    pdfSha256: text('pdf_sha256'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('tenancy_agreements_deal').on(t.dealId)],
);

/** A one-time signing code sent by SMS: only its hash is kept; it expires, allows a few tries and is used once. */
export const agreementSigningCodes = pgTable(
  'agreement_signing_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => tenancyAgreements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('agreement_signing_codes_agreement').on(t.agreementId, t.userId, t.createdAt.desc())],
);

/**
 * An agreement for a tenancy found elsewhere (no listing, no deal yet; decision 14): one party states the home,
 * the terms and their own details, and invites the other party's phone number (an account is made for it when
 * there is none, so the invitee signs in with that phone). Accepting, the invitee gives their details; the deal
 * (without a listing, at AGREEMENT) and its agreement are made then. Pending until `expires_at`.
 */
export const agreementInvitations = pgTable(
  'agreement_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The inviter's side of the tenancy; the invitee takes the other. */
    inviterRole: text('inviter_role', { enum: ['LANDLORD', 'TENANT'] }).notNull(),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'ACCEPTED'] })
      .notNull()
      .default('PENDING'),
    language: text('language', { enum: ['en', 'ms', 'zh'] }).notNull(),
    propertyName: text('property_name').notNull(),
    address: text('address').notNull(),
    startDate: text('start_date').notNull(),
    tenancyMonths: integer('tenancy_months').notNull(),
    monthlyRent: integer('monthly_rent').notNull(),
    occupants: integer('occupants').notNull(),
    utilities: text('utilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    houseRules: text('house_rules').notNull(),
    inviterName: text('inviter_name').notNull(),
    inviterIdType: text('inviter_id_type', { enum: ['IC', 'PASSPORT'] }).notNull(),
    inviterIdSealed: text('inviter_id_sealed').notNull(),
    inviterIdLast4: text('inviter_id_last4').notNull(),
    /** The deal made when it was accepted. */
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('agreement_invitations_invitee').on(t.inviteeId, t.createdAt.desc()),
    index('agreement_invitations_inviter').on(t.inviterId, t.createdAt.desc()),
  ],
);
