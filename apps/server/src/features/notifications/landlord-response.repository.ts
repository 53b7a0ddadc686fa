import { and, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '@kunci/db/client';
import { chatConversations, chatMessages, notices, properties, users } from '@kunci/db/schema';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Chat requests and their first replies, read for landlords' response figures and reminders. */
export function createLandlordResponseRepository(db: Database) {
  // Every listing page shows its landlord's figures: named, so each connection parses and plans the statement once.
  const firstReply = new QueryBuilder()
    .select({ at: sql<Date | null>`min(${chatMessages.createdAt})`.as('first_reply') })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, chatConversations.id), eq(chatMessages.senderId, chatConversations.landlordId)))
    .as('r');
  const figures = db
    .select({
      requests: sql<number>`count(*)::int`,
      answered: sql<number>`count(${firstReply.at})::int`,
      due: sql<number>`(count(*) filter (where ${firstReply.at} is not null or ${chatConversations.createdAt} <= ${sql.placeholder('dueBefore')}::timestamptz))::int`,
      median_seconds: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${firstReply.at} - ${chatConversations.createdAt}))::float8`,
    })
    .from(chatConversations)
    .leftJoinLateral(firstReply, sql`true`)
    .where(
      and(
        eq(chatConversations.landlordId, sql.placeholder('landlordId')),
        eq(chatConversations.openedBy, 'TENANT'),
        sql`${chatConversations.createdAt} > ${sql.placeholder('since')}::timestamptz`,
      ),
    )
    .prepare('landlord_response_figures');
  return {
    /**
     * A landlord's chat requests opened by tenants since `since`, those of them due an answer (answered, or opened by
     * `dueBefore`: a request of a few minutes ago has not been left unanswered yet), how many got a reply from the
     * landlord, and the median time to that first reply (seconds).
     */
    figures: async (landlordId: string, since: Date, dueBefore: Date) =>
      (await figures.execute({ landlordId, since: since.toISOString(), dueBefore: dueBefore.toISOString() }))[0]!,

    /**
     * Tenants' chat requests that have waited since before `waitedSince` (and after `notBefore`) with nothing from the
     * landlord yet, and no reminder sent for them (the reminder's notice key), oldest first.
     */
    unanswered: (waitedSince: Date, notBefore: Date, limit: number) =>
      db
        .execute(
          sql`
          select c.id, c.landlord_id, c.created_at, t.name as tenant, p.name as listing
          from ${chatConversations} c
          join ${users} t on t.id = c.tenant_id
          join ${properties} p on p.id = c.property_id
          where c.opened_by = 'TENANT'
            and c.created_at <= ${waitedSince.toISOString()}::timestamptz
            and c.created_at > ${notBefore.toISOString()}::timestamptz
            and not exists (select 1 from ${chatMessages} m where m.conversation_id = c.id and m.sender_id = c.landlord_id)
            and not exists (select 1 from ${notices} n where n.key = 'chat-unanswered:' || c.id)
          order by c.created_at
          limit ${limit}`,
        )
        .then((result) => rowsOf<{ id: number; landlord_id: string; created_at: string | Date; tenant: string; listing: string }>(result)),

    /**
     * Marks the listings of landlords who never answer (at least `minRequests` chat requests from tenants since
     * `since`, not one with a reply from them) as owner_silent, and clears the mark of every other landlord's: what
     * relevance in search ranks last. Only rows whose mark changes are written.
     */
    markSilentOwners: (since: Date, dueBefore: Date, minRequests: number) =>
      db.transaction(async (tx) => {
        const silent = sql`select c.landlord_id from ${chatConversations} c
          where c.opened_by = 'TENANT' and c.created_at > ${since.toISOString()}::timestamptz
            -- Implied by the line above (a conversation's last message is never older than it): lets the index on
            -- last_message_at find the window's conversations instead of reading them all.
            and c.last_message_at > ${since.toISOString()}::timestamptz
          group by c.landlord_id
          having count(*) filter (where c.created_at <= ${dueBefore.toISOString()}::timestamptz) >= ${minRequests}
            and not bool_or(exists (select 1 from ${chatMessages} m where m.conversation_id = c.id and m.sender_id = c.landlord_id))`;
        const lowered = await tx.execute(
          sql`update ${properties} set owner_silent = true where owner_id in (${silent}) and not owner_silent returning id`,
        );
        const lifted = await tx.execute(
          sql`update ${properties} set owner_silent = false where owner_silent and owner_id not in (${silent}) returning id`,
        );
        return { lowered: rowsOf(lowered).length, lifted: rowsOf(lifted).length };
      }),
  };
}

export type LandlordResponseRepository = ReturnType<typeof createLandlordResponseRepository>;
