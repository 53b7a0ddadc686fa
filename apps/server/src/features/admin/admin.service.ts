import type {
  AdminBuilding,
  AdminDashboard,
  AdminListing,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  BuildingBody,
  ListingReportReason,
  MyReport,
  ReportDetail,
  ReportKind,
  ReportOutcome,
  ReportSummary,
} from '@kunci/contracts/admin';
import { ErrorCode } from '@kunci/contracts/errors';
import type { UserRole } from '@kunci/contracts/staff';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuditRow } from '../../lib/audit-log.repository.ts';
import { defineJob } from '../../lib/jobs/jobs.service.ts';
import { pageOf } from '../../lib/page.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { ReportRow } from './reports.repository.ts';

/** Who acts in the console (from the session). */
export interface Staff {
  id: string;
  name: string;
  role: UserRole;
}

/** Tells a reporter the outcome of their report, or warns a reported person, after the decision commits. */
export const reportOutcomeNotice = defineJob<{ kind: ReportKind; id: number }>('admin.report-outcome', { maxAttempts: 6 });
export const warningNotice = defineJob<{ userId: string; reason: string; kind: ReportKind; id: number }>('admin.warning', { maxAttempts: 6 });

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function summaryOf(row: ReportRow): ReportSummary {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    note: row.note,
    createdAt: row.created_at,
    reporter: { id: row.reporter_id, name: row.reporter_name, phoneNumber: row.reporter_phone, status: row.reporter_status },
    reported: { id: row.reported_id, name: row.reported_name, phoneNumber: row.reported_phone, status: row.reported_status },
    property: row.property_id === null ? null : { id: row.property_id, name: row.property_name ?? '', status: row.property_status ?? '' },
    outcome: row.outcome,
    decidedAt: row.decided_at,
  };
}

export function auditEntryOf(row: AuditRow): AuditEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function createAdminService(repository: AdminRepository) {
  /** Suspends one listing as part of `reason` (audited); a listing already suspended is left as it is. */
  async function suspendListing(tx: AdminRepository, staff: Staff, id: number, reason: string) {
    const row = await tx.listings.lock(id);
    if (!row) throw notFound({ propertyId: id });
    if (row.status === 'SUSPENDED') return false;
    await tx.listings.setStatus(id, { status: 'SUSPENDED', reviewedAt: new Date(), reviewedBy: staff.id });
    await tx.audit.record({
      actor: staff,
      action: 'listing.suspend',
      targetType: 'listing',
      targetId: id,
      reason,
      before: { status: row.status },
      after: { status: 'SUSPENDED' },
    });
    return true;
  }

  async function setUserStatus(tx: AdminRepository, staff: Staff, id: string, status: 'active' | 'banned' | 'restricted', reason: string) {
    const user = await tx.users.lock(id);
    if (!user) throw notFound({ userId: id });
    if (user.id === staff.id) throw new AppError(ErrorCode.FORBIDDEN, { reason: 'own account' });
    // Moderators act on users; staff accounts are the admin's to change.
    if (user.role !== 'user' && staff.role !== 'admin') throw new AppError(ErrorCode.FORBIDDEN, { reason: 'staff account', userId: id });
    if (user.status === status) return user.status;
    await tx.users.setStatus(id, status);
    const action = status === 'active' ? 'user.unban' : status === 'banned' ? 'user.ban' : 'user.restrict';
    await tx.audit.record({ actor: staff, action, targetType: 'user', targetId: id, reason, before: { status: user.status }, after: { status } });
    return status;
  }

  return {
    // Reports --------------------------------------------------------------------------------------------------------

    async fileListingReport(reporterId: string, propertyId: number, reason: ListingReportReason, note: string) {
      const listing = await repository.reports.propertyOwner(propertyId);
      if (!listing || listing.reviewStatus !== 'APPROVED') throw notFound({ propertyId });
      if (listing.ownerId === reporterId) throw new AppError(ErrorCode.BAD_REQUEST, { reason: 'own listing', propertyId });
      const recent = await repository.reports.recentListingReport(reporterId, propertyId);
      if (recent) return { id: recent.id, kind: 'LISTING' as const, created: false };
      return { id: await repository.reports.fileListingReport({ propertyId, reporterId, reason, note }), kind: 'LISTING' as const, created: true };
    },

    async myReports(reporterId: string): Promise<MyReport[]> {
      const rows = await repository.reports.mine(reporterId);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        reason: row.reason,
        subject: row.subject,
        propertyId: row.property_id,
        createdAt: new Date(row.created_at).toISOString(),
        outcome: row.outcome,
        decidedAt: iso(row.decided_at),
      }));
    },

    async reports(query: {
      status: 'open' | 'decided' | 'all';
      kind?: ReportKind | undefined;
      q?: string | undefined;
      page: number;
      pageSize: number;
    }) {
      const { rows, total } = await repository.reports.list(query, query.page, query.pageSize);
      return pageOf(rows.map(summaryOf), total, query.page, query.pageSize);
    },

    /** The report with the conversation it is about: the only way staff read a conversation they are not in. */
    async report(staff: Staff, kind: ReportKind, id: number): Promise<ReportDetail> {
      const row = await repository.reports.find(kind, id);
      if (!row) throw notFound({ kind, reportId: id });
      const messages = row.conversation_id === null ? null : await repository.reports.messages(row.conversation_id);
      if (row.conversation_id !== null) {
        await repository.audit.record({
          actor: staff,
          action: 'conversation.read',
          targetType: 'conversation',
          targetId: row.conversation_id,
          reason: `${kind.toLowerCase()} report ${id}`,
        });
      }
      return {
        ...summaryOf(row),
        decision: row.outcome
          ? { outcome: row.outcome, reason: row.decision_reason ?? '', decidedBy: row.decided_by_name ?? '', decidedAt: row.decided_at! }
          : null,
        conversation:
          row.conversation_id === null || messages === null
            ? null
            : {
                id: row.conversation_id,
                messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
              },
        earlierReports: Math.max(0, (await repository.reports.countAgainst(row.reported_id)) - 1),
      };
    },

    /**
     * Decides a report in one transaction: the outcome's effect (a warning, the listing suspended, the person banned
     * and their live listings suspended), the decision, the audit entries, and the reporter's notice.
     */
    async decide(staff: Staff, kind: ReportKind, id: number, outcome: ReportOutcome, reason: string): Promise<ReportDetail> {
      await repository.transaction(async (tx) => {
        const row = await tx.reports.find(kind, id);
        if (!row) throw notFound({ kind, reportId: id });
        if (await tx.reports.lockDecision(kind, id)) throw new AppError(ErrorCode.CONFLICT, { kind, reportId: id, reason: 'decided' });
        if (outcome === 'LISTING_SUSPENDED') {
          if (row.property_id === null) throw new AppError(ErrorCode.BAD_REQUEST, { reason: 'no listing', kind, reportId: id });
          await suspendListing(tx, staff, row.property_id, reason);
        }
        if (outcome === 'USER_BANNED') {
          await setUserStatus(tx, staff, row.reported_id, 'banned', reason);
          for (const listing of await tx.listings.liveOf(row.reported_id)) await suspendListing(tx, staff, listing.id, reason);
        }
        if (outcome === 'WARNED') {
          await tx.enqueue(warningNotice, { userId: row.reported_id, reason, kind, id }, { key: `admin-warning:${kind}:${id}` });
        }
        await tx.reports.decide({ kind, reportId: id, outcome, reason, decidedBy: staff.id });
        await tx.audit.record({
          actor: staff,
          action: 'report.decide',
          targetType: `${kind.toLowerCase()}-report`,
          targetId: id,
          reason,
          before: { outcome: null },
          after: { outcome, reported: row.reported_id, property: row.property_id },
        });
        await tx.enqueue(reportOutcomeNotice, { kind, id }, { key: `report-outcome:${kind}:${id}` });
      });
      return this.report(staff, kind, id);
    },

    // Users ----------------------------------------------------------------------------------------------------------

    async users(query: { q?: string | undefined; status?: string | undefined; role?: string | undefined; page: number; pageSize: number }) {
      const { rows, total } = await repository.users.search(query);
      const content = await Promise.all(rows.map(async (row) => userOf(row, await repository.reports.countAgainst(row.id))));
      return pageOf(content, total, query.page, query.pageSize);
    },

    async user(id: string): Promise<AdminUserDetail> {
      const row = await repository.users.find(id);
      if (!row) throw notFound({ userId: id });
      const [listings, userDeals, by, against] = await Promise.all([
        repository.users.listingsOf(id),
        repository.users.dealsOf(id),
        repository.reports.list({ status: 'all', reporterId: id }, 0, 50),
        repository.reports.list({ status: 'all', reportedId: id }, 0, 50),
      ]);
      return {
        ...userOf(row, against.total),
        listingsList: listings,
        deals: userDeals.map((deal) => ({
          id: deal.id,
          state: deal.state,
          propertyName: deal.propertyName,
          side: deal.tenantId === id ? ('TENANT' as const) : ('LANDLORD' as const),
          createdAt: deal.createdAt.toISOString(),
        })),
        reportsBy: by.rows.map(summaryOf),
        reportsAgainstList: against.rows.map(summaryOf),
      };
    },

    async setStatus(staff: Staff, id: string, status: 'active' | 'banned' | 'restricted', reason: string) {
      await repository.transaction((tx) => setUserStatus(tx, staff, id, status, reason));
      return this.user(id);
    },

    /** Admin only (the route checks): never one's own role, and never the last admin. */
    async setRole(staff: Staff, id: string, role: UserRole, reason: string) {
      await repository.transaction(async (tx) => {
        const user = await tx.users.lock(id);
        if (!user) throw notFound({ userId: id });
        if (user.id === staff.id) throw new AppError(ErrorCode.FORBIDDEN, { reason: 'own role' });
        if (user.role === role) return;
        if (user.role === 'admin' && (await tx.users.countAdmins()) <= 1) throw new AppError(ErrorCode.CONFLICT, { reason: 'last admin' });
        await tx.users.setRole(id, role);
        await tx.audit.record({
          actor: staff,
          action: 'user.role',
          targetType: 'user',
          targetId: id,
          reason,
          before: { role: user.role },
          after: { role },
        });
      });
      return this.user(id);
    },

    // Listings -------------------------------------------------------------------------------------------------------

    async listings(query: { view: string; q?: string | undefined; area?: string | undefined; page: number; pageSize: number }) {
      const { rows, total } = await repository.listings.search(query);
      const content: AdminListing[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        area: row.area,
        price: row.price,
        type: row.type,
        status: row.status,
        reviewStatus: row.reviewStatus,
        active: row.active,
        owner: { id: row.ownerId, name: row.ownerName ?? '' },
        submittedAt: iso(row.submittedAt),
        dateCreated: row.dateCreated!.toISOString(),
        openReports: row.openReports,
      }));
      return pageOf(content, total, query.page, query.pageSize);
    },

    // Audit ----------------------------------------------------------------------------------------------------------

    async audit(query: Parameters<AdminRepository['audit']['search']>[0]) {
      const { rows, total } = await repository.audit.search(query);
      return pageOf(rows.map(auditEntryOf), total, query.page, query.pageSize);
    },

    // Buildings ------------------------------------------------------------------------------------------------------

    async buildings(query: {
      q?: string | undefined;
      area?: string | undefined;
      verified?: 'yes' | 'no' | undefined;
      page: number;
      pageSize: number;
    }) {
      const { rows, total } = await repository.buildings.search(query);
      return pageOf(rows.map(buildingOf), total, query.page, query.pageSize);
    },

    async addBuilding(staff: Staff, body: BuildingBody): Promise<AdminBuilding> {
      const id = await repository.transaction(async (tx) => {
        const area = await tx.buildings.areaBySlug(body.areaSlug);
        if (!area) throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'body.areaSlug', message: 'field.area' }]);
        const { areaSlug: _slug, ...values } = body;
        const id = await tx.buildings.insert({ ...values, areaId: area.id });
        await tx.audit.record({ actor: staff, action: 'building.add', targetType: 'building', targetId: id, after: { ...body } });
        return id;
      });
      return buildingOf((await repository.buildings.find(id))!);
    },

    /** Edits a building; a new area or postcode moves its listings with it, so they land in that area's search. */
    async editBuilding(staff: Staff, id: number, body: BuildingBody): Promise<AdminBuilding & { listingsMoved: number }> {
      const moved = await repository.transaction(async (tx) => {
        const before = await tx.buildings.find(id);
        if (!before || !(await tx.buildings.lock(id))) throw notFound({ landmarkId: id });
        const area = await tx.buildings.areaBySlug(body.areaSlug);
        if (!area) throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'body.areaSlug', message: 'field.area' }]);
        const { areaSlug: _slug, ...values } = body;
        await tx.buildings.update(id, { ...values, areaId: area.id });
        const relocated = before.areaId !== area.id || before.postcode !== body.postcode;
        const listingsMoved = relocated ? await tx.buildings.moveListings(id, { areaId: area.id, postcode: body.postcode }) : 0;
        const { listings: _count, areaId: _areaId, areaName: _name, ...was } = before;
        await tx.audit.record({
          actor: staff,
          action: was.verified !== body.verified && body.verified ? 'building.verify' : 'building.edit',
          targetType: 'building',
          targetId: id,
          before: was,
          after: { ...body, listingsMoved },
        });
        return listingsMoved;
      });
      return { ...buildingOf((await repository.buildings.find(id))!), listingsMoved: moved };
    },

    /** Merges a duplicate into this building: its listings move over, the duplicate goes. */
    async mergeBuilding(staff: Staff, keepId: number, duplicateId: number, reason: string) {
      if (keepId === duplicateId) throw new AppError(ErrorCode.BAD_REQUEST, { reason: 'same building' });
      const moved = await repository.transaction(async (tx) => {
        const keep = await tx.buildings.lock(keepId);
        const duplicate = await tx.buildings.find(duplicateId);
        if (!keep || !duplicate || !(await tx.buildings.lock(duplicateId))) throw notFound({ keepId, duplicateId });
        const listingsMoved = await tx.buildings.merge(keepId, duplicateId, { areaId: keep.areaId, postcode: keep.postcode });
        await tx.audit.record({
          actor: staff,
          action: 'building.merge',
          targetType: 'building',
          targetId: keepId,
          reason,
          before: { duplicate },
          after: { mergedInto: keepId, listingsMoved },
        });
        return listingsMoved;
      });
      return { ...buildingOf((await repository.buildings.find(keepId))!), listingsMoved: moved };
    },

    // Dashboard ------------------------------------------------------------------------------------------------------

    async dashboard(): Promise<AdminDashboard> {
      const counts = await repository.dashboard.counts();
      const [newListings, approvalHours, reports, chatResponseMinutes, dealsByState] = await Promise.all([
        repository.dashboard.series('newListings'),
        repository.dashboard.series('approvalHours'),
        repository.dashboard.series('reports'),
        repository.dashboard.series('chatResponseMinutes'),
        repository.dashboard.dealsByState(),
      ]);
      return {
        reviewQueue: counts.review_queue,
        reportsOpen: counts.reports_open,
        bannedUsers: counts.banned_users,
        suspendedListings: counts.suspended_listings,
        newListings,
        approvalHours,
        reports,
        chatResponseMinutes,
        dealsByState,
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

function userOf(row: NonNullable<Awaited<ReturnType<AdminRepository['users']['find']>>>, reportsAgainst: number): AdminUser {
  return {
    id: row.id,
    name: row.name,
    phoneNumber: row.phoneNumber,
    email: row.email,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: iso(row.lastActivityAt),
    listings: row.listings,
    reportsAgainst,
  };
}

function buildingOf(row: NonNullable<Awaited<ReturnType<AdminRepository['buildings']['find']>>>): AdminBuilding {
  const { areaId: _areaId, ...rest } = row;
  return rest;
}
