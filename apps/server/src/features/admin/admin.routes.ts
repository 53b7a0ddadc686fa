import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminBuilding,
  AdminDashboard,
  AdminUserDetail,
  AuditPage,
  AuditQuery,
  BuildingBody,
  BuildingParams,
  BuildingsPage,
  BuildingsQuery,
  DecideReportBody,
  ListingParams,
  ListingsPage,
  ListingsQuery,
  MergeBuildingBody,
  ReportDetail,
  ReportParams,
  ReportsPage,
  ReportsQuery,
  UserParams,
  UserRoleBody,
  UsersPage,
  UsersQuery,
  UserStatusBody,
} from '@kunci/contracts/admin';
import { ErrorBody } from '@kunci/contracts/errors';
import type { StaffRole } from '@kunci/contracts/staff';
import { requireRole } from '../../lib/staff.ts';
import type { AdminService, Staff } from './admin.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 428: ErrorBody };
const tags = ['admin'];

/** Who may do what in the console (admin holds every role). */
const MODERATION: StaffRole[] = ['moderator'];
const AUDIT_READERS: StaffRole[] = ['moderator', 'operations'];
const DASHBOARD: StaffRole[] = ['moderator', 'operations', 'editor'];

function staffOf(request: FastifyRequest, roles: readonly StaffRole[], confirmed = false): Staff {
  const { user } = requireRole(request, roles, { confirmed });
  return { id: user.id, name: user.name, role: user.role };
}

/** The back office's API: every route checks the caller's role here, on the server, before anything else. */
export const adminRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  app.get(
    '/admin/dashboard',
    { schema: { tags, summary: 'Counts and 30-day trends of the console', response: { 200: AdminDashboard, ...errors } } },
    async (request) => {
      staffOf(request, DASHBOARD);
      return service.dashboard();
    },
  );

  // Reports ----------------------------------------------------------------------------------------------------------
  app.get(
    '/admin/reports',
    {
      schema: {
        tags,
        summary: 'Listing and chat reports (open first, oldest first)',
        querystring: ReportsQuery,
        response: { 200: ReportsPage, ...errors },
      },
    },
    async (request) => {
      staffOf(request, MODERATION);
      return service.reports(request.query);
    },
  );

  app.get(
    '/admin/reports/:kind/:id',
    {
      schema: {
        tags,
        summary: 'A report with the conversation it concerns (reading it is logged)',
        params: ReportParams,
        response: { 200: ReportDetail, ...errors },
      },
    },
    async (request) => service.report(staffOf(request, MODERATION), request.params.kind, request.params.id),
  );

  app.post(
    '/admin/reports/:kind/:id/decision',
    {
      schema: {
        tags,
        summary: 'Decide a report: dismiss, warn, suspend the listing, or ban the person (a ban needs a fresh PIN); the reporter is told',
        params: ReportParams,
        body: DecideReportBody,
        response: { 200: ReportDetail, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request, MODERATION, request.body.outcome === 'USER_BANNED');
      return service.decide(staff, request.params.kind, request.params.id, request.body.outcome, request.body.reason);
    },
  );

  // Users ------------------------------------------------------------------------------------------------------------
  app.get(
    '/admin/users',
    { schema: { tags, summary: 'Find users by phone, name or email', querystring: UsersQuery, response: { 200: UsersPage, ...errors } } },
    async (request) => {
      staffOf(request, MODERATION);
      return service.users(request.query);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      schema: { tags, summary: "A user's profile, listings, deals and reports", params: UserParams, response: { 200: AdminUserDetail, ...errors } },
    },
    async (request) => {
      staffOf(request, MODERATION);
      return service.user(request.params.id);
    },
  );

  app.post(
    '/admin/users/:id/status',
    {
      schema: {
        tags,
        summary: 'Ban, restrict or unban a user with a reason (needs a fresh PIN); a banned user is answered 403 errorCode 10100',
        params: UserParams,
        body: UserStatusBody,
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    async (request) => service.setStatus(staffOf(request, MODERATION, true), request.params.id, request.body.status, request.body.reason),
  );

  app.post(
    '/admin/users/:id/role',
    {
      schema: {
        tags,
        summary: "Change a user's role (admins only, needs a fresh PIN)",
        params: UserParams,
        body: UserRoleBody,
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    async (request) => service.setRole(staffOf(request, ['admin'], true), request.params.id, request.body.role, request.body.reason),
  );

  // Listings ---------------------------------------------------------------------------------------------------------
  app.get(
    '/admin/listings',
    {
      schema: {
        tags,
        summary: 'Listings by view: the review queue (oldest first), live, suspended, rejected, all',
        querystring: ListingsQuery,
        response: { 200: ListingsPage, ...errors },
      },
    },
    async (request) => {
      staffOf(request, MODERATION);
      return service.listings(request.query);
    },
  );

  app.get(
    '/admin/listings/:id/history',
    {
      schema: {
        tags,
        summary: "A listing's history: every staff action on it, newest first",
        params: ListingParams,
        querystring: z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0) }),
        response: { 200: AuditPage, ...errors },
      },
    },
    async (request) => {
      staffOf(request, MODERATION);
      return service.audit({ targetType: 'listing', targetId: String(request.params.id), page: request.query.page, pageSize: 50 });
    },
  );

  // Audit log --------------------------------------------------------------------------------------------------------
  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, searchable (read-only: no call changes it)',
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errors },
      },
    },
    async (request) => {
      staffOf(request, AUDIT_READERS);
      return service.audit(request.query);
    },
  );

  // Buildings --------------------------------------------------------------------------------------------------------
  app.get(
    '/admin/buildings',
    { schema: { tags, summary: 'The building directory', querystring: BuildingsQuery, response: { 200: BuildingsPage, ...errors } } },
    async (request) => {
      staffOf(request, MODERATION);
      return service.buildings(request.query);
    },
  );

  app.post(
    '/admin/buildings',
    { schema: { tags, summary: 'Add a building', body: BuildingBody, response: { 201: AdminBuilding, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.addBuilding(staffOf(request, MODERATION), request.body)),
  );

  app.put(
    '/admin/buildings/:id',
    {
      schema: {
        tags,
        summary: "Edit or verify a building; a new area or postcode moves its listings (they then appear in that area's search)",
        params: BuildingParams,
        body: BuildingBody,
        response: { 200: AdminBuilding.extend({ listingsMoved: z.number().int() }), ...errors },
      },
    },
    async (request) => service.editBuilding(staffOf(request, MODERATION), request.params.id, request.body),
  );

  app.post(
    '/admin/buildings/:id/merge',
    {
      schema: {
        tags,
        summary: 'Merge a duplicate into this building (its listings move over, the duplicate goes)',
        params: BuildingParams,
        body: MergeBuildingBody,
        response: { 200: AdminBuilding.extend({ listingsMoved: z.number().int() }), ...errors },
      },
    },
    async (request) => service.mergeBuilding(staffOf(request, MODERATION), request.params.id, request.body.duplicateId, request.body.reason),
  );
};
