import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { payments } from './payments.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * A tenancy enrolled in rental collection (issue 19): an ACTIVE deal of ours, or one signed elsewhere whose tenant
 * was invited by phone and accepted (INVITED until then). Rent in sen. Invoices run from `first_due_date` until `end_date`.
 */
export const collectionTenancies = pgTable(
  'collection_tenancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    propertyName: text('property_name').notNull(),
    monthlyRentSen: bigint('monthly_rent_sen', { mode: 'number' }).notNull(),
    /** Day of the month rent is due; in a shorter month, its last day. */
    dueDay: smallint('due_day').notNull(),
    startDate: date('start_date').notNull(),
    termMonths: smallint('term_months').notNull(),
    firstDueDate: date('first_due_date').notNull(),
    /** The tenancy's last day. */
    endDate: date('end_date').notNull(),
    /** INVITED: a tenancy signed elsewhere waiting for its tenant to accept (no invoice before that). */
    status: text('status', { enum: ['INVITED', 'ACTIVE', 'ENDED', 'CANCELLED'] })
      .notNull()
      .default('ACTIVE'),
    /** Until when an INVITED tenancy may be accepted. */
    invitedUntil: timestamp('invited_until', { withTimezone: true }),
    /** When the next invoice is to be issued (null once every invoice of the term is): the invoicing job's queue. */
    nextIssueDate: date('next_issue_date'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('collection_tenancies_deal')
      .on(t.dealId)
      .where(sql`${t.dealId} is not null and ${t.status} = 'ACTIVE'`),
    index('collection_tenancies_landlord').on(t.landlordId, t.createdAt.desc()),
    index('collection_tenancies_tenant').on(t.tenantId),
    index('collection_tenancies_next_issue')
      .on(t.nextIssueDate)
      .where(sql`${t.status} = 'ACTIVE' and ${t.nextIssueDate} is not null`),
  ],
);

/**
 * One month's rent of a collection tenancy. At most one per tenancy and due date (the unique index is what makes
 * invoicing exactly once, however many instances run it). Notice columns are claimed before sending.
 */
export const collectionInvoices = pgTable(
  'collection_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => collectionTenancies.id, { onDelete: 'cascade' }),
    /** The month of the tenancy it bills (1 is the first). */
    number: smallint('number').notNull(),
    dueDate: date('due_date').notNull(),
    issueDate: date('issue_date').notNull(),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['ISSUED', 'PAID', 'VOID'] })
      .notNull()
      .default('ISSUED'),
    /** The latest payment asked for (a failed card's retry opens a new one). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    lateNoticeAt: timestamp('late_notice_at', { withTimezone: true }),
    missedNoticeAt: timestamp('missed_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('collection_invoices_once').on(t.tenancyId, t.dueDate),
    index('collection_invoices_unpaid')
      .on(t.dueDate)
      .where(sql`${t.status} = 'ISSUED'`),
    index('collection_invoices_unsent')
      .on(t.issueDate)
      .where(sql`${t.emailedAt} is null`),
  ],
);

/** The landlord's share of a paid invoice, paid out on `payout_date` (working days after payment). */
export const collectionPayouts = pgTable(
  'collection_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => collectionInvoices.id, { onDelete: 'cascade' }),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grossSen: bigint('gross_sen', { mode: 'number' }).notNull(),
    feeSen: bigint('fee_sen', { mode: 'number' }).notNull(),
    netSen: bigint('net_sen', { mode: 'number' }).notNull(),
    payoutDate: date('payout_date').notNull(),
    status: text('status', { enum: ['SCHEDULED', 'PAID'] })
      .notNull()
      .default('SCHEDULED'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('collection_payouts_invoice').on(t.invoiceId), index('collection_payouts_landlord').on(t.landlordId, t.payoutDate.desc())],
);

/** Public holidays of a region (Selangor for payouts): not working days. Seeded for 2026-2027; staff edit them. */
export const publicHolidays = pgTable(
  'public_holidays',
  {
    region: text('region').notNull(),
    day: date('day').notNull(),
    name: text('name').notNull(),
    updatedBy: text('updated_by').notNull().default('seed'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.region, t.day] })],
);
