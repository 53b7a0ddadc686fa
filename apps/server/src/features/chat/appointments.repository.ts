import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { appointments, properties } from '@kunci/db/schema';
import type { Db, Tx } from './chat.repository.ts';

export function createAppointmentsRepository(db: Database) {
  return {
    /** Locks the listing row: bookings of one listing are decided one at a time. */
    lockListing: (tx: Tx, propertyId: number) => tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update'),

    find: async (d: Db, id: number) => (await d.select().from(appointments).where(eq(appointments.id, id)))[0],

    /** Booked viewings of a listing in a window (what the slots are taken by). */
    booked: (d: Db, propertyId: number, from: Date, to: Date) =>
      d
        .select({ id: appointments.id, startsAt: appointments.startsAt, group: appointments.group })
        .from(appointments)
        .where(
          and(
            eq(appointments.propertyId, propertyId),
            eq(appointments.status, 'BOOKED'),
            gte(appointments.startsAt, from),
            lt(appointments.startsAt, to),
          ),
        ),

    /** Bookings at one instant, but for `exceptId` (the appointment being moved). */
    at: (tx: Tx, propertyId: number, startsAt: Date, exceptId = 0) =>
      tx
        .select({ id: appointments.id, group: appointments.group })
        .from(appointments)
        .where(
          and(
            eq(appointments.propertyId, propertyId),
            eq(appointments.startsAt, startsAt),
            eq(appointments.status, 'BOOKED'),
            ne(appointments.id, exceptId),
          ),
        ),

    upcomingOf: async (tx: Tx, conversationId: number) =>
      (
        await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.conversationId, conversationId), eq(appointments.status, 'BOOKED'), gte(appointments.startsAt, sql`now()`)))
      )[0],

    insert: async (tx: Tx, values: typeof appointments.$inferInsert) => (await tx.insert(appointments).values(values).returning())[0]!,
    update: async (tx: Tx, id: number, values: Partial<typeof appointments.$inferInsert>) =>
      (
        await tx
          .update(appointments)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(appointments.id, id))
          .returning()
      )[0]!,

    ofConversation: (d: Db, conversationId: number) =>
      d.select().from(appointments).where(eq(appointments.conversationId, conversationId)).orderBy(asc(appointments.startsAt)),

    /** Viewings starting within `hours` not yet reminded of, claimed (safe on several instances at once). */
    claimReminders: (hours: number) =>
      db
        .update(appointments)
        .set({ remindedAt: sql`now()` })
        .where(
          inArray(
            appointments.id,
            db
              .select({ id: appointments.id })
              .from(appointments)
              .where(
                and(
                  eq(appointments.status, 'BOOKED'),
                  isNull(appointments.remindedAt),
                  gte(appointments.startsAt, sql`now()`),
                  lte(appointments.startsAt, sql`now() + make_interval(hours => ${hours})`),
                ),
              )
              .limit(200)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning(),
  };
}
export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
