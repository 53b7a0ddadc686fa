import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { BUSINESS } from '@kunci/contracts/business';
import type { Database } from '@kunci/db/client';
import {
  collectionInvoices,
  collectionPayouts,
  collectionTenancies,
  dealScreenings,
  deals,
  properties,
  protectionClaimFiles,
  protectionClaims,
  protectionInstalments,
  protectionOcdPayments,
  protectionOtrDecisions,
  protectionPolicies,
  protectionPolicyTransfers,
  users,
} from '@kunci/db/schema';
import { createAuditLogRepository } from '../../../lib/audit-log.repository.ts';
import { findPerson } from '../../../lib/person.repository.ts';
import { createLedgerRepository } from '../../../lib/ledger/ledger.repository.ts';
import { transactional } from '../../../lib/transactional.ts';

export type PolicyRow = typeof protectionPolicies.$inferSelect;
export type InstalmentRow = typeof protectionInstalments.$inferSelect;
export type ClaimRow = typeof protectionClaims.$inferSelect;
export type ClaimFileRow = typeof protectionClaimFiles.$inferSelect;
export type OcdPaymentRow = typeof protectionOcdPayments.$inferSelect;
export type TransferRow = typeof protectionPolicyTransfers.$inferSelect;

/** A deal's name: the listing's, or the one the parties stated for a tenancy found elsewhere. */
const dealName = sql<string>`coalesce(${deals.propertyName}, ${properties.name}, '')`;
/** A room let on its own (a cheap one is insured at the floor rent). */
const isRoom = sql<boolean>`coalesce(${properties.roomType} is not null, false)`;

function protectionQueries(db: Database) {
  return {
    ledger: createLedgerRepository(db),
    audit: createAuditLogRepository(db),
    /** The transaction itself, for the job queue's `enqueue(..., { transaction })`. */
    handle: db,

    deal: async (dealId: string) =>
      (
        await db
          .select({ deal: deals, propertyName: dealName, room: isRoom })
          .from(deals)
          .leftJoin(properties, eq(properties.id, deals.propertyId))
          .where(eq(deals.id, dealId))
      )[0],

    /** The landlord's ACTIVE deals, newest move-in first (what the quote page offers to insure). */
    activeDeals: (landlordId: string) =>
      db
        .select({ deal: deals, propertyName: dealName, room: isRoom })
        .from(deals)
        .leftJoin(properties, eq(properties.id, deals.propertyId))
        .where(and(eq(deals.landlordId, landlordId), eq(deals.state, 'ACTIVE')))
        .orderBy(desc(deals.moveInDate))
        .limit(50),

    /** Unpaid invoices of the deal's collection tenancy that were due before `day`. */
    overdueInvoices: async (dealId: string, day: string) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(collectionInvoices)
          .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
          .where(and(eq(collectionTenancies.dealId, dealId), eq(collectionInvoices.status, 'ISSUED'), lt(collectionInvoices.dueDate, day)))
      )[0]!.count,

    /** The due date of the deal's oldest unpaid collection invoice (null: none unpaid, or not collected through us). */
    oldestUnpaidDue: async (dealId: string) =>
      (
        await db
          .select({ due: sql<string | null>`min(${collectionInvoices.dueDate})::text` })
          .from(collectionInvoices)
          .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
          .where(and(eq(collectionTenancies.dealId, dealId), eq(collectionInvoices.status, 'ISSUED')))
      )[0]?.due ?? null,

    person: (userId: string) => findPerson(db, userId),

    livePolicyOfDeal: async (dealId: string) =>
      (
        await db
          .select()
          .from(protectionPolicies)
          .where(and(eq(protectionPolicies.dealId, dealId), ne(protectionPolicies.status, 'CANCELLED')))
          .for('update')
      )[0],

    cancelPolicy: (policyId: string) =>
      db
        .update(protectionPolicies)
        .set({ status: 'CANCELLED' })
        .where(and(eq(protectionPolicies.id, policyId), eq(protectionPolicies.status, 'PENDING_PAYMENT'))),

    insertPolicy: async (values: typeof protectionPolicies.$inferInsert) => (await db.insert(protectionPolicies).values(values).returning())[0]!,
    insertInstalments: (values: (typeof protectionInstalments.$inferInsert)[]) => db.insert(protectionInstalments).values(values).returning(),

    policy: async (policyId: string) => (await db.select().from(protectionPolicies).where(eq(protectionPolicies.id, policyId)))[0],
    policies: (landlordId: string) =>
      db
        .select()
        .from(protectionPolicies)
        .where(and(eq(protectionPolicies.landlordId, landlordId), ne(protectionPolicies.status, 'CANCELLED')))
        .orderBy(desc(protectionPolicies.createdAt)),
    instalments: (policyIds: string[]) =>
      policyIds.length
        ? db.select().from(protectionInstalments).where(inArray(protectionInstalments.policyId, policyIds)).orderBy(asc(protectionInstalments.number))
        : Promise.resolve([] as InstalmentRow[]),
    otrPaid: async (policyIds: string[]) =>
      policyIds.length
        ? db
            .select({ policyId: protectionOtrDecisions.policyId, sen: sql<number>`coalesce(sum(${protectionOtrDecisions.amountSen}), 0)::bigint` })
            .from(protectionOtrDecisions)
            .where(and(inArray(protectionOtrDecisions.policyId, policyIds), eq(protectionOtrDecisions.paid, true)))
            .groupBy(protectionOtrDecisions.policyId)
        : Promise.resolve([]),

    instalment: async (policyId: string, number: number) =>
      (
        await db
          .select()
          .from(protectionInstalments)
          .where(and(eq(protectionInstalments.policyId, policyId), eq(protectionInstalments.number, number)))
      )[0],
    instalmentById: async (instalmentId: string) =>
      (await db.select().from(protectionInstalments).where(eq(protectionInstalments.id, instalmentId)))[0],
    setInstalmentPayment: (instalmentId: string, paymentId: string) =>
      db.update(protectionInstalments).set({ paymentId }).where(eq(protectionInstalments.id, instalmentId)),

    /** Marks an instalment paid, once: false when it already was. */
    markInstalmentPaid: async (instalmentId: string, paymentId: string, paidAt: Date) =>
      (
        await db
          .update(protectionInstalments)
          .set({ status: 'PAID', paymentId, paidAt })
          .where(and(eq(protectionInstalments.id, instalmentId), eq(protectionInstalments.status, 'DUE')))
          .returning({ id: protectionInstalments.id })
      ).length > 0,
    activatePolicy: async (policyId: string, at: Date) =>
      (
        await db
          .update(protectionPolicies)
          .set({ status: 'ACTIVE', activatedAt: at })
          .where(and(eq(protectionPolicies.id, policyId), eq(protectionPolicies.status, 'PENDING_PAYMENT')))
          .returning({ id: protectionPolicies.id })
      ).length > 0,

    /** Instalments still unpaid on or after their due date, of policies in force (the landlord is reminded once each). */
    dueInstalments: (day: string, limit: number) =>
      db
        .select({ instalment: protectionInstalments, policy: protectionPolicies })
        .from(protectionInstalments)
        .innerJoin(protectionPolicies, eq(protectionPolicies.id, protectionInstalments.policyId))
        .where(and(eq(protectionInstalments.status, 'DUE'), lte(protectionInstalments.dueDate, day), eq(protectionPolicies.status, 'ACTIVE')))
        .orderBy(asc(protectionInstalments.dueDate))
        .limit(limit),

    // ---- On-time rental ----------------------------------------------------------------------------------------

    /**
     * Unpaid invoices due by `day` of tenancies whose deal has an ACTIVE Protect Plus policy covering the due date,
     * with no decision yet.
     */
    otrCandidates: (day: string, limit: number) =>
      db
        .select({ invoice: collectionInvoices, tenancy: collectionTenancies, policy: protectionPolicies })
        .from(collectionInvoices)
        .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
        .innerJoin(
          protectionPolicies,
          and(
            eq(protectionPolicies.dealId, collectionTenancies.dealId),
            eq(protectionPolicies.status, 'ACTIVE'),
            eq(protectionPolicies.plan, 'PROTECT_PLUS'),
            lte(protectionPolicies.startDate, collectionInvoices.dueDate),
            gte(protectionPolicies.endDate, collectionInvoices.dueDate),
          ),
        )
        .leftJoin(protectionOtrDecisions, eq(protectionOtrDecisions.invoiceId, collectionInvoices.id))
        .where(and(eq(collectionInvoices.status, 'ISSUED'), lte(collectionInvoices.dueDate, day), isNull(protectionOtrDecisions.invoiceId)))
        .orderBy(asc(collectionInvoices.dueDate), asc(collectionInvoices.number))
        .limit(limit),

    /** The tenancy's invoices, with the on-time rental decision of each (to count payouts in a row and overdue ones). */
    tenancyInvoices: (tenancyId: string) =>
      db
        .select({ invoice: collectionInvoices, otrPaid: protectionOtrDecisions.paid })
        .from(collectionInvoices)
        .leftJoin(protectionOtrDecisions, eq(protectionOtrDecisions.invoiceId, collectionInvoices.id))
        .where(eq(collectionInvoices.tenancyId, tenancyId))
        .orderBy(asc(collectionInvoices.number)),

    /** Records the decision on an invoice; false when one was recorded already (another run took it). */
    recordOtr: async (values: typeof protectionOtrDecisions.$inferInsert) =>
      (await db.insert(protectionOtrDecisions).values(values).onConflictDoNothing().returning({ id: protectionOtrDecisions.invoiceId })).length > 0,
    otrDecision: async (invoiceId: string) =>
      (await db.select().from(protectionOtrDecisions).where(eq(protectionOtrDecisions.invoiceId, invoiceId)))[0],

    /** The landlord's payout of an invoice, made now (the dashboard lists it with the others); null if one exists. */
    insertPaidPayout: async (values: { invoiceId: string; landlordId: string; amountSen: number; day: string; at: Date }) =>
      (
        await db
          .insert(collectionPayouts)
          .values({
            invoiceId: values.invoiceId,
            landlordId: values.landlordId,
            grossSen: values.amountSen,
            feeSen: 0,
            netSen: values.amountSen,
            payoutDate: values.day,
            status: 'PAID',
            paidAt: values.at,
          })
          .onConflictDoNothing({ target: collectionPayouts.invoiceId })
          .returning()
      )[0],
    payoutOfInvoice: async (invoiceId: string) => (await db.select().from(collectionPayouts).where(eq(collectionPayouts.invoiceId, invoiceId)))[0],

    // ---- Claims ------------------------------------------------------------------------------------------------

    insertClaim: async (values: typeof protectionClaims.$inferInsert) => (await db.insert(protectionClaims).values(values).returning())[0]!,
    insertClaimFiles: (values: (typeof protectionClaimFiles.$inferInsert)[]) =>
      values.length ? db.insert(protectionClaimFiles).values(values) : Promise.resolve(),
    claim: async (claimId: string) => (await db.select().from(protectionClaims).where(eq(protectionClaims.id, claimId)))[0],
    lockClaim: async (claimId: string) => (await db.select().from(protectionClaims).where(eq(protectionClaims.id, claimId)).for('update'))[0],
    claimsOf: (landlordId: string) =>
      db
        .select({ claim: protectionClaims, policy: protectionPolicies })
        .from(protectionClaims)
        .innerJoin(protectionPolicies, eq(protectionPolicies.id, protectionClaims.policyId))
        .where(eq(protectionClaims.landlordId, landlordId))
        .orderBy(desc(protectionClaims.createdAt)),
    claimsByStatus: (status: ClaimRow['status'], limit: number, kind?: ClaimRow['kind']) =>
      db
        .select({ claim: protectionClaims, policy: protectionPolicies, landlord: { id: users.id, name: users.name, phone: users.phoneNumber } })
        .from(protectionClaims)
        .innerJoin(protectionPolicies, eq(protectionPolicies.id, protectionClaims.policyId))
        .innerJoin(users, eq(users.id, protectionClaims.landlordId))
        .where(and(eq(protectionClaims.status, status), kind ? eq(protectionClaims.kind, kind) : undefined))
        .orderBy(asc(protectionClaims.createdAt))
        .limit(limit),
    claimFiles: (claimIds: string[]) =>
      claimIds.length
        ? db.select().from(protectionClaimFiles).where(inArray(protectionClaimFiles.claimId, claimIds))
        : Promise.resolve([] as ClaimFileRow[]),
    claimFile: async (claimId: string, fileId: string) =>
      (
        await db
          .select()
          .from(protectionClaimFiles)
          .where(and(eq(protectionClaimFiles.claimId, claimId), eq(protectionClaimFiles.id, fileId)))
      )[0],
    decideClaim: (
      claimId: string,
      values: Pick<ClaimRow, 'status' | 'approvedSen' | 'deductionPercent' | 'decisionNote' | 'decidedBy' | 'decidedAt'>,
    ) => db.update(protectionClaims).set(values).where(eq(protectionClaims.id, claimId)),

    // ---- Overstay Cash Defender ----------------------------------------------------------------------------------

    /** Locks the policy: the months it paid are counted and added to under this lock (one payer at a time). */
    lockPolicy: async (policyId: string) => (await db.select().from(protectionPolicies).where(eq(protectionPolicies.id, policyId)).for('update'))[0],
    /**
     * Approved OCD claims that may still have a month to pay (their policy has OCD months left; the overstay did not end
     * on its first day), by id after `afterId` (the run pages through them all).
     */
    ocdRunning: (limit: number, afterId?: string) =>
      db
        .select({ claim: protectionClaims, policy: protectionPolicies })
        .from(protectionClaims)
        .innerJoin(protectionPolicies, eq(protectionPolicies.id, protectionClaims.policyId))
        .where(
          and(
            eq(protectionClaims.kind, 'OCD'),
            eq(protectionClaims.status, 'APPROVED'),
            or(isNull(protectionClaims.overstayEndedOn), gt(protectionClaims.overstayEndedOn, protectionClaims.incidentDate)),
            sql`(select count(*) from ${protectionOcdPayments} where ${protectionOcdPayments.policyId} = ${protectionPolicies.id}) < ${BUSINESS.protection.ocdMonths}`,
            afterId ? gt(protectionClaims.id, afterId) : undefined,
          ),
        )
        .orderBy(asc(protectionClaims.id))
        .limit(limit),
    /** The OCD months a policy paid, every claim's. */
    ocdPaymentsOfPolicy: (policyId: string) => db.select().from(protectionOcdPayments).where(eq(protectionOcdPayments.policyId, policyId)),
    ocdPayments: (claimIds: string[]) =>
      claimIds.length
        ? db.select().from(protectionOcdPayments).where(inArray(protectionOcdPayments.claimId, claimIds)).orderBy(asc(protectionOcdPayments.month))
        : Promise.resolve([] as OcdPaymentRow[]),
    /** Months on-time rental paid under the policy. */
    otrPaidMonths: async (policyId: string) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(protectionOtrDecisions)
          .where(and(eq(protectionOtrDecisions.policyId, policyId), eq(protectionOtrDecisions.paid, true)))
      )[0]!.count,
    /** Records a month paid; false when it was already (another run paid it). */
    insertOcdPayment: async (values: typeof protectionOcdPayments.$inferInsert) =>
      (await db.insert(protectionOcdPayments).values(values).onConflictDoNothing().returning({ month: protectionOcdPayments.month })).length > 0,
    // ---- Transfers to a replacement tenant -----------------------------------------------------------------------

    /** Locks the deal a policy moves to: two moves to it wait for each other (the second then finds it protected). */
    lockDeal: (dealId: string) => db.select({ id: deals.id }).from(deals).where(eq(deals.id, dealId)).for('update'),
    /** The tenant's screening decision on the deal (null: not screened, or not decided yet). */
    screeningDecision: async (dealId: string) =>
      (await db.select({ decision: dealScreenings.decision }).from(dealScreenings).where(eq(dealScreenings.dealId, dealId)))[0]?.decision ?? null,
    /** The deal's ACTIVE rental-collection tenancy (the home as the landlord enrolled it). */
    collectionTenancyOfDeal: async (dealId: string) =>
      (
        await db
          .select({
            landlordId: collectionTenancies.landlordId,
            propertyId: collectionTenancies.propertyId,
            propertyName: collectionTenancies.propertyName,
          })
          .from(collectionTenancies)
          .where(and(eq(collectionTenancies.dealId, dealId), eq(collectionTenancies.status, 'ACTIVE')))
      )[0] ?? null,
    transfers: (policyIds: string[]) =>
      policyIds.length
        ? db
            .select()
            .from(protectionPolicyTransfers)
            .where(inArray(protectionPolicyTransfers.policyId, policyIds))
            .orderBy(asc(protectionPolicyTransfers.transferredAt))
        : Promise.resolve([] as TransferRow[]),
    insertTransfer: (values: typeof protectionPolicyTransfers.$inferInsert) => db.insert(protectionPolicyTransfers).values(values),
    /** Points the policy at the replacement tenancy, its cover extended to `endDate`. */
    movePolicy: async (policyId: string, values: Pick<PolicyRow, 'dealId' | 'tenantId' | 'monthlyRentSen' | 'endDate'>) =>
      (await db.update(protectionPolicies).set(values).where(eq(protectionPolicies.id, policyId)).returning())[0]!,

    endOverstay: (claimId: string, day: string) => db.update(protectionClaims).set({ overstayEndedOn: day }).where(eq(protectionClaims.id, claimId)),
  };
}

export function createProtectionRepository(db: Database) {
  return transactional(db, protectionQueries);
}
export type ProtectionRepository = ReturnType<typeof createProtectionRepository>;
