import { aliasedTable, and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import {
  creditChecks,
  dealDocuments,
  dealEvents,
  deals,
  dealScreenings,
  ledgerEntries,
  marketPriceJustifications,
  paymentRefunds,
  payments,
  privateFileReads,
  properties,
  users,
  zeroDepositJustifications,
} from '@kunci/db/schema';
import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
import { accounts } from '../../lib/ledger/ledger.repository.ts';
import { transactional } from '../../lib/transactional.ts';
import { containing } from '../../lib/like.ts';

const tenants = aliasedTable(users, 'tenant');
const landlords = aliasedTable(users, 'landlord');

const summaryColumns = {
  id: deals.id,
  state: deals.state,
  propertyId: deals.propertyId,
  propertyName: sql<string>`coalesce(${properties.name}, ${deals.propertyName}, '')`,
  tenantId: tenants.id,
  tenantName: tenants.name,
  tenantPhone: tenants.phoneNumber,
  landlordId: landlords.id,
  landlordName: landlords.name,
  landlordPhone: landlords.phoneNumber,
  monthlyRent: deals.monthlyRent,
  moveInDate: deals.moveInDate,
  tenancyMonths: deals.tenancyMonths,
  bookingFeeSen: deals.bookingFeeSen,
  reason: deals.reason,
  createdAt: deals.createdAt,
  updatedAt: deals.updatedAt,
};
export type AdminDealRow = Awaited<ReturnType<ReturnType<typeof adminDealsQueries>['find']>> & object;

function adminDealsQueries(db: Database) {
  const base = () =>
    db
      .select(summaryColumns)
      .from(deals)
      .leftJoin(properties, eq(properties.id, deals.propertyId))
      .innerJoin(tenants, eq(tenants.id, deals.tenantId))
      .innerJoin(landlords, eq(landlords.id, deals.landlordId));

  return {
    /** Every deal, newest first: by state, and by the tenant's or landlord's phone or name, or the listing's name or id. */
    async search(query: { state?: string | undefined; q?: string | undefined; page: number; pageSize: number }) {
      const where: SQL[] = [];
      if (query.state) where.push(eq(deals.state, query.state as 'BOOKED'));
      if (query.q) {
        const like = containing(query.q);
        const digits = query.q.replace(/\D/g, '');
        where.push(
          or(
            ilike(tenants.name, like),
            ilike(landlords.name, like),
            ilike(properties.name, like),
            ilike(deals.propertyName, like),
            ...(digits.length >= 4
              ? [ilike(tenants.phoneNumber, `%${digits.replace(/^0/, '')}%`), ilike(landlords.phoneNumber, `%${digits.replace(/^0/, '')}%`)]
              : []),
            ...(/^\d{1,9}$/.test(query.q) ? [eq(deals.propertyId, Number(query.q))] : []),
            ...(/^[0-9a-f-]{36}$/i.test(query.q) ? [eq(deals.id, query.q)] : []),
          )!,
        );
      }
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        base()
          .where(condition)
          .orderBy(desc(deals.createdAt), desc(deals.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db
          .select({ total: count() })
          .from(deals)
          .leftJoin(properties, eq(properties.id, deals.propertyId))
          .innerJoin(tenants, eq(tenants.id, deals.tenantId))
          .innerJoin(landlords, eq(landlords.id, deals.landlordId))
          .where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    find: async (id: string) => (await base().where(eq(deals.id, id)))[0],

    /** The deal's timeline with who acted (their name when a person did). */
    events: (dealId: string) =>
      db
        .select({
          id: dealEvents.id,
          command: dealEvents.command,
          actorRole: dealEvents.actorRole,
          actorId: dealEvents.actorId,
          actorName: users.name,
          fromState: dealEvents.fromState,
          toState: dealEvents.toState,
          reason: dealEvents.reason,
          note: dealEvents.note,
          createdAt: dealEvents.createdAt,
        })
        .from(dealEvents)
        .leftJoin(users, eq(users.id, dealEvents.actorId))
        .where(eq(dealEvents.dealId, dealId))
        .orderBy(asc(dealEvents.id)),

    ledger: (dealId: string) => db.select().from(ledgerEntries).where(eq(ledgerEntries.dealId, dealId)).orderBy(asc(ledgerEntries.id)),

    /** The deal's escrow balance (sen): what it still holds of the tenant's payments. */
    async escrow(dealId: string): Promise<number> {
      const [row] = await db
        .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountSen}), 0)` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.dealId, dealId), eq(ledgerEntries.account, accounts.dealEscrow(dealId))));
      return Number(row?.balance ?? 0);
    },

    /** The deal's payments (booking fee, move-in), with the refunds asked and not yet confirmed (the column named in full:
     * drizzle writes a lone table's columns unqualified, which inside the subquery would mean the refund's own id). */
    payments: (dealId: string) =>
      db
        .select({
          id: payments.id,
          purpose: payments.purpose,
          status: payments.status,
          amountSen: payments.amountSen,
          refundedSen: payments.refundedSen,
          paidAt: payments.paidAt,
          pendingRefundSen: sql<number>`(select coalesce(sum(r.amount_sen), 0)::int from ${paymentRefunds} r where r.payment_id = "payments"."id" and r.status = 'PENDING')`,
          outstandingSen: sql<number>`(select coalesce(sum(r.amount_sen), 0)::int from ${paymentRefunds} r where r.payment_id = "payments"."id" and r.status <> 'FAILED')`,
        })
        .from(payments)
        .where(and(eq(payments.referenceId, dealId), inArray(payments.purpose, ['DEAL_BOOKING', 'DEAL_MOVE_IN'])))
        .orderBy(asc(payments.createdAt)),

    documents: (dealId: string) => db.select().from(dealDocuments).where(eq(dealDocuments.dealId, dealId)).orderBy(asc(dealDocuments.createdAt)),

    document: async (dealId: string, documentId: string) =>
      (
        await db
          .select()
          .from(dealDocuments)
          .where(and(eq(dealDocuments.dealId, dealId), eq(dealDocuments.id, documentId)))
      )[0],

    /** Who read these files (the read log screening keeps), newest first. */
    reads: (fileIds: string[]) =>
      fileIds.length
        ? db
            .select({
              fileId: privateFileReads.fileId,
              readerId: privateFileReads.readerId,
              readerName: sql<string>`coalesce(${users.name}, '')`,
              via: privateFileReads.via,
              readAt: privateFileReads.readAt,
            })
            .from(privateFileReads)
            .leftJoin(users, eq(users.id, privateFileReads.readerId))
            .where(inArray(privateFileReads.fileId, fileIds))
            .orderBy(desc(privateFileReads.readAt))
        : Promise.resolve([]),

    screening: async (dealId: string) => (await db.select().from(dealScreenings).where(eq(dealScreenings.dealId, dealId)))[0],

    /** The tenant's credit check, without its sealed NRIC: only the masked copy leaves this query. */
    credit: async (userId: string) =>
      (
        await db
          .select({
            state: creditChecks.state,
            outcome: creditChecks.outcome,
            nricMasked: creditChecks.nricMasked,
            checkedAt: creditChecks.checkedAt,
          })
          .from(creditChecks)
          .where(eq(creditChecks.userId, userId))
      )[0],

    zeroDeposit: (dealId: string, tenantId: string) =>
      db
        .select({
          id: zeroDepositJustifications.id,
          status: zeroDepositJustifications.status,
          reason: zeroDepositJustifications.reason,
          createdAt: zeroDepositJustifications.createdAt,
        })
        .from(zeroDepositJustifications)
        .where(
          or(
            eq(zeroDepositJustifications.dealId, dealId),
            and(eq(zeroDepositJustifications.userId, tenantId), sql`${zeroDepositJustifications.dealId} is null`),
          ),
        )
        .orderBy(desc(zeroDepositJustifications.createdAt)),

    marketPrice: (propertyId: number) =>
      db
        .select({
          id: marketPriceJustifications.id,
          status: marketPriceJustifications.status,
          reason: marketPriceJustifications.reason,
          rent: marketPriceJustifications.rent,
          createdAt: marketPriceJustifications.createdAt,
        })
        .from(marketPriceJustifications)
        .where(eq(marketPriceJustifications.propertyId, propertyId))
        .orderBy(desc(marketPriceJustifications.createdAt)),

    audit: createAuditLogRepository(db),
  };
}

/** The back office's deal queries and the audit log, bound to one transaction when asked. */
export const createAdminDealsRepository = (db: Database) => transactional(db, adminDealsQueries);
export type AdminDealsRepository = ReturnType<typeof createAdminDealsRepository>;
