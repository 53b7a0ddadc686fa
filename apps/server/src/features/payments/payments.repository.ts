import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { paymentEvents, paymentRefunds, payments, users } from '@kunci/db/schema';
import { createLedgerRepository, type LedgerRepository } from '../../lib/ledger/ledger.repository.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type RefundRow = typeof paymentRefunds.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Every query of the payments feature. */
function paymentQueries(db: Database) {
  return {
    insert: async (payment: NewPayment) => (await db.insert(payments).values(payment).returning())[0]!,

    findById: async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0],

    /** The payment, locked until the transaction ends: events for one payment are applied one at a time. */
    lock: async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)).for('update'))[0],

    setCheckout: (id: string, gatewayRef: string, paymentUrl: string) =>
      db.update(payments).set({ gatewayRef, paymentUrl, updatedAt: new Date() }).where(eq(payments.id, id)),

    update: (
      id: string,
      change: Partial<Pick<PaymentRow, 'status' | 'method' | 'bank' | 'cardLast4' | 'paidAt' | 'failedAt' | 'gatewayPaymentRef' | 'refundedSen'>>,
    ) =>
      db
        .update(payments)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(payments.id, id)),

    payerName: async (userId: string) => (await db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]?.name ?? null,

    /** Records a gateway event; false when it was received before (a webhook delivered again). */
    recordEvent: async (event: { gateway: 'simulator' | 'stripe'; eventId: string; type: string; paymentId: string | null }) =>
      (
        await db
          .insert(paymentEvents)
          .values(event)
          .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
          .returning({ eventId: paymentEvents.eventId })
      ).length > 0,

    insertRefund: async (refund: typeof paymentRefunds.$inferInsert) => (await db.insert(paymentRefunds).values(refund).returning())[0]!,

    lockRefund: async (id: string) => (await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).for('update'))[0],

    setRefundGatewayRef: (id: string, gatewayRef: string) => db.update(paymentRefunds).set({ gatewayRef }).where(eq(paymentRefunds.id, id)),

    settleRefund: (id: string, status: 'SUCCEEDED' | 'FAILED') =>
      db
        .update(paymentRefunds)
        .set({ status, settledAt: new Date() })
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'PENDING'))),

    /** Sen asked back and not failed: a new refund may not take the total past the amount paid. */
    refundsOutstanding: async (paymentId: string) => {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amountSen}), 0)` })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.paymentId, paymentId), sql`${paymentRefunds.status} <> 'FAILED'`));
      return Number(row?.total ?? 0);
    },
  };
}

export type PaymentQueries = ReturnType<typeof paymentQueries>;
export interface PaymentsScope {
  payments: PaymentQueries;
  ledger: LedgerRepository;
  /** The transaction itself, for the job queue's `enqueue(..., { transaction })`. */
  handle: Database;
}

export function createPaymentsRepository(db: Database) {
  return {
    ...paymentQueries(db),
    /** Runs `work` in one transaction, with these queries and the ledger bound to it. */
    transaction: <T>(work: (scope: PaymentsScope) => Promise<T>) =>
      db.transaction((tx: Tx) => {
        const handle = tx as unknown as Database;
        return work({ payments: paymentQueries(handle), ledger: createLedgerRepository(handle), handle });
      }),
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
