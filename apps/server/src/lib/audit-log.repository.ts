import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { auditLog } from '@kunci/db/schema';
import { containing } from './like.ts';

/** One staff action, as a feature records it (inside the transaction of the change it describes). */
export interface AuditEntry {
  /** The staff member; without a name, the one stored on their account is used. */
  actor: { id: string; name?: string | undefined; role: string };
  action: string;
  targetType: string;
  targetId: string | number;
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}
export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditQuery {
  q?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  actorId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  pageSize: number;
}

/**
 * The audit log: append and read, nothing else (a database trigger refuses UPDATE and DELETE as well). Other features
 * build it on their transaction's handle, `createAuditLogRepository(tx).record(...)`, so the action and its record
 * commit together or not at all.
 */
export function createAuditLogRepository(db: Database) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        actorId: entry.actor.id,
        actorName: entry.actor.name ?? sql<string>`coalesce((select name from users where id = ${entry.actor.id}), '')`,
        actorRole: entry.actor.role,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        reason: entry.reason ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    async search(query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
      const where: SQL[] = [];
      if (query.q) {
        const like = containing(query.q);
        where.push(
          or(
            ilike(auditLog.actorName, like),
            ilike(auditLog.action, like),
            ilike(auditLog.targetId, like),
            ilike(auditLog.reason, like),
            sql`${auditLog.before}::text ilike ${like}`,
            sql`${auditLog.after}::text ilike ${like}`,
          )!,
        );
      }
      if (query.action) where.push(eq(auditLog.action, query.action));
      if (query.targetType) where.push(eq(auditLog.targetType, query.targetType));
      if (query.targetId) where.push(eq(auditLog.targetId, query.targetId));
      if (query.actorId) where.push(eq(auditLog.actorId, query.actorId));
      if (query.from) where.push(gte(auditLog.createdAt, query.from));
      if (query.to) where.push(lt(auditLog.createdAt, query.to));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(condition),
      ]);
      return { rows, total: count?.total ?? 0 };
    },
  };
}
export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
