import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { payments } from './payments.ts';
import { collectionInvoices } from './rental-collection.ts';
import { users } from './users.ts';

/**
 * A landlord protection policy on an ACTIVE deal (issue 19): Standard, Protect or Protect Plus, priced from the rent
 * when bought and paid in instalments over the first months. PENDING_PAYMENT until the first instalment is paid, then
 * ACTIVE; a pending one replaced by another purchase is CANCELLED. Money in sen.
 */
export const protectionPolicies = pgTable(
  'protection_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyName: text('property_name').notNull(),
    plan: text('plan', { enum: ['STANDARD', 'PROTECT', 'PROTECT_PLUS'] }).notNull(),
    monthlyRentSen: bigint('monthly_rent_sen', { mode: 'number' }).notNull(),
    /** The rent the price is worked out from (a cheap room is insured at the floor). */
    insuredRentSen: bigint('insured_rent_sen', { mode: 'number' }).notNull(),
    premiumSen: bigint('premium_sen', { mode: 'number' }).notNull(),
    sstSen: bigint('sst_sen', { mode: 'number' }).notNull(),
    stampDutySen: bigint('stamp_duty_sen', { mode: 'number' }).notNull(),
    totalSen: bigint('total_sen', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['PENDING_PAYMENT', 'ACTIVE', 'CANCELLED'] })
      .notNull()
      .default('PENDING_PAYMENT'),
    /** The insured period: the tenancy's start to its end, at most the cover months. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // One live policy per tenancy: a pending one is cancelled before another is bought.
    uniqueIndex('protection_policies_deal')
      .on(t.dealId)
      .where(sql`${t.status} <> 'CANCELLED'`),
    index('protection_policies_landlord').on(t.landlordId, t.createdAt.desc()),
  ],
);

/** One instalment of a policy's price: the first due when it is bought, the next a month later. */
export const protectionInstalments = pgTable(
  'protection_instalments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => protectionPolicies.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    /** What of the amount is premium and stamp duty (the rest is SST), for the ledger. */
    premiumSen: bigint('premium_sen', { mode: 'number' }).notNull(),
    stampDutySen: bigint('stamp_duty_sen', { mode: 'number' }).notNull(),
    dueDate: date('due_date').notNull(),
    status: text('status', { enum: ['DUE', 'PAID'] })
      .notNull()
      .default('DUE'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('protection_instalments_once').on(t.policyId, t.number)],
);

/**
 * On-time rental: the decision on one unpaid invoice of a Protect Plus tenancy, taken once (the primary key on the
 * invoice is what makes it exactly once, however many instances run the job). `paid`: the landlord was paid on the
 * due date; otherwise `reason` says which rule refused it.
 */
export const protectionOtrDecisions = pgTable('protection_otr_decisions', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => collectionInvoices.id, { onDelete: 'cascade' }),
  policyId: uuid('policy_id')
    .notNull()
    .references(() => protectionPolicies.id, { onDelete: 'cascade' }),
  paid: boolean('paid').notNull(),
  reason: text('reason'),
  amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** A landlord's claim on a policy (OCD: rent while a non-paying tenant overstays, Protect Plus only). */
export const protectionClaims = pgTable(
  'protection_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => protectionPolicies.id, { onDelete: 'cascade' }),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['DAMAGE', 'THEFT', 'LOSS_OF_RENT', 'OCD'] }).notNull(),
    incidentDate: date('incident_date').notNull(),
    description: text('description').notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    /** The day the tenant moved out, stated with damage found after it (the police report comes within days of it). */
    moveOutDate: date('move_out_date'),
    /** An electrical item (above the amount set it needs a technician's report). */
    electrical: boolean('electrical').notNull().default(false),
    status: text('status', { enum: ['SUBMITTED', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('SUBMITTED'),
    /** What is paid: approved less the deduction (OCD: the rent paid each month of the overstay). */
    approvedSen: bigint('approved_sen', { mode: 'number' }),
    /** Percent deducted when no receipt was given (staff choose it within the band). */
    deductionPercent: smallint('deduction_percent'),
    /** OCD: the day staff marked the overstay ended; no month starting on or after it is paid. */
    overstayEndedOn: date('overstay_ended_on'),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('protection_claims_policy').on(t.policyId, t.createdAt.desc()), index('protection_claims_status').on(t.status, t.createdAt)],
);

/** A claim's photo or receipt: sealed in the private store (never public), checked by its bytes. */
export const protectionClaimFiles = pgTable(
  'protection_claim_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => protectionClaims.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['PHOTO', 'RECEIPT', 'POLICE_REPORT', 'TECHNICIAN_REPORT'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [index('protection_claim_files_claim').on(t.claimId)],
);

/**
 * One month's rent an approved OCD claim paid the landlord while the tenant overstayed (the payout itself: the ledger
 * moves it from the fund to the landlord in the same transaction). Month 1 starts on the incident date. The primary
 * key makes each month paid once however many instances run the job; the policy's months are counted from here.
 */
export const protectionOcdPayments = pgTable(
  'protection_ocd_payments',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => protectionClaims.id, { onDelete: 'cascade' }),
    month: smallint('month').notNull(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => protectionPolicies.id, { onDelete: 'cascade' }),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first day of the month paid. */
    monthStart: date('month_start').notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.month] }), index('protection_ocd_payments_policy').on(t.policyId)],
);

/**
 * A policy moved to a replacement tenant's tenancy (who passed screening): the deals it moved between and the cover
 * each had, so the months it covered in all stay visible (at most `transferMaxMonths` from its first day).
 */
export const protectionPolicyTransfers = pgTable(
  'protection_policy_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => protectionPolicies.id, { onDelete: 'cascade' }),
    fromDealId: uuid('from_deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    toDealId: uuid('to_deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    fromTenantId: uuid('from_tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toTenantId: uuid('to_tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The earlier tenancy's cover, cut to the day before the new one starts. */
    fromStart: date('from_start').notNull(),
    fromEnd: date('from_end').notNull(),
    /** The new tenancy's cover. */
    toStart: date('to_start').notNull(),
    toEnd: date('to_end').notNull(),
    transferredBy: uuid('transferred_by').references(() => users.id, { onDelete: 'set null' }),
    transferredAt: timestamp('transferred_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('protection_policy_transfers_policy').on(t.policyId, t.transferredAt)],
);
