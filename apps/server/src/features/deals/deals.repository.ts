import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { HOLDING_STATES } from '@kunci/contracts/deals';
import type { Database } from '@kunci/db/client';
import { areas, chatConversations, dealDocuments, dealEvents, deals, properties, users } from '@kunci/db/schema';
import { createLedgerRepository, type LedgerPosting } from '../../lib/ledger/ledger.repository.ts';
import { listingDealColumns } from '../../lib/listing-card.repository.ts';

export type DealRow = typeof deals.$inferSelect;
export type DealEventRow = typeof dealEvents.$inferSelect;
export type DealDocumentRow = typeof dealDocuments.$inferSelect;

/** A unique index said no: another deal holds the listing, or the tenant already applied. */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505') return !index || constraint === index || String((cause as Error).message ?? '').includes(index);
  }
  return false;
}

/** The deal queries on one connection (the pool, or a transaction). */
function dealQueries(db: Database) {
  const ledger = createLedgerRepository(db);
  return {
    listing: async (propertyId: number) => (await db.select(listingDealColumns).from(properties).where(eq(properties.id, propertyId)))[0],

    /** Locks the listing row: bookings of one listing are decided one at a time (a deal without a listing locks none). */
    lockListing: async (propertyId: number | null) =>
      propertyId === null ? [] : db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update'),

    /** The deal that holds the listing (booked or later), if any. */
    holder: async (propertyId: number | null) =>
      propertyId === null
        ? undefined
        : (
            await db
              .select()
              .from(deals)
              .where(and(eq(deals.propertyId, propertyId), inArray(deals.state, [...HOLDING_STATES])))
          )[0],

    /** Applications of a listing still waiting (applied or accepted), but `exceptId`'s. */
    openApplications: async (propertyId: number | null, exceptId: string) =>
      propertyId === null
        ? []
        : db
            .select()
            .from(deals)
            .where(and(eq(deals.propertyId, propertyId), inArray(deals.state, ['APPLIED', 'ACCEPTED']), ne(deals.id, exceptId))),

    conversation: async (id: number) => (await db.select().from(chatConversations).where(eq(chatConversations.id, id)))[0],

    insert: async (values: typeof deals.$inferInsert) => (await db.insert(deals).values(values).returning())[0]!,

    findById: async (id: string) => (await db.select().from(deals).where(eq(deals.id, id)))[0],

    lock: async (id: string) => (await db.select().from(deals).where(eq(deals.id, id)).for('update'))[0],

    update: async (id: string, values: Partial<typeof deals.$inferInsert>) =>
      (
        await db
          .update(deals)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(deals.id, id))
          .returning()
      )[0]!,

    addEvent: async (values: typeof dealEvents.$inferInsert) => (await db.insert(dealEvents).values(values).returning())[0]!,

    events: (dealIds: string[]) =>
      dealIds.length ? db.select().from(dealEvents).where(inArray(dealEvents.dealId, dealIds)).orderBy(asc(dealEvents.id)) : Promise.resolve([]),

    event: async (id: number) => (await db.select().from(dealEvents).where(eq(dealEvents.id, id)))[0],

    /** Deals the user is the tenant or landlord of, newest first; of one listing when given. */
    list: (userId: string, propertyId?: number) =>
      db
        .select()
        .from(deals)
        .where(and(or(eq(deals.tenantId, userId), eq(deals.landlordId, userId)), propertyId ? eq(deals.propertyId, propertyId) : undefined))
        .orderBy(desc(deals.createdAt))
        .limit(100),

    /** What a deal shows of its listing. */
    properties: (ids: number[]) =>
      ids.length
        ? db
            .select({ id: properties.id, name: properties.name, type: properties.type, area: areas.nameEn })
            .from(properties)
            .leftJoin(areas, eq(areas.id, properties.areaId))
            .where(inArray(properties.id, ids))
        : Promise.resolve([]),

    people: (ids: string[]) =>
      ids.length
        ? db
            .select({ id: users.id, name: users.name, phone: users.phoneNumber, email: users.email, language: users.language })
            .from(users)
            .where(inArray(users.id, ids))
        : Promise.resolve([]),

    /** A let listing leaves search: its owner's "active" switch goes off (they may list it again when it is free). */
    takeOffSearch: async (propertyId: number | null) => {
      if (propertyId !== null) await db.update(properties).set({ active: false }).where(eq(properties.id, propertyId));
    },

    /** Posts to the ledger on this repository's connection (inside its transaction when it has one). */
    post: (posting: LedgerPosting) => ledger.post(posting),

    /** A deal's screening documents, oldest first: the tenant submits only with one uploaded. */
    documentsOfDeal: (dealId: string) =>
      db.select().from(dealDocuments).where(eq(dealDocuments.dealId, dealId)).orderBy(asc(dealDocuments.createdAt)),

    /** Marks the uploaded documents of a deal with the screening verdict. */
    judgeDocuments: (dealId: string, status: 'VERIFIED' | 'REJECTED') =>
      db
        .update(dealDocuments)
        .set({ status })
        .where(and(eq(dealDocuments.dealId, dealId), eq(dealDocuments.status, 'UPLOADED'))),
  };
}
export type DealQueries = ReturnType<typeof dealQueries>;

export function createDealsRepository(db: Database) {
  return {
    ...dealQueries(db),
    /** Runs `work` in one transaction with the queries (and the transaction, for jobs) bound to it. */
    transaction: <T>(work: (repo: DealQueries, tx: Database) => Promise<T>): Promise<T> =>
      db.transaction(async (tx) => work(dealQueries(tx as unknown as Database), tx as unknown as Database)),
  };
}
export type DealsRepository = ReturnType<typeof createDealsRepository>;
