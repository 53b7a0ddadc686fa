import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { chatConversations, chatMessages, chatReports, listingReports, properties, reportDecisions, users } from '@kunci/db/schema';
import { containing } from '../../lib/like.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ReportRow {
  id: number;
  kind: 'LISTING' | 'CHAT';
  reason: string;
  note: string;
  created_at: string;
  reporter_id: string;
  reporter_name: string;
  reporter_phone: string;
  reporter_status: string;
  reporter_language: string;
  reporter_email: string | null;
  reported_id: string;
  reported_name: string;
  reported_phone: string;
  reported_status: string;
  property_id: number | null;
  property_name: string | null;
  property_status: string | null;
  conversation_id: number | null;
  outcome: 'DISMISSED' | 'WARNED' | 'LISTING_SUSPENDED' | 'USER_BANNED' | null;
  decision_reason: string | null;
  decided_at: string | null;
  decided_by_name: string | null;
}

export interface ReportFilter {
  status?: 'open' | 'decided' | 'all';
  kind?: 'LISTING' | 'CHAT' | undefined;
  q?: string | undefined;
  reporterId?: string;
  reportedId?: string;
  id?: number;
}

/**
 * Listing reports (ours) and chat reports (the chat feature's table) read as one list, each with its decision.
 * For a listing report the reported person is the listing's owner and the conversation is the reporter's with them
 * about that listing; for a chat report, the reported conversation.
 */
const ALL_REPORTS = sql`(
  select lr.id, 'LISTING' as kind, lr.reason, lr.note, lr.created_at, lr.reporter_id, p.owner_id as reported_id,
    lr.property_id, (select c.id from ${chatConversations} c where c.property_id = lr.property_id
      and ((c.tenant_id = lr.reporter_id and c.landlord_id = p.owner_id) or (c.landlord_id = lr.reporter_id and c.tenant_id = p.owner_id))
      order by c.last_message_at desc limit 1) as conversation_id
  from ${listingReports} lr join ${properties} p on p.id = lr.property_id
  union all
  select cr.id, 'CHAT', cr.reason, cr.note, cr.created_at, cr.reporter_id, cr.reported_id, c.property_id, cr.conversation_id
  from ${chatReports} cr join ${chatConversations} c on c.id = cr.conversation_id
)`;

function whereOf(filter: ReportFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.status === 'open') parts.push(sql`d.outcome is null`);
  if (filter.status === 'decided') parts.push(sql`d.outcome is not null`);
  if (filter.kind) parts.push(sql`r.kind = ${filter.kind}`);
  if (filter.reporterId) parts.push(sql`r.reporter_id = ${filter.reporterId}`);
  if (filter.reportedId) parts.push(sql`r.reported_id = ${filter.reportedId}`);
  if (filter.id !== undefined) parts.push(sql`r.id = ${filter.id}`);
  if (filter.q) {
    const like = containing(filter.q);
    parts.push(
      sql`(reporter.name ilike ${like} or reported.name ilike ${like} or reported.phone_number ilike ${like} or p.name ilike ${like} or r.reason ilike ${like} or r.note ilike ${like})`,
    );
  }
  return sql.join(parts, sql` and `);
}

export function reportsQueries(db: Database) {
  async function list(filter: ReportFilter, page: number, pageSize: number): Promise<{ rows: ReportRow[]; total: number }> {
    const from = sql`from ${ALL_REPORTS} r
      join ${users} reporter on reporter.id = r.reporter_id
      join ${users} reported on reported.id = r.reported_id
      left join ${properties} p on p.id = r.property_id
      left join ${reportDecisions} d on d.kind = r.kind and d.report_id = r.id
      left join ${users} decider on decider.id = d.decided_by
      where ${whereOf(filter)}`;
    const [rows, count] = await Promise.all([
      db.execute(sql`select r.id, r.kind, r.reason, r.note, r.created_at, r.reporter_id, reporter.name as reporter_name,
          reporter.phone_number as reporter_phone, reporter.status as reporter_status, reporter.language as reporter_language,
          reporter.email as reporter_email,
          r.reported_id, reported.name as reported_name, reported.phone_number as reported_phone, reported.status as reported_status,
          r.property_id, p.name as property_name, p.status as property_status, r.conversation_id,
          d.outcome, d.reason as decision_reason, d.decided_at, decider.name as decided_by_name
        ${from}
        order by (d.outcome is null) desc, r.created_at ${filter.status === 'decided' ? sql`desc` : sql`asc`}, r.id
        limit ${pageSize} offset ${page * pageSize}`),
      db.execute(sql`select count(*)::int as total ${from}`),
    ]);
    return {
      rows: rowsOf<ReportRow>(rows).map((row) => ({
        ...row,
        created_at: new Date(row.created_at).toISOString(),
        decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
      })),
      total: rowsOf<{ total: number }>(count)[0]?.total ?? 0,
    };
  }

  return {
    list,
    ...myReports(db),

    async find(kind: 'LISTING' | 'CHAT', id: number): Promise<ReportRow | undefined> {
      return (await list({ status: 'all', kind, id }, 0, 1)).rows[0];
    },

    /** Locks the report's decision slot: a second moderator deciding at once waits, then finds it decided. */
    async lockDecision(kind: 'LISTING' | 'CHAT', id: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${kind}:${id}`}))`);
      const [row] = await db
        .select()
        .from(reportDecisions)
        .where(and(eq(reportDecisions.kind, kind), eq(reportDecisions.reportId, id)));
      return row;
    },

    async decide(values: typeof reportDecisions.$inferInsert) {
      await db.insert(reportDecisions).values(values);
    },

    /** Every open report about the same listing or person is settled by one decision that covers it. */
    async openReportsAbout(reportedId: string, propertyId: number | null) {
      const rows = await list({ status: 'open', reportedId }, 0, 500);
      return rows.rows.filter((row) => propertyId === null || row.property_id === propertyId || row.kind === 'CHAT');
    },

    async countAgainst(reportedId: string): Promise<number> {
      return (await list({ status: 'all', reportedId }, 0, 1)).total;
    },

    async fileListingReport(values: typeof listingReports.$inferInsert) {
      const [row] = await db.insert(listingReports).values(values).returning({ id: listingReports.id });
      return row!.id;
    },

    /** The reporter's recent report of the same listing, if any (one report per listing a day is plenty). */
    async recentListingReport(reporterId: string, propertyId: number) {
      const [row] = await db
        .select({ id: listingReports.id })
        .from(listingReports)
        .where(
          and(
            eq(listingReports.reporterId, reporterId),
            eq(listingReports.propertyId, propertyId),
            sql`${listingReports.createdAt} > now() - interval '1 day'`,
          ),
        );
      return row;
    },

    async messages(conversationId: number) {
      return db
        .select({
          id: chatMessages.id,
          senderId: chatMessages.senderId,
          senderName: sql<string>`coalesce(${users.name}, '')`,
          kind: chatMessages.kind,
          body: chatMessages.body,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .leftJoin(users, eq(users.id, chatMessages.senderId))
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(asc(chatMessages.id))
        .limit(500);
    },

    /** Decisions whose reporter has not been told yet. */
    async untold(limit: number) {
      return db.select().from(reportDecisions).where(isNull(reportDecisions.reporterToldAt)).orderBy(asc(reportDecisions.decidedAt)).limit(limit);
    },

    async markTold(kind: 'LISTING' | 'CHAT', id: number) {
      await db
        .update(reportDecisions)
        .set({ reporterToldAt: sql`now()` })
        .where(and(eq(reportDecisions.kind, kind), eq(reportDecisions.reportId, id), isNull(reportDecisions.reporterToldAt)));
    },

    propertyOwner: async (propertyId: number) =>
      (
        await db
          .select({ id: properties.id, ownerId: properties.ownerId, status: properties.status, reviewStatus: properties.reviewStatus })
          .from(properties)
          .where(eq(properties.id, propertyId))
      )[0],
  };
}

/** The reports a user filed, with their outcomes. */
function myReports(db: Database) {
  return {
    async mine(reporterId: string) {
      const rows = rowsOf<{
        id: number;
        kind: 'LISTING' | 'CHAT';
        reason: string;
        subject: string;
        property_id: number | null;
        created_at: string;
        outcome: ReportRow['outcome'];
        decided_at: string | null;
      }>(
        await db.execute(sql`select r.id, r.kind, r.reason, coalesce(p.name, reported.name) as subject, r.property_id, r.created_at,
            d.outcome, d.decided_at
          from ${ALL_REPORTS} r
          join ${users} reported on reported.id = r.reported_id
          left join ${properties} p on p.id = r.property_id
          left join ${reportDecisions} d on d.kind = r.kind and d.report_id = r.id
          where r.reporter_id = ${reporterId}
          order by r.created_at desc limit 100`),
      );
      return rows;
    },
  };
}
