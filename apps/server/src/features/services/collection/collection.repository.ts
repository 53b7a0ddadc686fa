import { aliasedTable, and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { collectionInvoices, collectionPayouts, collectionTenancies, deals, payments, properties, publicHolidays, users } from '@kunci/db/schema';
import { createAuditLogRepository } from '../../../lib/audit-log.repository.ts';
import { createLedgerRepository } from '../../../lib/ledger/ledger.repository.ts';
import { transactional } from '../../../lib/transactional.ts';

export type TenancyRow = typeof collectionTenancies.$inferSelect;
export type InvoiceRow = typeof collectionInvoices.$inferSelect;
export type PayoutRow = typeof collectionPayouts.$inferSelect;
export type NewInvoice = Pick<typeof collectionInvoices.$inferInsert, 'tenancyId' | 'number' | 'dueDate' | 'issueDate' | 'amountSen'>;

/** The notices of an invoice, each sent once: the column claimed before sending. */
export type InvoiceNotice = 'INVOICE' | 'REMINDER' | 'LATE' | 'MISSED';

const tenants = aliasedTable(users, 'tenants');
const landlords = aliasedTable(users, 'landlords');

/** Who to tell of an invoice and what it is. */
const noticeColumns = {
  invoiceId: collectionInvoices.id,
  tenancyId: collectionInvoices.tenancyId,
  number: collectionInvoices.number,
  dueDate: collectionInvoices.dueDate,
  amountSen: collectionInvoices.amountSen,
  propertyName: collectionTenancies.propertyName,
  tenant: { id: tenants.id, name: tenants.name, phone: tenants.phoneNumber, email: tenants.email, language: tenants.language },
  landlord: { id: landlords.id, name: landlords.name, phone: landlords.phoneNumber, email: landlords.email, language: landlords.language },
};

function collectionQueries(db: Database) {
  const ledger = createLedgerRepository(db);

  /** Invoices of tenancies the user is a party to (as landlord or tenant). */
  const partyOf = (userId: string) => or(eq(collectionTenancies.landlordId, userId), eq(collectionTenancies.tenantId, userId));

  const invoiceWithTenancy = (invoiceId: string) =>
    db
      .select({ invoice: collectionInvoices, tenancy: collectionTenancies })
      .from(collectionInvoices)
      .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
      .where(eq(collectionInvoices.id, invoiceId));

  return {
    ledger,
    /** Staff changes (the holiday table) are recorded with the change, in its transaction. */
    audit: createAuditLogRepository(db),
    /** The transaction itself, for the job queue's `enqueue(..., { transaction })`. */
    handle: db,

    /** A deal with its listing's name (or the name its parties gave a tenancy found elsewhere), for enrolling it. */
    deal: async (dealId: string) =>
      (
        await db
          .select({ deal: deals, propertyName: sql<string>`coalesce(${properties.name}, ${deals.propertyName}, '')` })
          .from(deals)
          .leftJoin(properties, eq(properties.id, deals.propertyId))
          .where(eq(deals.id, dealId))
      )[0],

    /** A tenancy by id. */
    tenancy: async (id: string) => (await db.select().from(collectionTenancies).where(eq(collectionTenancies.id, id)))[0],

    /**
     * The tenant accepts an INVITED tenancy (still open at `now`): it becomes ACTIVE with its first due date and the
     * invoicing queue's next issue date. Undefined when it was not waiting (answered, lapsed, someone else's).
     */
    acceptTenancy: async (id: string, tenantId: string, now: Date, values: { firstDueDate: string; nextIssueDate: string }) =>
      (
        await db
          .update(collectionTenancies)
          .set({ ...values, status: 'ACTIVE' })
          .where(
            and(
              eq(collectionTenancies.id, id),
              eq(collectionTenancies.tenantId, tenantId),
              eq(collectionTenancies.status, 'INVITED'),
              sql`${collectionTenancies.invitedUntil} > ${now}`,
            ),
          )
          .returning()
      )[0],

    /** The user with this phone number, made (as an invited account they sign in to by PIN) when there is none. */
    findOrInviteUser: async (phoneNumber: string, language: string) => {
      const made = await db
        .insert(users)
        .values({ phoneNumber, language })
        .onConflictDoNothing({ target: users.phoneNumber })
        .returning({ id: users.id });
      const [user] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
      return { user: user!, invited: made.length > 0 };
    },

    person: async (userId: string) => (await db.select().from(users).where(eq(users.id, userId)))[0],

    activeTenancyOfDeal: async (dealId: string) =>
      (
        await db
          .select({ id: collectionTenancies.id })
          .from(collectionTenancies)
          .where(and(eq(collectionTenancies.dealId, dealId), eq(collectionTenancies.status, 'ACTIVE')))
      )[0],

    insertTenancy: async (values: typeof collectionTenancies.$inferInsert) => (await db.insert(collectionTenancies).values(values).returning())[0]!,

    /** A user's tenancies on either side, with the other party's name and unpaid invoices past due on `today`. */
    tenancies: (userId: string, today: string) =>
      db
        .select({
          tenancy: collectionTenancies,
          tenantName: tenants.name,
          tenantPhone: tenants.phoneNumber,
          landlordName: landlords.name,
          overdueCount: sql<number>`(select count(*)::int from ${collectionInvoices} i where i.tenancy_id = ${collectionTenancies.id} and i.status = 'ISSUED' and i.due_date < ${today})`,
        })
        .from(collectionTenancies)
        .innerJoin(tenants, eq(tenants.id, collectionTenancies.tenantId))
        .innerJoin(landlords, eq(landlords.id, collectionTenancies.landlordId))
        .where(partyOf(userId))
        .orderBy(desc(collectionTenancies.createdAt)),

    /** A user's invoices issued so far (tenancies on either side), latest due first. */
    invoices: (userId: string) =>
      db
        .select({
          invoice: collectionInvoices,
          propertyName: collectionTenancies.propertyName,
          tenantId: collectionTenancies.tenantId,
          landlordId: collectionTenancies.landlordId,
          method: payments.method,
        })
        .from(collectionInvoices)
        .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
        .leftJoin(payments, eq(payments.id, collectionInvoices.paymentId))
        .where(partyOf(userId))
        .orderBy(desc(collectionInvoices.dueDate), asc(collectionTenancies.propertyName)),

    payouts: (landlordId: string) =>
      db
        .select({ payout: collectionPayouts, propertyName: collectionTenancies.propertyName })
        .from(collectionPayouts)
        .innerJoin(collectionInvoices, eq(collectionInvoices.id, collectionPayouts.invoiceId))
        .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
        .where(eq(collectionPayouts.landlordId, landlordId))
        .orderBy(desc(collectionPayouts.payoutDate)),

    /** The landlord's invoices as report rows (with payment and payout), filtered by due date. */
    report: (landlordId: string, filter: { from?: string | undefined; to?: string | undefined; tenancyId?: string | undefined }) =>
      db
        .select({
          invoice: collectionInvoices,
          propertyName: collectionTenancies.propertyName,
          tenantName: tenants.name,
          method: payments.method,
          payout: collectionPayouts,
        })
        .from(collectionInvoices)
        .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
        .innerJoin(tenants, eq(tenants.id, collectionTenancies.tenantId))
        .leftJoin(payments, eq(payments.id, collectionInvoices.paymentId))
        .leftJoin(collectionPayouts, eq(collectionPayouts.invoiceId, collectionInvoices.id))
        .where(
          and(
            eq(collectionTenancies.landlordId, landlordId),
            filter.from ? gte(collectionInvoices.dueDate, filter.from) : undefined,
            filter.to ? lte(collectionInvoices.dueDate, filter.to) : undefined,
            filter.tenancyId ? eq(collectionInvoices.tenancyId, filter.tenancyId) : undefined,
          ),
        )
        .orderBy(asc(collectionInvoices.dueDate), asc(collectionTenancies.propertyName)),

    /** The invoice with its tenancy's parties. */
    invoice: async (invoiceId: string) => (await invoiceWithTenancy(invoiceId))[0],

    /** The same, the invoice's row locked until the transaction ends. */
    lockInvoice: async (invoiceId: string) => (await invoiceWithTenancy(invoiceId).for('update', { of: collectionInvoices }))[0],

    setPayment: (invoiceId: string, paymentId: string) =>
      db.update(collectionInvoices).set({ paymentId }).where(eq(collectionInvoices.id, invoiceId)),

    /** Marks the invoice paid by this payment; false when it already was (a settlement delivered twice). */
    markPaid: async (invoiceId: string, paymentId: string, paidAt: Date) =>
      (
        await db
          .update(collectionInvoices)
          .set({ status: 'PAID', paymentId, paidAt })
          .where(and(eq(collectionInvoices.id, invoiceId), eq(collectionInvoices.status, 'ISSUED')))
          .returning({ id: collectionInvoices.id })
      ).length > 0,

    insertPayout: async (values: typeof collectionPayouts.$inferInsert) =>
      (await db.insert(collectionPayouts).values(values).onConflictDoNothing({ target: collectionPayouts.invoiceId }).returning())[0],

    lockPayout: async (payoutId: string) => (await db.select().from(collectionPayouts).where(eq(collectionPayouts.id, payoutId)).for('update'))[0],

    markPayoutPaid: (payoutId: string, paidAt: Date) =>
      db
        .update(collectionPayouts)
        .set({ status: 'PAID', paidAt })
        .where(and(eq(collectionPayouts.id, payoutId), eq(collectionPayouts.status, 'SCHEDULED'))),

    /**
     * Tenancies with an invoice to issue on or before `today`, locked (SKIP LOCKED: two instances share the work
     * instead of waiting on each other). Only inside a transaction.
     */
    takeDueTenancies: (today: string, limit: number) =>
      db
        .select({
          id: collectionTenancies.id,
          startDate: collectionTenancies.startDate,
          termMonths: collectionTenancies.termMonths,
          dueDay: collectionTenancies.dueDay,
          firstDueDate: collectionTenancies.firstDueDate,
          nextIssueDate: collectionTenancies.nextIssueDate,
          monthlyRentSen: collectionTenancies.monthlyRentSen,
        })
        .from(collectionTenancies)
        .where(and(eq(collectionTenancies.status, 'ACTIVE'), lte(collectionTenancies.nextIssueDate, today)))
        .orderBy(asc(collectionTenancies.nextIssueDate))
        .limit(limit)
        .for('update', { skipLocked: true }),

    /** Inserts invoices; one already there (same tenancy and due date) is left as it is. How many are new. */
    insertInvoices: async (rows: NewInvoice[]) => {
      if (!rows.length) return 0;
      const inserted = await db
        .insert(collectionInvoices)
        .values(rows)
        .onConflictDoNothing({ target: [collectionInvoices.tenancyId, collectionInvoices.dueDate] })
        .returning({ id: collectionInvoices.id });
      return inserted.length;
    },

    /** Moves each tenancy's next issue date (null: its term is fully invoiced). */
    setNextIssue: async (next: { id: string; day: string | null }[]) => {
      if (!next.length) return;
      const ids = sql.join(
        next.map((row) => sql`${row.id}`),
        sql`, `,
      );
      const days = sql.join(
        next.map((row) => sql`${row.day}`),
        sql`, `,
      );
      await db.execute(
        sql`update ${collectionTenancies} set next_issue_date = n.day from (select unnest(array[${ids}]::uuid[]) as id, unnest(array[${days}]::date[]) as day) n where ${collectionTenancies.id} = n.id`,
      );
    },

    /**
     * Claims up to `limit` invoices whose notice of `kind` is due on `today` and not sent, by stamping it first: each
     * notice goes once even with two instances. Returns who to tell.
     */
    claimNotices: async (
      kind: InvoiceNotice,
      today: string,
      limit: number,
      days: { reminderBefore: number; lateAfter: number; missedAfter: number },
    ) => {
      const field = ({ INVOICE: 'emailedAt', REMINDER: 'remindedAt', LATE: 'lateNoticeAt', MISSED: 'missedNoticeAt' } as const)[kind];
      const column = collectionInvoices[field];
      const due = {
        INVOICE: sql`${collectionInvoices.issueDate} <= ${today}`,
        REMINDER: sql`${collectionInvoices.dueDate} - ${days.reminderBefore}::int <= ${today}::date and ${collectionInvoices.dueDate} >= ${today}::date and ${collectionInvoices.emailedAt} is not null`,
        LATE: sql`${collectionInvoices.dueDate} + ${days.lateAfter}::int <= ${today}::date`,
        MISSED: sql`${collectionInvoices.dueDate} + ${days.missedAfter}::int <= ${today}::date`,
      }[kind];
      const claimed = await db
        .update(collectionInvoices)
        .set({ [field]: new Date() })
        .where(
          inArray(
            collectionInvoices.id,
            db
              .select({ id: collectionInvoices.id })
              .from(collectionInvoices)
              .where(and(sql`${column} is null`, eq(collectionInvoices.status, 'ISSUED'), due))
              .limit(limit)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning({ id: collectionInvoices.id });
      if (!claimed.length) return [];
      return db
        .select(noticeColumns)
        .from(collectionInvoices)
        .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
        .innerJoin(tenants, eq(tenants.id, collectionTenancies.tenantId))
        .innerJoin(landlords, eq(landlords.id, collectionTenancies.landlordId))
        .where(
          inArray(
            collectionInvoices.id,
            claimed.map((row) => row.id),
          ),
        );
    },

    /** One invoice's notice facts (paid, failed card). */
    noticeFacts: async (invoiceId: string) =>
      (
        await db
          .select(noticeColumns)
          .from(collectionInvoices)
          .innerJoin(collectionTenancies, eq(collectionTenancies.id, collectionInvoices.tenancyId))
          .innerJoin(tenants, eq(tenants.id, collectionTenancies.tenantId))
          .innerJoin(landlords, eq(landlords.id, collectionTenancies.landlordId))
          .where(eq(collectionInvoices.id, invoiceId))
      )[0],

    /** A tenancy's parties, for the tenant's invitation. */
    tenancyFacts: async (tenancyId: string) =>
      (
        await db
          .select({
            tenancy: collectionTenancies,
            tenant: { id: tenants.id, name: tenants.name, phone: tenants.phoneNumber, email: tenants.email, language: tenants.language },
            landlordName: landlords.name,
          })
          .from(collectionTenancies)
          .innerJoin(tenants, eq(tenants.id, collectionTenancies.tenantId))
          .innerJoin(landlords, eq(landlords.id, collectionTenancies.landlordId))
          .where(eq(collectionTenancies.id, tenancyId))
      )[0],

    /** A region's holidays between two days (inclusive). */
    holidayDays: async (region: string, from: string, to: string) =>
      new Set(
        (
          await db
            .select({ day: publicHolidays.day })
            .from(publicHolidays)
            .where(and(eq(publicHolidays.region, region), gte(publicHolidays.day, from), lte(publicHolidays.day, to)))
        ).map((row) => row.day),
      ),

    holiday: async (region: string, day: string) =>
      (
        await db
          .select()
          .from(publicHolidays)
          .where(and(eq(publicHolidays.region, region), eq(publicHolidays.day, day)))
      )[0],

    holidays: (region: string) => db.select().from(publicHolidays).where(eq(publicHolidays.region, region)).orderBy(asc(publicHolidays.day)),

    putHoliday: async (region: string, day: string, name: string, updatedBy: string) =>
      (
        await db
          .insert(publicHolidays)
          .values({ region, day, name, updatedBy })
          .onConflictDoUpdate({ target: [publicHolidays.region, publicHolidays.day], set: { name, updatedBy, updatedAt: new Date() } })
          .returning()
      )[0]!,

    deleteHoliday: async (region: string, day: string) =>
      (
        await db
          .delete(publicHolidays)
          .where(and(eq(publicHolidays.region, region), eq(publicHolidays.day, day)))
          .returning({ day: publicHolidays.day })
      ).length > 0,
  };
}

export const createCollectionRepository = (db: Database) => transactional(db, collectionQueries);
export type CollectionRepository = ReturnType<typeof createCollectionRepository>;
