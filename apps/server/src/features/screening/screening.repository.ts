import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import {
  areas,
  creditChecks,
  dealDocuments,
  dealScreenings,
  deals,
  marketPriceJustifications,
  meta,
  privateFileReads,
  privateFiles,
  properties,
  users,
  zeroDepositJustifications,
} from '@kunci/db/schema';
import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
import { transactional } from '../../lib/transactional.ts';

export type DocumentRow = typeof dealDocuments.$inferSelect;
export type CreditCheckRow = typeof creditChecks.$inferSelect;
export type ScreeningRow = typeof dealScreenings.$inferSelect;
export type PrivateFileRow = typeof privateFiles.$inferSelect;
export type FileReadRow = typeof privateFileReads.$inferSelect;

/** Screening's queries; `transaction(work)` runs a review and its audit row together (decision 0008). */
export const createScreeningRepository = (db: Database) => transactional(db, screeningQueries);

function screeningQueries(db: Database) {
  return {
    /** The audit log, bound to the same handle: a staff decision and its record commit together. */
    audit: createAuditLogRepository(db),

    /** The key that seals private data when PRIVATE_DATA_KEY is unset: generated once, shared by every instance. */
    async sharedDataKey(generate: () => string): Promise<string> {
      await db.insert(meta).values({ key: 'private_data_key', value: generate() }).onConflictDoNothing({ target: meta.key });
      return (await db.select().from(meta).where(eq(meta.key, 'private_data_key')))[0]!.value;
    },

    /** What screening needs of a deal and its listing (the deal service owns the deal itself). */
    deal: async (id: string) =>
      (
        await db
          .select({
            id: deals.id,
            state: deals.state,
            tenantId: deals.tenantId,
            landlordId: deals.landlordId,
            monthlyRent: deals.monthlyRent,
            propertyType: properties.type,
          })
          .from(deals)
          .innerJoin(properties, eq(properties.id, deals.propertyId))
          .where(eq(deals.id, id))
      )[0],

    insertDocument: async (values: typeof dealDocuments.$inferInsert) => (await db.insert(dealDocuments).values(values).returning())[0]!,
    findDocument: async (id: string) => (await db.select().from(dealDocuments).where(eq(dealDocuments.id, id)))[0],
    updateDocument: async (id: string, values: Partial<typeof dealDocuments.$inferInsert>) =>
      (await db.update(dealDocuments).set(values).where(eq(dealDocuments.id, id)).returning())[0]!,
    documentsOfDeal: (dealId: string) =>
      db.select().from(dealDocuments).where(eq(dealDocuments.dealId, dealId)).orderBy(asc(dealDocuments.createdAt)),
    documentsOfUser: (userId: string) =>
      db.select().from(dealDocuments).where(eq(dealDocuments.ownerId, userId)).orderBy(desc(dealDocuments.createdAt)).limit(200),

    screening: async (dealId: string) => (await db.select().from(dealScreenings).where(eq(dealScreenings.dealId, dealId)))[0],
    saveScreening: async (values: typeof dealScreenings.$inferInsert) =>
      (
        await db
          .insert(dealScreenings)
          .values(values)
          .onConflictDoUpdate({ target: dealScreenings.dealId, set: { ...values, updatedAt: new Date() } })
          .returning()
      )[0]!,

    creditCheck: async (userId: string) => (await db.select().from(creditChecks).where(eq(creditChecks.userId, userId)))[0],
    creditCheckById: async (id: string) => (await db.select().from(creditChecks).where(eq(creditChecks.id, id)))[0],
    saveCreditCheck: async (values: typeof creditChecks.$inferInsert & { userId: string }) =>
      (
        await db
          .insert(creditChecks)
          .values(values)
          .onConflictDoUpdate({ target: creditChecks.userId, set: { ...values, updatedAt: new Date() } })
          .returning()
      )[0]!,
    updateCreditCheck: async (id: string, values: Partial<typeof creditChecks.$inferInsert>) =>
      (
        await db
          .update(creditChecks)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(creditChecks.id, id))
          .returning()
      )[0]!,

    insertFile: async (values: typeof privateFiles.$inferInsert) => (await db.insert(privateFiles).values(values).returning())[0]!,
    findFile: async (id: string) => (await db.select().from(privateFiles).where(eq(privateFiles.id, id)))[0],

    recordRead: async (values: typeof privateFileReads.$inferInsert) => (await db.insert(privateFileReads).values(values).returning())[0]!,
    reads: (fileIds: string[]) =>
      fileIds.length
        ? db
            .select()
            .from(privateFileReads)
            .where(inArray(privateFileReads.fileId, fileIds))
            .orderBy(desc(privateFileReads.readAt), desc(privateFileReads.id))
            .limit(500)
        : Promise.resolve([]),

    insertZeroDepositJustification: async (values: typeof zeroDepositJustifications.$inferInsert) =>
      (await db.insert(zeroDepositJustifications).values(values).returning())[0]!,
    zeroDepositJustifications: (status?: 'PENDING' | 'ACCEPTED' | 'REFUSED') =>
      db
        .select()
        .from(zeroDepositJustifications)
        .where(status ? eq(zeroDepositJustifications.status, status) : undefined)
        .orderBy(desc(zeroDepositJustifications.createdAt))
        .limit(200),
    findZeroDepositJustification: async (id: string) =>
      (await db.select().from(zeroDepositJustifications).where(eq(zeroDepositJustifications.id, id)))[0],
    /** The review queue: pending justifications, oldest first (first sent, first answered), with the tenant and the deal's listing. */
    pendingZeroDepositJustifications: (offset: number, limit: number) =>
      db
        .select({
          justification: zeroDepositJustifications,
          tenantName: users.name,
          tenantPhone: users.phoneNumber,
          dealState: deals.state,
          propertyId: deals.propertyId,
          propertyName: properties.name,
        })
        .from(zeroDepositJustifications)
        .innerJoin(users, eq(users.id, zeroDepositJustifications.userId))
        .leftJoin(deals, eq(deals.id, zeroDepositJustifications.dealId))
        .leftJoin(properties, eq(properties.id, deals.propertyId))
        .where(eq(zeroDepositJustifications.status, 'PENDING'))
        .orderBy(asc(zeroDepositJustifications.createdAt), asc(zeroDepositJustifications.id))
        .offset(offset)
        .limit(limit),
    countPendingZeroDepositJustifications: async () =>
      (await db.select({ n: count() }).from(zeroDepositJustifications).where(eq(zeroDepositJustifications.status, 'PENDING')))[0]!.n,
    /** Whether staff accepted one of the tenant's zero-deposit justifications (a failed credit report no longer rejects them). */
    hasAcceptedJustification: async (userId: string) =>
      (
        await db
          .select({ id: zeroDepositJustifications.id })
          .from(zeroDepositJustifications)
          .where(and(eq(zeroDepositJustifications.userId, userId), eq(zeroDepositJustifications.status, 'ACCEPTED')))
          .limit(1)
      ).length > 0,
    /** Decides a pending justification (null when it is not pending any more: decided once). */
    decideZeroDepositJustification: async (id: string, values: Partial<typeof zeroDepositJustifications.$inferInsert>) =>
      (
        await db
          .update(zeroDepositJustifications)
          .set(values)
          .where(and(eq(zeroDepositJustifications.id, id), eq(zeroDepositJustifications.status, 'PENDING')))
          .returning()
      )[0],
    reviewZeroDepositJustification: async (id: string, values: Partial<typeof zeroDepositJustifications.$inferInsert>) =>
      (await db.update(zeroDepositJustifications).set(values).where(eq(zeroDepositJustifications.id, id)).returning())[0],

    /** The market-price review queue: pending ones, oldest first, with the landlord and the listing. */
    pendingMarketPriceJustifications: (offset: number, limit: number) =>
      db
        .select({
          justification: marketPriceJustifications,
          landlordName: users.name,
          landlordPhone: users.phoneNumber,
          propertyName: properties.name,
          propertyRent: properties.price,
        })
        .from(marketPriceJustifications)
        .innerJoin(users, eq(users.id, marketPriceJustifications.ownerId))
        .innerJoin(properties, eq(properties.id, marketPriceJustifications.propertyId))
        .where(eq(marketPriceJustifications.status, 'PENDING'))
        .orderBy(asc(marketPriceJustifications.createdAt), asc(marketPriceJustifications.id))
        .offset(offset)
        .limit(limit),
    countPendingMarketPriceJustifications: async () =>
      (await db.select({ n: count() }).from(marketPriceJustifications).where(eq(marketPriceJustifications.status, 'PENDING')))[0]!.n,
    findMarketPriceJustification: async (id: string) =>
      (await db.select().from(marketPriceJustifications).where(eq(marketPriceJustifications.id, id)))[0],
    /** Decides a pending market-price justification (null when it is not pending any more). */
    decideMarketPriceJustification: async (id: string, values: Partial<typeof marketPriceJustifications.$inferInsert>) =>
      (
        await db
          .update(marketPriceJustifications)
          .set(values)
          .where(and(eq(marketPriceJustifications.id, id), eq(marketPriceJustifications.status, 'PENDING')))
          .returning()
      )[0],

    /** A listing as the market-price check needs it (its owner, rent, kind and place). */
    listing: async (id: number) =>
      (
        await db
          .select({
            id: properties.id,
            name: properties.name,
            ownerId: properties.ownerId,
            price: properties.price,
            type: properties.type,
            bedroom: properties.bedroom,
            landmarkId: properties.landmarkId,
            areaSlug: areas.slug,
          })
          .from(properties)
          .leftJoin(areas, eq(areas.id, properties.areaId))
          .where(eq(properties.id, id))
      )[0],
    insertMarketPriceJustification: async (values: typeof marketPriceJustifications.$inferInsert) =>
      (await db.insert(marketPriceJustifications).values(values).returning())[0]!,
    marketPriceJustifications: (propertyId: number) =>
      db
        .select()
        .from(marketPriceJustifications)
        // A refused one is not shown to tenants.
        .where(and(eq(marketPriceJustifications.propertyId, propertyId), ne(marketPriceJustifications.status, 'REFUSED')))
        .orderBy(desc(marketPriceJustifications.createdAt))
        .limit(20),
  };
}
export type ScreeningRepository = ReturnType<typeof createScreeningRepository>;
export type JustificationRow = typeof zeroDepositJustifications.$inferSelect;
