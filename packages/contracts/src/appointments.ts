import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Viewings (business rules): hourly slots from 9 AM to 9 PM Malaysia time (UTC+8, no daylight saving), offered
 * from the listing's viewing availability for the next two weeks, bookable up to an hour ahead. A single viewing
 * takes its slot; a group viewing shares it with up to `groupMax` tenants. A reminder goes out a day before.
 */
export const VIEWING = {
  firstHour: 9,
  endHour: 21,
  days: 14,
  leadMinutes: 60,
  groupMax: 6,
  reminderHours: 24,
  utcOffsetHours: 8,
  timeZone: 'Asia/Kuala_Lumpur',
} as const;

/** The viewing date and time the tenant picked, kept while they finish booking (spec section 3). */
export const VIEWING_COOKIES = { date: { name: 'viewingDate', days: 1 }, time: { name: 'viewingTime', days: 1 } } as const;

/** The instant a Malaysian wall-clock hour on a date begins. */
export function slotStart(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, hour - VIEWING.utcOffsetHours));
}

/** The Malaysian date (YYYY-MM-DD) and hour of an instant. */
export function malaysianClock(at: Date): { date: string; hour: number } {
  const local = new Date(at.getTime() + VIEWING.utcOffsetHours * 3_600_000);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

export const TimeslotParams = z.object({ id });
export const Timeslot = z.object({
  startsAt: z.string(),
  /** 24-hour Malaysian time, "09:00". */
  time: z.string(),
  /** Open only to group viewers: others already booked a group viewing at this time. */
  groupOnly: z.boolean(),
  groupViewers: z.number().int(),
});
export const Timeslots = z
  .object({
    propertyId: z.number().int(),
    timeZone: z.string(),
    days: z.array(z.object({ date: z.string(), slots: z.array(Timeslot) })),
  })
  .meta({ id: 'Timeslots' });
export type Timeslots = z.infer<typeof Timeslots>;

const instant = z.iso.datetime({ offset: true, message: 'field.slot' });

export const BookAppointment = z
  .object({ conversationId: id, startsAt: instant, group: z.boolean().default(false) })
  .strict()
  .meta({ id: 'BookAppointment' });
export type BookAppointment = z.infer<typeof BookAppointment>;
export const RescheduleAppointment = z.object({ startsAt: instant }).strict();
export const AppointmentParams = z.object({ id });
export const ConversationAppointmentsParams = z.object({ conversationId: id });

export const Appointment = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int(),
    propertyId: z.number().int(),
    tenantId: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    group: z.boolean(),
    /** DECLINED: the landlord turned it down. */
    status: z.enum(['BOOKED', 'CANCELLED', 'DECLINED']),
    /** When the landlord accepted this time; null while it waits for them (a move by the tenant asks again). */
    acceptedAt: z.string().nullable(),
    /** Who shows the home: the landlord, or a Kunci home runner holding the keys ("Instant view", confirmed at once). */
    host: z.enum(['LANDLORD', 'RUNNER']),
    createdAt: z.string(),
  })
  .meta({ id: 'Appointment' });
export type Appointment = z.infer<typeof Appointment>;
export const Appointments = z.object({ content: z.array(Appointment) });
