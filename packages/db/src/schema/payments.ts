import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A payment a user makes through a gateway (the simulator or Stripe) for a purpose and reference owned by another
 * feature. Money in integer sen. Status moves PENDING -> SUCCEEDED | FAILED | EXPIRED, and SUCCEEDED ->
 * PARTIALLY_REFUNDED -> REFUNDED; once SUCCEEDED it never goes back, whatever order the gateway's events come in.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['DEAL_BOOKING', 'DEAL_MOVE_IN', 'RENTAL_ORDER', 'TEST'] }).notNull(),
    referenceId: text('reference_id').notNull(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('MYR'),
    description: text('description').notNull(),
    /** The payer's language when the payment was made: its pay page and receipt speak it. */
    language: text('language', { enum: ['en', 'ms', 'zh'] }).notNull(),
    returnPath: text('return_path').notNull(),
    gateway: text('gateway', { enum: ['simulator', 'stripe'] }).notNull(),
    /** The gateway's own id (a Checkout Session), once it has one. */
    gatewayRef: text('gateway_ref'),
    paymentUrl: text('payment_url'),
    /** The gateway's payment id (Stripe's PaymentIntent), used for refunds. */
    gatewayPaymentRef: text('gateway_payment_ref'),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED', 'EXPIRED', 'REFUNDED', 'PARTIALLY_REFUNDED'] })
      .notNull()
      .default('PENDING'),
    method: text('method', { enum: ['card', 'fpx'] }),
    bank: text('bank'),
    /** A card payment's last four digits, for the receipt (never the full number). */
    cardLast4: text('card_last4'),
    refundedSen: bigint('refunded_sen', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('payments_payer').on(t.payerId, t.createdAt.desc()),
    index('payments_reference').on(t.purpose, t.referenceId),
    uniqueIndex('payments_gateway_ref')
      .on(t.gateway, t.gatewayRef)
      .where(sql`${t.gatewayRef} is not null`),
  ],
);

/** A refund asked of the gateway; its ledger posting is written when the gateway confirms it. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountSen: bigint('amount_sen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    gatewayRef: text('gateway_ref'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('payment_refunds_payment').on(t.paymentId)],
);

/** Every gateway event received, once: a webhook delivered again finds its id here and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    gateway: text('gateway', { enum: ['simulator', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] }), index('payment_events_payment').on(t.paymentId)],
);
