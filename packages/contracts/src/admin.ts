import { z } from 'zod';
import { RowId } from './ids.ts';
import { Page } from './listings.ts';
import { StaffRole, UserRole } from './staff.ts';

/** The back office's API (/api/admin/...): shapes shared by the server, the console and OpenAPI. */

export const StaffMe = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: StaffRole,
    /** When this session last confirmed with a PIN; null when never. */
    confirmedAt: z.iso.datetime().nullable(),
    /** Whether sensitive actions would ask for a PIN now. */
    confirmationNeeded: z.boolean(),
    reconfirmMinutes: z.number().int(),
  })
  .meta({ id: 'StaffMe' });
export type StaffMe = z.infer<typeof StaffMe>;

export const StaffPinSent = z.object({ phoneNo: z.string() }).meta({ id: 'StaffPinSent' });
export const StaffConfirmBody = z.object({ pin: z.string().regex(/^\d{6}$/) }).meta({ id: 'StaffConfirmBody' });
export const StaffConfirmed = z.object({ confirmedAt: z.iso.datetime() }).meta({ id: 'StaffConfirmed' });

/** Paging and search of every console table: `page` from 0, like the rest of the API. */
export const AdminPaging = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

/** A staff decision's reason: said to the person concerned and kept in the audit log. */
export const Reason = z.string().trim().min(3).max(500);
export const ReasonBody = z.object({ reason: Reason }).meta({ id: 'AdminReasonBody' });

// Reports ------------------------------------------------------------------------------------------------------------

export const LISTING_REPORT_REASONS = ['SCAM', 'WRONG_INFORMATION', 'ASKS_FOR_DEPOSIT', 'DISCRIMINATORY'] as const;
export const ListingReportReason = z.enum(LISTING_REPORT_REASONS);
export type ListingReportReason = z.infer<typeof ListingReportReason>;
export const ReportListingBody = z
  .object({ reason: ListingReportReason, note: z.string().trim().max(1000).default('') })
  .meta({ id: 'ReportListingBody' });
export const REPORT_KINDS = ['LISTING', 'CHAT'] as const;
export const ReportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKind>;
export const REPORT_OUTCOMES = ['DISMISSED', 'WARNED', 'LISTING_SUSPENDED', 'USER_BANNED'] as const;
export const ReportOutcome = z.enum(REPORT_OUTCOMES);
export type ReportOutcome = z.infer<typeof ReportOutcome>;

export const ReportFiled = z.object({ id: z.number().int(), kind: ReportKind }).meta({ id: 'ReportFiled' });

/** A report as its reporter sees it: what they reported and, once decided, the outcome. */
export const MyReport = z
  .object({
    id: z.number().int(),
    kind: ReportKind,
    reason: z.string(),
    subject: z.string(),
    propertyId: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
    outcome: ReportOutcome.nullable(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MyReport' });
export const MyReports = z.array(MyReport).meta({ id: 'MyReports' });
export type MyReport = z.infer<typeof MyReport>;

const Person = z.object({ id: z.uuid(), name: z.string(), phoneNumber: z.string(), status: z.string() });

export const ReportSummary = z
  .object({
    id: z.number().int(),
    kind: ReportKind,
    reason: z.string(),
    note: z.string(),
    createdAt: z.iso.datetime(),
    reporter: Person,
    reported: Person,
    property: z.object({ id: z.number().int(), name: z.string(), status: z.string() }).nullable(),
    outcome: ReportOutcome.nullable(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.infer<typeof ReportSummary>;
export const ReportsQuery = AdminPaging.extend({
  status: z.enum(['open', 'decided', 'all']).default('open'),
  kind: ReportKind.optional(),
});
export const ReportsPage = Page(ReportSummary).meta({ id: 'ReportsPage' });
export type ReportsPage = z.infer<typeof ReportsPage>;

export const ConversationMessage = z.object({
  id: z.number().int(),
  senderId: z.uuid().nullable(),
  senderName: z.string(),
  kind: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export const ReportDetail = ReportSummary.extend({
  decision: z.object({ outcome: ReportOutcome, reason: z.string(), decidedBy: z.string(), decidedAt: z.iso.datetime() }).nullable(),
  /** The conversation between the reporter and the reported person (about the listing, for a listing report). */
  conversation: z.object({ id: z.number().int(), messages: z.array(ConversationMessage) }).nullable(),
  /** Other reports about the same person. */
  earlierReports: z.number().int(),
}).meta({ id: 'ReportDetail' });
export type ReportDetail = z.infer<typeof ReportDetail>;
export const ReportParams = z.object({ kind: ReportKind, id: z.coerce.number().int().positive().max(2_147_483_647) });
export const DecideReportBody = z.object({ outcome: ReportOutcome, reason: Reason }).meta({ id: 'DecideReportBody' });

// Users --------------------------------------------------------------------------------------------------------------

export const USER_STATUSES = ['active', 'banned', 'restricted'] as const;
export const AdminUser = z
  .object({
    id: z.uuid(),
    name: z.string(),
    phoneNumber: z.string(),
    email: z.string().nullable(),
    role: UserRole,
    status: z.enum(USER_STATUSES),
    createdAt: z.iso.datetime(),
    lastActivityAt: z.iso.datetime().nullable(),
    listings: z.number().int(),
    reportsAgainst: z.number().int(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;
export const UsersQuery = AdminPaging.extend({ status: z.enum(USER_STATUSES).optional(), role: UserRole.optional() });
export const UsersPage = Page(AdminUser).meta({ id: 'AdminUsersPage' });
export type UsersPage = z.infer<typeof UsersPage>;
export const AdminUserDetail = AdminUser.extend({
  listingsList: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string(), reviewStatus: z.string(), active: z.boolean() })),
  deals: z.array(
    z.object({ id: z.uuid(), state: z.string(), propertyName: z.string(), side: z.enum(['TENANT', 'LANDLORD']), createdAt: z.iso.datetime() }),
  ),
  reportsBy: z.array(ReportSummary),
  reportsAgainstList: z.array(ReportSummary),
}).meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;
export const UserParams = z.object({ id: z.uuid() });
export const UserStatusBody = z.object({ status: z.enum(USER_STATUSES), reason: Reason }).meta({ id: 'UserStatusBody' });
export const UserRoleBody = z.object({ role: UserRole, reason: Reason }).meta({ id: 'UserRoleBody' });

// Listings -----------------------------------------------------------------------------------------------------------

export const AdminListing = z
  .object({
    id: z.number().int(),
    name: z.string(),
    area: z.string(),
    price: z.number().int(),
    type: z.string(),
    status: z.string(),
    reviewStatus: z.string(),
    active: z.boolean(),
    owner: z.object({ id: z.uuid(), name: z.string() }),
    submittedAt: z.iso.datetime().nullable(),
    dateCreated: z.iso.datetime(),
    openReports: z.number().int(),
  })
  .meta({ id: 'AdminListing' });
export type AdminListing = z.infer<typeof AdminListing>;
export const ListingsQuery = AdminPaging.extend({
  view: z.enum(['queue', 'live', 'suspended', 'rejected', 'all']).default('queue'),
  area: z.string().max(60).optional(),
});
export const ListingsPage = Page(AdminListing).meta({ id: 'AdminListingsPage' });
export type ListingsPage = z.infer<typeof ListingsPage>;
export const ListingParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const AuditEntry = z
  .object({
    id: z.number().int(),
    actorId: z.uuid().nullable(),
    actorName: z.string(),
    actorRole: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    reason: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditQuery = AdminPaging.extend({
  action: z.string().max(60).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(60).optional(),
  actorId: z.uuid().optional(),
});
export const AuditPage = Page(AuditEntry).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPage>;

// Buildings ----------------------------------------------------------------------------------------------------------

export const AdminBuilding = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    postcode: z.string(),
    areaSlug: z.string(),
    areaName: z.string(),
    listingType: z.string(),
    lat: z.number(),
    lng: z.number(),
    verified: z.boolean(),
    listings: z.number().int(),
  })
  .meta({ id: 'AdminBuilding' });
export type AdminBuilding = z.infer<typeof AdminBuilding>;
export const BuildingsQuery = AdminPaging.extend({ area: z.string().max(60).optional(), verified: z.enum(['yes', 'no']).optional() });
export const BuildingsPage = Page(AdminBuilding).meta({ id: 'AdminBuildingsPage' });
export type BuildingsPage = z.infer<typeof BuildingsPage>;
export const BuildingParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const BuildingBody = z
  .object({
    name: z.string().trim().min(2).max(120),
    address: z.string().trim().min(3).max(300),
    postcode: z.string().regex(/^\d{5}$/),
    areaSlug: z.string().min(2).max(60),
    listingType: z.enum(['HIGHRISE', 'LANDED']),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    verified: z.boolean().default(false),
  })
  .meta({ id: 'AdminBuildingBody' });
export type BuildingBody = z.infer<typeof BuildingBody>;
export const MergeBuildingBody = z.object({ duplicateId: RowId, reason: Reason }).meta({ id: 'MergeBuildingBody' });

// Dashboard ----------------------------------------------------------------------------------------------------------

export const DayCount = z.object({ day: z.string(), count: z.number() });
export const AdminDashboard = z
  .object({
    reviewQueue: z.number().int(),
    reportsOpen: z.number().int(),
    bannedUsers: z.number().int(),
    suspendedListings: z.number().int(),
    newListings: z.array(DayCount),
    /** Median hours from submission to decision, per day of decision. */
    approvalHours: z.array(DayCount),
    reports: z.array(DayCount),
    dealsByState: z.array(z.object({ state: z.string(), count: z.number().int() })),
    /** Median minutes for a landlord's first answer in new conversations, per day. */
    chatResponseMinutes: z.array(DayCount),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof AdminDashboard>;

export { StaffRole, UserRole };
