import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@kunci/db/client';
import { appointments, chatConversations, chatMessages, favourites, properties, users } from '@kunci/db/schema';
import { messageConversation, unreadBy } from '../../lib/chat-unread.repository.ts';
import { isLive } from '../../lib/listing-card.repository.ts';

const tenants = alias(users, 'tenant');
const landlords = alias(users, 'landlord');

/** Read-only counts and short lists across chat, viewings, favourites and listings, for one user's dashboard. */
export function createDashboardRepository(db: Database) {
  return {
    /** Messages waiting for the user and the conversations they are in (the chat badge's rule: past their read mark, not their own). */
    unread: async (userId: string) =>
      (
        await db
          .select({ messages: sql<number>`count(*)::int`, conversations: sql<number>`count(distinct ${chatMessages.conversationId})::int` })
          .from(chatMessages)
          .innerJoin(chatConversations, messageConversation)
          .where(unreadBy(userId))
      )[0] ?? { messages: 0, conversations: 0 },

    /** Booked viewings still to come where the user is the tenant or the landlord, soonest first, with how many there are. */
    upcomingViewings: async (userId: string, limit: number) => {
      const mine = and(
        eq(appointments.status, 'BOOKED'),
        sql`${appointments.startsAt} > now()`,
        or(eq(appointments.tenantId, userId), eq(chatConversations.landlordId, userId)),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: appointments.id,
            conversationId: appointments.conversationId,
            propertyId: appointments.propertyId,
            propertyName: properties.name,
            startsAt: appointments.startsAt,
            group: appointments.group,
            acceptedAt: appointments.acceptedAt,
            tenantId: appointments.tenantId,
            tenantName: tenants.name,
            landlordName: landlords.name,
          })
          .from(appointments)
          .innerJoin(chatConversations, eq(chatConversations.id, appointments.conversationId))
          .innerJoin(properties, eq(properties.id, appointments.propertyId))
          .innerJoin(tenants, eq(tenants.id, appointments.tenantId))
          .innerJoin(landlords, eq(landlords.id, chatConversations.landlordId))
          .where(mine)
          .orderBy(asc(appointments.startsAt), asc(appointments.id))
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(appointments)
          .innerJoin(chatConversations, eq(chatConversations.id, appointments.conversationId))
          .where(mine),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    favouriteCount: async (userId: string) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(favourites)
          .where(eq(favourites.userId, userId))
      )[0]?.n ?? 0,

    /** The user's listings counted by state, in one pass. */
    listingCounts: async (userId: string, expiringWithinDays: number) =>
      (
        await db
          .select({
            total: sql<number>`count(*)::int`,
            live: sql<number>`(count(*) filter (where ${isLive()}))::int`,
            inReview: sql<number>`(count(*) filter (where ${properties.reviewStatus} = 'PENDING'))::int`,
            drafts: sql<number>`(count(*) filter (where ${properties.reviewStatus} = 'DRAFT'))::int`,
            rejected: sql<number>`(count(*) filter (where ${properties.reviewStatus} = 'REJECTED'))::int`,
            expiringSoon: sql<number>`(count(*) filter (where ${isLive()} and ${properties.expiresAt} <= now() + make_interval(days => ${expiringWithinDays})))::int`,
          })
          .from(properties)
          .where(eq(properties.ownerId, userId))
      )[0] ?? { total: 0, live: 0, inReview: 0, drafts: 0, rejected: 0, expiringSoon: 0 },

    /** A few of the user's listings in one state needing action: drafts and rejected ones latest first, expiring ones soonest first. */
    listingsNeedingAction: (userId: string, kind: 'drafts' | 'rejected' | 'expiringSoon', limit: number, expiringWithinDays: number) => {
      const columns = { id: properties.id, name: properties.name, reason: properties.rejectionReason, expiresAt: properties.expiresAt };
      const base = db.select(columns).from(properties);
      if (kind === 'expiringSoon')
        return base
          .where(and(eq(properties.ownerId, userId), isLive(), sql`${properties.expiresAt} <= now() + make_interval(days => ${expiringWithinDays})`))
          .orderBy(asc(properties.expiresAt), asc(properties.id))
          .limit(limit);
      return base
        .where(and(eq(properties.ownerId, userId), eq(properties.reviewStatus, kind === 'drafts' ? 'DRAFT' : 'REJECTED')))
        .orderBy(desc(properties.dateUpdated), desc(properties.id))
        .limit(limit);
    },

    rentalRole: async (userId: string) =>
      (await db.select({ rentalRole: users.rentalRole }).from(users).where(eq(users.id, userId)))[0]?.rentalRole ?? null,
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
