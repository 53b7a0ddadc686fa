import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { staffConfirmations, staffPins } from '@kunci/db/schema';

/** Staff PINs and confirmations, per session. */
export function createStaffRepository(db: Database) {
  return {
    async confirmedAt(sessionId: number): Promise<Date | null> {
      const [row] = await db.select().from(staffConfirmations).where(eq(staffConfirmations.sessionId, sessionId));
      return row?.confirmedAt ?? null;
    },

    async confirm(sessionId: number): Promise<Date> {
      const confirmedAt = new Date();
      await db
        .insert(staffConfirmations)
        .values({ sessionId, confirmedAt })
        .onConflictDoUpdate({ target: staffConfirmations.sessionId, set: { confirmedAt } });
      return confirmedAt;
    },

    /** A new PIN for the session; earlier unused ones stop working. */
    async replacePin(sessionId: number, pinHash: string, ttlMinutes: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(staffPins)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(staffPins.sessionId, sessionId), isNull(staffPins.consumedAt)));
        await tx.insert(staffPins).values({ sessionId, pinHash, expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})` });
      });
    },

    async livePin(sessionId: number) {
      const [row] = await db
        .select()
        .from(staffPins)
        .where(and(eq(staffPins.sessionId, sessionId), isNull(staffPins.consumedAt), gt(staffPins.expiresAt, sql`now()`)))
        .orderBy(desc(staffPins.createdAt))
        .limit(1);
      return row;
    },

    async failedTry(pinId: number, lastTry: boolean): Promise<void> {
      await db
        .update(staffPins)
        .set({ attempts: sql`${staffPins.attempts} + 1`, ...(lastTry ? { consumedAt: sql`now()` } : {}) })
        .where(eq(staffPins.id, pinId));
    },

    async consumePin(pinId: number): Promise<void> {
      await db
        .update(staffPins)
        .set({ consumedAt: sql`now()` })
        .where(eq(staffPins.id, pinId));
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
