import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, landmarks, promotionListings, promotions, properties } from '@kunci/db/schema';
import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
import { cardColumns, cardCover, cardCoverColumns, isLive } from '../../lib/listing-card.repository.ts';

export type PromotionRow = typeof promotions.$inferSelect;
/** The staff member making a change, as the audit log names them. */
export interface Staff {
  id: string;
  name: string;
  role: string;
}
/** What the audit log keeps of a promotion, before and after a change. */
const audited = (row: PromotionRow, listingIds: number[]) => ({
  kind: row.kind,
  partnerName: row.partnerName,
  title: row.titleEn,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  listingIds,
});
export type PromotionValues = Omit<typeof promotions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Hot deals and partner campaigns, and the listings they cover. */
export function createPromotionsRepository(db: Database) {
  return {
    /** Promotions of a kind running now, those ending soonest first. */
    running: (kind: PromotionRow['kind']) =>
      db
        .select()
        .from(promotions)
        .where(and(eq(promotions.kind, kind), lte(promotions.startsAt, sql`now()`), gt(promotions.endsAt, sql`now()`)))
        .orderBy(asc(promotions.endsAt), asc(promotions.id)),

    /** The live listings of these promotions, as cards, newest first. */
    liveCards: (promotionIds: number[]) =>
      promotionIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ promotionId: promotionListings.promotionId, ...cardColumns, ...cardCoverColumns })
            .from(promotionListings)
            .innerJoin(properties, eq(properties.id, promotionListings.propertyId))
            .innerJoin(areas, eq(areas.id, properties.areaId))
            .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
            .leftJoinLateral(cardCover, sql`true`)
            .where(and(inArray(promotionListings.promotionId, promotionIds), isLive()))
            .orderBy(desc(properties.dateCreated), desc(properties.id)),

    /** Every promotion for staff: running and upcoming first (by start), then ended ones, most recent first. */
    all: () =>
      db
        .select()
        .from(promotions)
        .orderBy(sql`${promotions.endsAt} <= now()`, desc(promotions.startsAt), desc(promotions.id))
        .limit(500),

    find: async (id: number) => (await db.select().from(promotions).where(eq(promotions.id, id)))[0],

    listingIds: async (promotionIds: number[]) =>
      promotionIds.length === 0
        ? []
        : db
            .select({ promotionId: promotionListings.promotionId, propertyId: promotionListings.propertyId })
            .from(promotionListings)
            .where(inArray(promotionListings.promotionId, promotionIds))
            .orderBy(asc(promotionListings.propertyId)),

    /** Which of these listing ids exist. */
    existingListings: async (ids: number[]) =>
      ids.length === 0 ? [] : (await db.select({ id: properties.id }).from(properties).where(inArray(properties.id, ids))).map((r) => r.id),

    /** Creates (no id) or replaces a promotion with its listings and its audit record, in one transaction; undefined when the id is unknown. */
    save: (id: number | undefined, values: PromotionValues, listingIds: number[], staff: Staff) =>
      db.transaction(async (tx) => {
        const before = id ? (await tx.select().from(promotions).where(eq(promotions.id, id)).for('update'))[0] : undefined;
        if (id && !before) return undefined;
        const beforeIds = id
          ? (await tx.select({ id: promotionListings.propertyId }).from(promotionListings).where(eq(promotionListings.promotionId, id))).map(
              (r) => r.id,
            )
          : [];
        // An edit keeps who created the promotion.
        const { createdBy: _creator, ...changes } = values;
        const row = id
          ? (
              await tx
                .update(promotions)
                .set({ ...changes, updatedAt: sql`now()` })
                .where(eq(promotions.id, id))
                .returning()
            )[0]!
          : (await tx.insert(promotions).values(values).returning())[0]!;
        await tx.delete(promotionListings).where(eq(promotionListings.promotionId, row.id));
        if (listingIds.length) await tx.insert(promotionListings).values(listingIds.map((propertyId) => ({ promotionId: row.id, propertyId })));
        await createAuditLogRepository(tx).record({
          actor: staff,
          action: id ? 'promotion.update' : 'promotion.create',
          targetType: 'promotion',
          targetId: row.id,
          before: before
            ? audited(
                before,
                beforeIds.sort((a, b) => a - b),
              )
            : null,
          after: audited(
            row,
            [...listingIds].sort((a, b) => a - b),
          ),
        });
        return row;
      }),

    /** Deletes a promotion (its listings go with it) and records who did, in one transaction. */
    remove: (id: number, staff: Staff) =>
      db.transaction(async (tx) => {
        const [gone] = await tx.delete(promotions).where(eq(promotions.id, id)).returning();
        if (!gone) return false;
        await createAuditLogRepository(tx).record({
          actor: staff,
          action: 'promotion.delete',
          targetType: 'promotion',
          targetId: id,
          before: audited(gone, []),
        });
        return true;
      }),
  };
}
export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
