import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { attributions, users } from '@kunci/db/schema';
import type { Attribution } from '@kunci/contracts/growth';

export type AttributionRow = typeof attributions.$inferSelect;

const columnsOf = (attr: Attribution) => ({
  utmSource: attr.utm_source ?? null,
  utmMedium: attr.utm_medium ?? null,
  utmCampaign: attr.utm_campaign ?? null,
  rid: attr.rid ?? null,
  gclid: attr.gclid ?? null,
  subid: attr.subid ?? null,
});

/** Tracking touches and the attribution stored with a sign-up and a first deal. */
export function createAttributionRepository(db: Database) {
  return {
    userCreatedAt: async (userId: string) => (await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)))[0]?.createdAt,

    /**
     * Records the touch and, when `signUp` is true, the sign-up's attribution (once per user: a later call finds it
     * there), in one transaction. Answers whether the sign-up's was stored by this call.
     */
    track: (userId: string, attr: Attribution, signUp: boolean) =>
      db.transaction(async (tx) => {
        const values = { userId, ...columnsOf(attr) };
        await tx.insert(attributions).values({ ...values, kind: 'TOUCH' });
        if (!signUp) return false;
        const stored = await tx
          .insert(attributions)
          .values({ ...values, kind: 'SIGN_UP' })
          .onConflictDoNothing()
          .returning({ id: attributions.id });
        return stored.length > 0;
      }),

    /**
     * Stores the FIRST_DEAL attribution of every user whose first deal (either side) has none yet: the latest touch
     * at most `lookbackDays` before that deal was made. Answers how many were stored.
     */
    recordFirstDeals: async (lookbackDays: number, userId?: string) => {
      const result = await db.execute(sql`
        insert into attributions (user_id, kind, deal_id, utm_source, utm_medium, utm_campaign, rid, gclid, subid, touched_at)
        select distinct on (f.user_id) f.user_id, 'FIRST_DEAL', f.deal_id, t.utm_source, t.utm_medium, t.utm_campaign,
               t.rid, t.gclid, t.subid, t.touched_at
        from (
          select distinct on (p.user_id) p.user_id, p.deal_id, p.created_at
          from (
            select tenant_id as user_id, id as deal_id, created_at from deals
            union all
            select landlord_id, id, created_at from deals
          ) p
          where p.user_id in (select user_id from attributions where kind = 'TOUCH' ${userId ? sql`and user_id = ${userId}` : sql``})
          order by p.user_id, p.created_at, p.deal_id
        ) f
        join attributions t on t.user_id = f.user_id and t.kind = 'TOUCH'
          and t.touched_at <= f.created_at and t.touched_at > f.created_at - make_interval(days => ${lookbackDays})
        where not exists (select 1 from attributions a where a.user_id = f.user_id and a.kind = 'FIRST_DEAL')
        order by f.user_id, t.touched_at desc, t.id desc
        on conflict do nothing
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length;
    },

    /** The user's stored attribution of `kind` (SIGN_UP or FIRST_DEAL). */
    of: async (userId: string, kind: 'SIGN_UP' | 'FIRST_DEAL') =>
      (
        await db
          .select()
          .from(attributions)
          .where(and(eq(attributions.userId, userId), eq(attributions.kind, kind)))
      )[0],
  };
}
export type AttributionRepository = ReturnType<typeof createAttributionRepository>;
