import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, deals, landmarks, properties, users } from '@kunci/db/schema';
import { createAuditLogRepository } from '../../lib/audit-log.repository.ts';
import type { JobQueue, JobType } from '../../lib/jobs/jobs.service.ts';
import { transactional } from '../../lib/transactional.ts';
import { reportsQueries } from './reports.repository.ts';
import { containing } from '../../lib/like.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function usersQueries(db: Database) {
  const listingsCount = sql<number>`(select count(*)::int from ${properties} p where p.owner_id = "users"."id")`;
  const columns = {
    id: users.id,
    name: users.name,
    phoneNumber: users.phoneNumber,
    email: users.email,
    role: users.role,
    status: users.status,
    createdAt: users.createdAt,
    lastActivityAt: users.lastActivityAt,
    listings: listingsCount,
  };
  return {
    async search(query: { q?: string | undefined; status?: string | undefined; role?: string | undefined; page: number; pageSize: number }) {
      const where: SQL[] = [];
      if (query.q) {
        const digits = query.q.replace(/\D/g, '');
        const like = containing(query.q);
        where.push(
          or(
            ilike(users.name, like),
            ilike(users.email, like),
            ...(digits.length >= 4 ? [ilike(users.phoneNumber, `%${digits.replace(/^0/, '')}%`)] : []),
          )!,
        );
      }
      if (query.status) where.push(eq(users.status, query.status as 'active'));
      if (query.role) where.push(eq(users.role, query.role as 'user'));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(users)
          .where(condition)
          .orderBy(desc(users.createdAt), asc(users.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ n: count() }).from(users).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    find: async (id: string) => (await db.select(columns).from(users).where(eq(users.id, id)))[0],

    async lock(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },

    contact: async (id: string) =>
      (await db.select({ phoneNumber: users.phoneNumber, email: users.email, language: users.language }).from(users).where(eq(users.id, id)))[0],

    async setStatus(id: string, status: 'active' | 'banned' | 'restricted') {
      await db.update(users).set({ status }).where(eq(users.id, id));
    },

    async setRole(id: string, role: 'user' | 'moderator' | 'operations' | 'editor' | 'admin') {
      await db.update(users).set({ role }).where(eq(users.id, id));
    },

    listingsOf: (ownerId: string) =>
      db
        .select({
          id: properties.id,
          name: properties.name,
          status: properties.status,
          reviewStatus: properties.reviewStatus,
          active: properties.active,
        })
        .from(properties)
        .where(eq(properties.ownerId, ownerId))
        .orderBy(desc(properties.dateCreated))
        .limit(100),

    dealsOf: (userId: string) =>
      db
        .select({
          id: deals.id,
          state: deals.state,
          propertyName: properties.name,
          tenantId: deals.tenantId,
          createdAt: deals.createdAt,
        })
        .from(deals)
        .innerJoin(properties, eq(properties.id, deals.propertyId))
        .where(or(eq(deals.tenantId, userId), eq(deals.landlordId, userId)))
        .orderBy(desc(deals.createdAt))
        .limit(100),

    countAdmins: async () =>
      (
        await db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      )[0]?.n ?? 0,
  };
}

const VIEWS: Record<string, SQL> = {
  queue: sql`${properties.reviewStatus} = 'PENDING'`,
  live: sql`${properties.reviewStatus} = 'APPROVED' and ${properties.status} = 'ACTIVE' and ${properties.active}`,
  suspended: sql`${properties.status} = 'SUSPENDED'`,
  rejected: sql`${properties.reviewStatus} = 'REJECTED'`,
  all: sql`${properties.reviewStatus} <> 'DRAFT'`,
};

function listingsQueries(db: Database) {
  const owner = sql<string>`(select u.name from ${users} u where u.id = "properties"."owner_id")`;
  const openReports = sql<number>`(select count(*)::int from listing_reports lr where lr.property_id = "properties"."id"
    and not exists (select 1 from report_decisions d where d.kind = 'LISTING' and d.report_id = lr.id))`;
  const columns = {
    id: properties.id,
    name: properties.name,
    area: sql<string>`coalesce(${areas.nameEn}, '')`,
    price: properties.price,
    type: properties.type,
    status: properties.status,
    reviewStatus: properties.reviewStatus,
    active: properties.active,
    ownerId: properties.ownerId,
    ownerName: owner,
    submittedAt: properties.submittedAt,
    dateCreated: properties.dateCreated,
    openReports,
  };
  return {
    async search(query: { view: string; q?: string | undefined; area?: string | undefined; page: number; pageSize: number }) {
      const where: SQL[] = [VIEWS[query.view] ?? VIEWS['queue']!];
      if (query.q) {
        const like = containing(query.q);
        const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : -1;
        where.push(or(ilike(properties.name, like), ilike(properties.address, like), eq(properties.id, id), sql`${owner} ilike ${like}`)!);
      }
      if (query.area) where.push(eq(areas.slug, query.area));
      const condition = and(...where);
      // The queue is worked oldest first; the other views show the newest first.
      const order = query.view === 'queue' ? [asc(properties.submittedAt), asc(properties.id)] : [desc(properties.dateCreated), desc(properties.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(properties)
          .leftJoin(areas, eq(areas.id, properties.areaId))
          .where(condition)
          .orderBy(...order)
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ n: count() }).from(properties).leftJoin(areas, eq(areas.id, properties.areaId)).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async lock(id: number) {
      const [row] = await db.select().from(properties).where(eq(properties.id, id)).for('update');
      return row;
    },

    async setStatus(id: number, values: Partial<typeof properties.$inferInsert>) {
      await db
        .update(properties)
        .set({ ...values, dateUpdated: sql`now()` })
        .where(eq(properties.id, id));
    },

    liveOf: (ownerId: string) =>
      db
        .select({ id: properties.id, status: properties.status })
        .from(properties)
        .where(and(eq(properties.ownerId, ownerId), inArray(properties.status, ['ACTIVE', 'EXPIRED'])))
        .for('update'),
  };
}

function buildingsQueries(db: Database) {
  const listingsCount = sql<number>`(select count(*)::int from ${properties} p where p.landmark_id = "landmarks"."id")`;
  const columns = {
    id: landmarks.id,
    name: landmarks.name,
    address: landmarks.address,
    postcode: landmarks.postcode,
    areaId: landmarks.areaId,
    areaSlug: areas.slug,
    areaName: areas.nameEn,
    listingType: landmarks.listingType,
    lat: landmarks.lat,
    lng: landmarks.lng,
    verified: landmarks.verified,
    listings: listingsCount,
  };
  return {
    async search(query: { q?: string | undefined; area?: string | undefined; verified?: 'yes' | 'no' | undefined; page: number; pageSize: number }) {
      const where: SQL[] = [];
      if (query.q) {
        const like = containing(query.q);
        where.push(or(ilike(landmarks.name, like), ilike(landmarks.address, like), eq(landmarks.postcode, query.q))!);
      }
      if (query.area) where.push(eq(areas.slug, query.area));
      if (query.verified) where.push(eq(landmarks.verified, query.verified === 'yes'));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(landmarks)
          .innerJoin(areas, eq(areas.id, landmarks.areaId))
          .where(condition)
          .orderBy(asc(landmarks.name), asc(landmarks.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ n: count() }).from(landmarks).innerJoin(areas, eq(areas.id, landmarks.areaId)).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    find: async (id: number) =>
      (await db.select(columns).from(landmarks).innerJoin(areas, eq(areas.id, landmarks.areaId)).where(eq(landmarks.id, id)))[0],

    async lock(id: number) {
      const [row] = await db.select().from(landmarks).where(eq(landmarks.id, id)).for('update');
      return row;
    },

    areaBySlug: async (slug: string) => (await db.select({ id: areas.id }).from(areas).where(eq(areas.slug, slug)))[0],

    async insert(values: typeof landmarks.$inferInsert) {
      const [row] = await db.insert(landmarks).values(values).returning({ id: landmarks.id });
      return row!.id;
    },

    async update(id: number, values: Partial<typeof landmarks.$inferInsert>) {
      await db.update(landmarks).set(values).where(eq(landmarks.id, id));
    },

    /** The building's listings follow it: its area (so they land in that area's search) and postcode. */
    async moveListings(id: number, values: { areaId: number; postcode: string }) {
      const moved = await db
        .update(properties)
        .set({ areaId: values.areaId, postcode: values.postcode, dateUpdated: sql`now()` })
        .where(eq(properties.landmarkId, id))
        .returning({ id: properties.id });
      return moved.length;
    },

    /** Moves the duplicate's listings onto the building kept, then removes the duplicate. */
    async merge(keepId: number, duplicateId: number, keep: { areaId: number; postcode: string }) {
      const moved = await db
        .update(properties)
        .set({ landmarkId: keepId, areaId: keep.areaId, postcode: keep.postcode, dateUpdated: sql`now()` })
        .where(eq(properties.landmarkId, duplicateId))
        .returning({ id: properties.id });
      await db.delete(landmarks).where(eq(landmarks.id, duplicateId));
      return moved.length;
    },
  };
}

function dashboardQueries(db: Database) {
  const days = 30;
  return {
    async counts() {
      const [row] = rowsOf<{ review_queue: number; reports_open: number; banned_users: number; suspended_listings: number }>(
        await db.execute(sql`select
          (select count(*)::int from ${properties} where review_status = 'PENDING') as review_queue,
          (select count(*)::int from listing_reports lr where not exists (select 1 from report_decisions d where d.kind = 'LISTING' and d.report_id = lr.id))
            + (select count(*)::int from chat_reports cr where not exists (select 1 from report_decisions d where d.kind = 'CHAT' and d.report_id = cr.id))
            as reports_open,
          (select count(*)::int from ${users} where status <> 'active') as banned_users,
          (select count(*)::int from ${properties} where status = 'SUSPENDED') as suspended_listings`),
      );
      return row!;
    },

    async series(which: 'newListings' | 'approvalHours' | 'reports' | 'chatResponseMinutes') {
      const series = {
        newListings: sql`select date_trunc('day', submitted_at at time zone 'Asia/Kuala_Lumpur')::date as day, count(*)::float as value
          from ${properties} where submitted_at > now() - make_interval(days => ${days}) group by 1`,
        approvalHours: sql`select date_trunc('day', reviewed_at at time zone 'Asia/Kuala_Lumpur')::date as day,
            percentile_cont(0.5) within group (order by extract(epoch from reviewed_at - submitted_at) / 3600) as value
          from ${properties} where reviewed_at > now() - make_interval(days => ${days}) and submitted_at is not null
            and review_status in ('APPROVED', 'REJECTED') group by 1`,
        reports: sql`select date_trunc('day', created_at at time zone 'Asia/Kuala_Lumpur')::date as day, count(*)::float as value
          from (select created_at from listing_reports union all select created_at from chat_reports) r
          where created_at > now() - make_interval(days => ${days}) group by 1`,
        chatResponseMinutes: sql`select date_trunc('day', c.created_at at time zone 'Asia/Kuala_Lumpur')::date as day,
            percentile_cont(0.5) within group (order by extract(epoch from first_reply.at - c.created_at) / 60) as value
          from chat_conversations c
          cross join lateral (select min(m.created_at) as at from chat_messages m where m.conversation_id = c.id and m.sender_id = c.landlord_id) first_reply
          where c.created_at > now() - make_interval(days => ${days}) and first_reply.at is not null group by 1`,
      }[which];
      const rows = rowsOf<{ day: string | Date; value: number }>(await db.execute(sql`${series} order by 1`));
      const byDay = new Map(rows.map((row) => [new Date(row.day).toISOString().slice(0, 10), Math.round(Number(row.value) * 10) / 10]));
      // Every day of the window, so a chart shows the quiet days as zero.
      const today = new Date(Date.now() + 8 * 3_600_000);
      return Array.from({ length: days }, (_, i) => {
        const day = new Date(today.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
        return { day, count: byDay.get(day) ?? 0 };
      });
    },

    dealsByState: () =>
      db
        .select({ state: deals.state, count: count() })
        .from(deals)
        .groupBy(deals.state)
        .orderBy(asc(deals.state))
        .then((rows) => rows.filter((row) => row.state !== null)),
  };
}

/** The back office's repository: each console section's queries and the audit log, bound to one transaction. */
export const createAdminRepository = (db: Database, jobs: JobQueue) =>
  transactional(db, (d) => ({
    audit: createAuditLogRepository(d),
    /** Enqueues a job in this repository's transaction (it exists only if the transaction commits). */
    enqueue: <Payload>(type: JobType<Payload>, payload: Payload, options: { key?: string } = {}) =>
      jobs.enqueue(type, payload, { ...options, transaction: d }),
    reports: reportsQueries(d),
    users: usersQueries(d),
    listings: listingsQueries(d),
    buildings: buildingsQueries(d),
    dashboard: dashboardQueries(d),
  }));
export type AdminRepository = ReturnType<typeof createAdminRepository>;
