import { ErrorCode, type FieldError } from '@kunci/contracts/errors';
import { VIEWING, malaysianClock, slotStart, type Appointment, type Timeslots } from '@kunci/contracts/appointments';
import { DAY_MS } from '@kunci/contracts/constants';
import { AppError } from '../../lib/app-error.ts';
import type { AppointmentRow, AppointmentsRepository } from './appointments.repository.ts';
import type { ChatActor, ChatService } from './chat.service.ts';

const HOUR_MS = 3_600_000;

function toAppointment(a: AppointmentRow): Appointment {
  return {
    id: a.id,
    conversationId: a.conversationId,
    propertyId: a.propertyId,
    tenantId: a.tenantId,
    startsAt: a.startsAt.toISOString(),
    endsAt: new Date(a.startsAt.getTime() + HOUR_MS).toISOString(),
    group: a.group,
    status: a.status,
    acceptedAt: a.acceptedAt?.toISOString() ?? null,
    host: a.host,
    createdAt: a.createdAt.toISOString(),
  };
}

const notFound = (details: Record<string, unknown>) => new AppError(ErrorCode.NOT_FOUND, details);
const invalid = (fields: FieldError[]) => new AppError(ErrorCode.VALIDATION, undefined, fields);
const slotTaken = (details: Record<string, unknown>) => new AppError(ErrorCode.SLOT_TAKEN, details);

/** Postgres' unique_violation: the single-slot index caught a booking the lock did not (belt and braces). */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));

/**
 * Viewings, booked from a conversation. The first bookable instant is the later of an hour from now and the
 * listing's viewing availability; slots run hourly 9 AM to 9 PM Malaysia time for two weeks from there.
 */
export function createAppointmentsService(deps: { repository: AppointmentsRepository; chat: ChatService }) {
  const { repository, chat } = deps;

  function window(viewingAvailableDate: Date | null, now = Date.now()) {
    const earliest = Math.max(now + VIEWING.leadMinutes * 60_000, viewingAvailableDate?.getTime() ?? 0);
    const firstDate = malaysianClock(new Date(earliest)).date;
    const end = slotStart(firstDate, 0).getTime() + VIEWING.days * DAY_MS;
    return { earliest, firstDate, end };
  }

  /** Whether an instant is a slot start this listing offers now; the field error says why not. */
  function offered(startsAt: Date, viewingAvailableDate: Date | null): boolean {
    const { earliest, end } = window(viewingAvailableDate);
    const { hour } = malaysianClock(startsAt);
    return (
      startsAt.getTime() % HOUR_MS === 0 &&
      hour >= VIEWING.firstHour &&
      hour < VIEWING.endHour &&
      startsAt.getTime() >= earliest &&
      startsAt.getTime() < end
    );
  }

  async function bookable(propertyId: number) {
    const listing = await repository.chat.listing(propertyId);
    if (!listing) throw notFound({ propertyId });
    if (!listing.live) throw new AppError(ErrorCode.GONE, { propertyId });
    return listing;
  }

  /**
   * Locks the listing, then decides whether this booking fits the slot (a single viewing needs it empty); `tx` is the
   * repository bound to the booking's transaction.
   */
  async function claimSlot(tx: AppointmentsRepository, propertyId: number, startsAt: Date, group: boolean, exceptId = 0) {
    await tx.lockListing(propertyId);
    const there = await tx.at(propertyId, startsAt, exceptId);
    const single = there.some((a) => !a.group);
    if (single || (there.length > 0 && !group) || there.length >= VIEWING.groupMax) throw slotTaken({ propertyId, startsAt });
  }

  async function inTransaction<T>(work: (tx: AppointmentsRepository) => Promise<T>, slot: Record<string, unknown>): Promise<T> {
    try {
      return await repository.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw slotTaken(slot);
      throw error;
    }
  }

  return {
    async timeslots(propertyId: number): Promise<Timeslots> {
      const listing = await bookable(propertyId);
      const { earliest, firstDate, end } = window(listing.viewingAvailableDate);
      const taken = await repository.booked(propertyId, slotStart(firstDate, 0), new Date(end));
      const at = new Map<number, { single: boolean; group: number }>();
      for (const a of taken) {
        const entry = at.get(a.startsAt.getTime()) ?? { single: false, group: 0 };
        if (a.group) entry.group += 1;
        else entry.single = true;
        at.set(a.startsAt.getTime(), entry);
      }
      const days: Timeslots['days'] = [];
      for (let day = 0; day < VIEWING.days; day++) {
        const date = new Date(slotStart(firstDate, 12).getTime() + day * DAY_MS).toISOString().slice(0, 10);
        const slots = [];
        for (let hour = VIEWING.firstHour; hour < VIEWING.endHour; hour++) {
          const start = slotStart(date, hour);
          if (start.getTime() < earliest) continue;
          const booked = at.get(start.getTime());
          if (booked?.single || (booked && booked.group >= VIEWING.groupMax)) continue;
          slots.push({
            startsAt: start.toISOString(),
            time: `${String(hour).padStart(2, '0')}:00`,
            groupOnly: Boolean(booked?.group),
            groupViewers: booked?.group ?? 0,
          });
        }
        if (slots.length) days.push({ date, slots });
      }
      return { propertyId, timeZone: VIEWING.timeZone, days };
    },

    /** The tenant books a viewing from the conversation (one upcoming viewing per conversation). */
    async book(actor: ChatActor, body: { conversationId: number; startsAt: string; group: boolean }): Promise<Appointment> {
      const conversation = await chat.participantOf(actor, body.conversationId);
      if (conversation.tenantId !== actor.id) throw new AppError(ErrorCode.FORBIDDEN, { conversationId: conversation.id, role: 'LANDLORD' });
      const listing = await bookable(conversation.propertyId);
      const startsAt = new Date(body.startsAt);
      if (!offered(startsAt, listing.viewingAvailableDate)) throw invalid([{ path: 'body.startsAt', message: 'field.slot' }]);
      const { appointment, message } = await inTransaction(
        async (tx) => {
          await claimSlot(tx, listing.id, startsAt, body.group);
          if (await tx.upcomingOf(conversation.id))
            throw new AppError(ErrorCode.CONFLICT, { conversationId: conversation.id, reason: 'already booked' });
          // "Instant view": while a home runner holds the keys, the runner shows the home and the booking is confirmed
          // at once, without the landlord.
          const byRunner = await tx.keysHeld(listing.id);
          const appointment = await tx.insert({
            conversationId: conversation.id,
            propertyId: listing.id,
            tenantId: actor.id,
            startsAt,
            group: body.group,
            ...(byRunner ? { host: 'RUNNER' as const, acceptedAt: new Date() } : {}),
          });
          const message = await chat.systemMessage(
            tx.chat,
            conversation.id,
            { event: 'VIEWING_BOOKED', appointmentId: appointment.id, startsAt: startsAt.toISOString(), group: body.group },
            actor.id,
          );
          return { appointment, message };
        },
        { propertyId: listing.id, startsAt },
      );
      await chat.announce(conversation, [message]);
      return toAppointment(appointment);
    },

    /** Either side moves a booked viewing to another free slot. */
    async reschedule(actor: ChatActor, id: number, startsAtIso: string): Promise<Appointment> {
      const current = await repository.find(id);
      if (!current) throw notFound({ appointmentId: id });
      const conversation = await chat.participantOf(actor, current.conversationId);
      if (current.status !== 'BOOKED') throw new AppError(ErrorCode.GONE, { appointmentId: id });
      const listing = await bookable(current.propertyId);
      const startsAt = new Date(startsAtIso);
      if (!offered(startsAt, listing.viewingAvailableDate)) throw invalid([{ path: 'body.startsAt', message: 'field.slot' }]);
      const { appointment, message } = await inTransaction(
        async (tx) => {
          await claimSlot(tx, listing.id, startsAt, current.group, id);
          const again = await tx.find(id);
          if (again?.status !== 'BOOKED') throw new AppError(ErrorCode.GONE, { appointmentId: id });
          const byTenant = conversation.tenantId === actor.id;
          // A time the landlord picks is accepted by them; one the tenant picks waits for the landlord again, unless a
          // home runner holds the keys (then the runner shows the home at the new time too).
          const byRunner = await tx.keysHeld(listing.id);
          const appointment = await tx.update(id, {
            startsAt,
            remindedAt: null,
            acceptedAt: byTenant && !byRunner ? null : new Date(),
            host: byRunner ? 'RUNNER' : 'LANDLORD',
          });
          const message = await chat.systemMessage(
            tx.chat,
            conversation.id,
            {
              event: 'VIEWING_RESCHEDULED',
              appointmentId: id,
              startsAt: startsAt.toISOString(),
              group: current.group,
              by: byTenant ? 'TENANT' : 'LANDLORD',
            },
            actor.id,
          );
          return { appointment, message };
        },
        { propertyId: listing.id, startsAt },
      );
      await chat.announce(conversation, [message]);
      return toAppointment(appointment);
    },

    async cancel(actor: ChatActor, id: number): Promise<Appointment> {
      const current = await repository.find(id);
      if (!current) throw notFound({ appointmentId: id });
      const conversation = await chat.participantOf(actor, current.conversationId);
      const { appointment, message } = await repository.transaction(async (tx) => {
        await tx.lockListing(current.propertyId);
        const again = await tx.find(id);
        if (again?.status !== 'BOOKED') throw new AppError(ErrorCode.GONE, { appointmentId: id });
        const appointment = await tx.update(id, { status: 'CANCELLED', cancelledBy: actor.id });
        const message = await chat.systemMessage(
          tx.chat,
          conversation.id,
          {
            event: 'VIEWING_CANCELLED',
            appointmentId: id,
            startsAt: current.startsAt.toISOString(),
            group: current.group,
            by: conversation.tenantId === actor.id ? 'TENANT' : 'LANDLORD',
          },
          actor.id,
        );
        return { appointment, message };
      });
      await chat.announce(conversation, [message]);
      return toAppointment(appointment);
    },

    /**
     * The listing's landlord accepts or declines a booked viewing; the tenant is told in the conversation (and by
     * SMS and email when away). Accepting twice answers the same; a declined viewing frees its slot. Once accepted,
     * the landlord cancels rather than declines.
     */
    async respond(actor: ChatActor, id: number, accept: boolean): Promise<Appointment> {
      const current = await repository.find(id);
      if (!current) throw notFound({ appointmentId: id });
      const conversation = await chat.participantOf(actor, current.conversationId);
      if (conversation.landlordId !== actor.id) throw new AppError(ErrorCode.FORBIDDEN, { appointmentId: id, role: 'TENANT' });
      const { appointment, message } = await repository.transaction(async (tx) => {
        await tx.lockListing(current.propertyId);
        const again = await tx.find(id);
        if (again?.status !== 'BOOKED' || again.startsAt.getTime() <= Date.now()) throw new AppError(ErrorCode.GONE, { appointmentId: id });
        if (again.acceptedAt) {
          if (accept) return { appointment: again, message: null };
          throw new AppError(ErrorCode.CONFLICT, { appointmentId: id, reason: 'already accepted' });
        }
        const appointment = await tx.update(id, accept ? { acceptedAt: new Date() } : { status: 'DECLINED', cancelledBy: actor.id });
        const message = await chat.systemMessage(
          tx.chat,
          conversation.id,
          {
            event: accept ? 'VIEWING_ACCEPTED' : 'VIEWING_DECLINED',
            appointmentId: id,
            startsAt: again.startsAt.toISOString(),
            group: again.group,
          },
          actor.id,
        );
        return { appointment, message };
      });
      if (message) await chat.announce(conversation, [message]);
      return toAppointment(appointment);
    },

    async ofConversation(actor: ChatActor, conversationId: number) {
      await chat.readable(actor, conversationId);
      return { content: (await repository.ofConversation(conversationId)).map(toAppointment) };
    },

    /** Viewings due within a day get one reminder: a system message in the conversation and a notice to each side. */
    async remind() {
      const due = await repository.claimReminders(VIEWING.reminderHours);
      const sent = [];
      for (const a of due) {
        const conversation = await repository.chat.find(a.conversationId);
        if (!conversation) continue;
        const message = await repository.chat.transaction((tx) =>
          chat.systemMessage(tx, a.conversationId, {
            event: 'VIEWING_REMINDER',
            appointmentId: a.id,
            startsAt: a.startsAt.toISOString(),
            group: a.group,
          }),
        );
        await chat.announce(conversation, [message]);
        // Both sides are told through the notification centre (chat-jobs.ts), under the bell and by SMS, email, push.
        const listing = (await repository.chat.view(conversation.tenantId, a.conversationId))?.propertyName ?? '';
        sent.push({ appointment: a, conversation, listing });
      }
      return sent;
    },
  };
}
export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
