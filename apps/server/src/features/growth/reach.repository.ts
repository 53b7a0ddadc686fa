import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { emailSubscriptions, feedbacks, users } from '@kunci/db/schema';
import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
import type { Staff } from './promotions.repository.ts';

export type SubscriptionRow = typeof emailSubscriptions.$inferSelect;
const testimonialColumns = {
  id: feedbacks.id,
  role: feedbacks.role,
  rating: feedbacks.rating,
  message: feedbacks.message,
  name: users.name,
  language: feedbacks.language,
  createdAt: feedbacks.createdAt,
  status: feedbacks.status,
};

/** Feedback with its staff review, and newsletter subscriptions. */
export function createReachRepository(db: Database) {
  return {
    addFeedback: async (values: typeof feedbacks.$inferInsert) => (await db.insert(feedbacks).values(values).returning({ id: feedbacks.id }))[0]!,

    /** Approved feedback, those in `language` first, then newest. */
    testimonials: (role: 'TENANT' | 'LANDLORD' | undefined, language: string, limit: number) =>
      db
        .select(testimonialColumns)
        .from(feedbacks)
        .innerJoin(users, eq(users.id, feedbacks.userId))
        .where(and(eq(feedbacks.status, 'APPROVED'), role ? eq(feedbacks.role, role) : undefined))
        .orderBy(sql`${feedbacks.language} = ${language} desc`, desc(feedbacks.createdAt), desc(feedbacks.id))
        .limit(limit),

    pendingFeedback: () =>
      db
        .select(testimonialColumns)
        .from(feedbacks)
        .innerJoin(users, eq(users.id, feedbacks.userId))
        .where(eq(feedbacks.status, 'PENDING'))
        .orderBy(asc(feedbacks.createdAt))
        .limit(200),

    /** Approves or rejects pending feedback with its audit record, in one transaction; false when not pending. */
    decide: (id: number, status: 'APPROVED' | 'REJECTED', staff: Staff) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(feedbacks)
          .set({ status, reviewedBy: staff.id, reviewedAt: sql`now()` })
          .where(and(eq(feedbacks.id, id), eq(feedbacks.status, 'PENDING')))
          .returning({ id: feedbacks.id });
        if (!row) return false;
        await createAuditLogRepository(tx).record({
          actor: staff,
          action: status === 'APPROVED' ? 'feedback.approve' : 'feedback.reject',
          targetType: 'feedback',
          targetId: id,
        });
        return true;
      }),

    subscription: async (id: number) => (await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.id, id)))[0],

    /**
     * Records a sign-up (a new address, or one that had unsubscribed, becomes PENDING again) and claims the right to
     * email it: the row comes back only when no confirmation went out in the last `resendSeconds` and it is not
     * already confirmed.
     */
    signUp: async (email: string, language: string, resendSeconds: number) =>
      (
        await db
          .insert(emailSubscriptions)
          .values({ email, language, sentAt: sql`now()` })
          .onConflictDoUpdate({
            target: emailSubscriptions.email,
            set: {
              status: sql`case when ${emailSubscriptions.status} = 'CONFIRMED' then 'CONFIRMED' else 'PENDING' end`,
              language,
              sentAt: sql`now()`,
            },
            setWhere: sql`${emailSubscriptions.status} <> 'CONFIRMED'
              and (${emailSubscriptions.sentAt} is null or ${emailSubscriptions.sentAt} < now() - make_interval(secs => ${resendSeconds}))`,
          })
          .returning()
      )[0],

    confirm: async (id: number) =>
      (
        await db
          .update(emailSubscriptions)
          .set({ status: 'CONFIRMED', confirmedAt: sql`coalesce(${emailSubscriptions.confirmedAt}, now())`, unsubscribedAt: null })
          .where(and(eq(emailSubscriptions.id, id), sql`${emailSubscriptions.status} <> 'UNSUBSCRIBED'`))
          .returning()
      )[0],

    unsubscribe: async (id: number) =>
      (
        await db
          .update(emailSubscriptions)
          .set({ status: 'UNSUBSCRIBED', unsubscribedAt: sql`coalesce(${emailSubscriptions.unsubscribedAt}, now())` })
          .where(eq(emailSubscriptions.id, id))
          .returning()
      )[0],
  };
}
export type ReachRepository = ReturnType<typeof createReachRepository>;
