import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import {
  noticeDeliveries,
  noticePreferences,
  notices,
  properties,
  pushSubscriptions,
  users,
  type NoticeItem,
  type NoticeLink,
} from '@kunci/db/schema';
import type { NoticeChannel } from '@kunci/contracts/notifications';

export type NoticeRow = typeof notices.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Every query of the notification centre (on the database or one transaction). */
export function createNotificationsRepository(db: Database) {
  return {
    /** Stores a notice; undefined when one with the same key was stored before (sent twice: kept once). */
    insert: async (values: {
      userId: string;
      type: string;
      link: NoticeLink;
      params: Record<string, string | number>;
      items: NoticeItem[];
      key: string | null;
    }) => (await db.insert(notices).values(values).onConflictDoNothing({ target: notices.key }).returning({ id: notices.id }))[0],

    list: (userId: string, before: number | undefined, limit: number) =>
      db
        .select()
        .from(notices)
        .where(and(eq(notices.userId, userId), before ? lt(notices.id, before) : undefined))
        .orderBy(desc(notices.id))
        .limit(limit),

    unread: async (userId: string) =>
      (
        await db
          .select({ n: count() })
          .from(notices)
          .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
      )[0]?.n ?? 0,

    /** Marks the person's own notices read (ids of others are ignored); all of them without ids. */
    markRead: (userId: string, ids: number[] | undefined, now: Date) =>
      db
        .update(notices)
        .set({ readAt: now })
        .where(and(eq(notices.userId, userId), isNull(notices.readAt), ids ? inArray(notices.id, ids) : undefined)),

    /** A notice with what its delivery needs to know of the recipient. */
    forDelivery: async (noticeId: number) =>
      (
        await db
          .select({
            notice: notices,
            user: { id: users.id, language: users.language, email: users.email, phone: users.phoneNumber, status: users.status },
          })
          .from(notices)
          .innerJoin(users, eq(users.id, notices.userId))
          .where(eq(notices.id, noticeId))
      )[0],

    /**
     * Takes a notice's channel for sending until `until`: false when it was sent already or another instance holds
     * it now. The row is the once-per-channel guarantee; the job queue only retries.
     */
    claimDelivery: async (noticeId: number, channel: NoticeChannel, now: Date, until: Date) =>
      (
        await db
          .insert(noticeDeliveries)
          .values({ noticeId, channel, claimedUntil: until, attempts: 1 })
          .onConflictDoUpdate({
            target: [noticeDeliveries.noticeId, noticeDeliveries.channel],
            set: { claimedUntil: until, attempts: sql`${noticeDeliveries.attempts} + 1` },
            setWhere: and(
              isNull(noticeDeliveries.sentAt),
              or(isNull(noticeDeliveries.claimedUntil), sql`${noticeDeliveries.claimedUntil} <= ${now.toISOString()}::timestamptz`),
            ),
          })
          .returning({ noticeId: noticeDeliveries.noticeId })
      ).length > 0,

    delivered: (noticeId: number, channel: NoticeChannel, now: Date, outcome: string | null) =>
      db
        .update(noticeDeliveries)
        .set({ sentAt: now, claimedUntil: null, outcome })
        .where(and(eq(noticeDeliveries.noticeId, noticeId), eq(noticeDeliveries.channel, channel))),

    /** Gives a failed send back for the job's retry. */
    release: (noticeId: number, channel: NoticeChannel, outcome: string) =>
      db
        .update(noticeDeliveries)
        .set({ claimedUntil: null, outcome: outcome.slice(0, 500) })
        .where(and(eq(noticeDeliveries.noticeId, noticeId), eq(noticeDeliveries.channel, channel), isNull(noticeDeliveries.sentAt))),

    deliveries: (noticeId: number) => db.select().from(noticeDeliveries).where(eq(noticeDeliveries.noticeId, noticeId)),

    preferences: (userId: string) =>
      db
        .select({ type: noticePreferences.type, channel: noticePreferences.channel, enabled: noticePreferences.enabled })
        .from(noticePreferences)
        .where(eq(noticePreferences.userId, userId)),

    setPreference: (userId: string, type: string, channel: NoticeChannel, enabled: boolean, now: Date) =>
      db
        .insert(noticePreferences)
        .values({ userId, type, channel, enabled, updatedAt: now })
        .onConflictDoUpdate({
          target: [noticePreferences.userId, noticePreferences.type, noticePreferences.channel],
          set: { enabled, updatedAt: now },
        }),

    userExists: async (userId: string) => (await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length > 0,
    hasListings: async (userId: string) =>
      (await db.select({ id: properties.id }).from(properties).where(eq(properties.ownerId, userId)).limit(1)).length > 0,
    /** The person's stored language, undefined when there is no such person. */
    languageOf: async (userId: string) => (await db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]?.language,

    /** Keeps a browser's subscription (a browser that was someone else's before is now this person's). */
    subscribe: (userId: string, subscription: { endpoint: string; p256dh: string; auth: string }) =>
      db
        .insert(pushSubscriptions)
        .values({ userId, ...subscription })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: subscription.p256dh, auth: subscription.auth } }),

    unsubscribe: async (userId: string, endpoint: string) =>
      (
        await db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
          .returning({ id: pushSubscriptions.id })
      ).length > 0,

    subscriptions: (userId: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),

    /** The push service said this subscription is gone for good. */
    forgetSubscription: (id: number) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)),
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
