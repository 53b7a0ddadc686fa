import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEAL_STATES, HOLDING_STATES } from '@kunci/contracts/deals';
import { chatConversations } from './chat.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

const inList = (states: readonly string[]) => sql.raw(states.map((state) => `'${state}'`).join(', '));

/**
 * A rental deal (packages/contracts/src/deals.ts has its state machine). The terms are copied from the listing
 * when the tenant applies, so a later edit of the listing changes no deal. At most one deal per listing holds
 * it (booked or later): the partial unique index makes a second booking impossible even under a race. A tenancy
 * found elsewhere is a deal without a listing that enters at AGREEMENT when its invitation is accepted.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The listing applied for; null for a tenancy found elsewhere (an invited agreement, decision 14). */
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    /** The home as the parties named it, for a deal without a listing (a listing deal shows its listing's name). */
    propertyName: text('property_name'),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').references(() => chatConversations.id, { onDelete: 'set null' }),
    state: text('state', { enum: DEAL_STATES }).notNull().default('APPLIED'),
    moveInDate: date('move_in_date').notNull(),
    tenancyMonths: integer('tenancy_months').notNull(),
    /** Ringgit a month, as listed when the tenant applied. */
    monthlyRent: integer('monthly_rent').notNull(),
    occupants: integer('occupants').notNull(),
    bookingFeeSen: integer('booking_fee_sen').notNull(),
    /** The latest booking-fee payment asked for, and when one settled (the cancellation window starts then). */
    bookingPaymentId: uuid('booking_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    moveInPaymentId: uuid('move_in_payment_id'),
    moveInPaidAt: timestamp('move_in_paid_at', { withTimezone: true }),
    /** The next deadline (its job is keyed by the deal and command) and what runs at it. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    deadlineCommand: text('deadline_command'),
    reason: text('reason'),
    /** A later start asked for by the tenant (`postpone_status` REQUESTED, or REFUSED by the landlord). */
    postponeTo: date('postpone_to'),
    postponeStatus: text('postpone_status', { enum: ['REQUESTED', 'REFUSED'] }),
    /** When staff recorded the signed agreement stamped, and its cost then (taken off a later refund). */
    stampedAt: timestamp('stamped_at', { withTimezone: true }),
    stampingCostSen: integer('stamping_cost_sen'),
    /** The latest deal payment the gateway reported failed (shown while it is still the one asked for). */
    failedPaymentId: uuid('failed_payment_id'),
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('deals_one_holder')
      .on(t.propertyId)
      .where(sql`state in (${inList(HOLDING_STATES)})`),
    uniqueIndex('deals_one_application')
      .on(t.propertyId, t.tenantId)
      .where(sql`state in ('APPLIED', 'ACCEPTED')`),
    index('deals_tenant').on(t.tenantId, t.createdAt.desc()),
    index('deals_landlord').on(t.landlordId, t.createdAt.desc()),
  ],
);
