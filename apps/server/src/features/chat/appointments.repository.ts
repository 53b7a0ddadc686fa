import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { appointments, keyCollections, properties } from '@kunci/db/schema';
import { transactional } from '../../lib/transactional.ts';
import { createChatRepository } from './chat.repository.ts';

export type AppointmentRow = typeof appointments.$inferSelect;

export const createAppointmentsRepository = (db: Database) => transactional(db, appointmentQueries);

/** Viewings; a booking's transaction also stores its chat message, so the chat repository comes along (`chat`). */
function appointmentQueries(db: Database) {
  return {
    chat: createChatRepository(db),

    /** Locks the listing row: bookings of one listing are decided one at a time. */
    lockListing: (propertyId: number) => db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update'),

    find: async (id: number) => (await db.select().from(appointments).where(eq(appointments.id, id)))[0],

    /** Whether a home runner holds the listing's keys ("Instant view": the runner hosts viewings). */
    keysHeld: async (propertyId: number) =>
      (
        await db
          .select({ id: keyCollections.id })
          .from(keyCollections)
          .where(and(eq(keyCollections.propertyId, propertyId), inArray(keyCollections.status, ['COLLECTED', 'RETURN_REQUESTED'])))
          .limit(1)
      ).length > 0,

    /** Booked viewings of a listing in a window (what the slots are taken by). */
    booked: (propertyId: number, from: Date, to: Date) =>
      db
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
    at: (propertyId: number, startsAt: Date, exceptId = 0) =>
      db
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

    upcomingOf: async (conversationId: number) =>
      (
        await db
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.conversationId, conversationId), eq(appointments.status, 'BOOKED'), gte(appointments.startsAt, sql`now()`)))
      )[0],

    insert: async (values: typeof appointments.$inferInsert) => (await db.insert(appointments).values(values).returning())[0]!,
    update: async (id: number, values: Partial<typeof appointments.$inferInsert>) =>
      (
        await db
          .update(appointments)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(appointments.id, id))
          .returning()
      )[0]!,

    ofConversation: (conversationId: number) =>
      db.select().from(appointments).where(eq(appointments.conversationId, conversationId)).orderBy(asc(appointments.startsAt)),

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
