import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AdminDealDetail,
  AdminDealDocumentParams,
  AdminDealParams,
  AdminDealsPage,
  AdminDealsQuery,
  AdminDocumentView,
  AdminRefund,
  AdminRefundBody,
  AdminVerifyBody,
} from '@kunci/contracts/admin-deals';
import { ErrorBody } from '@kunci/contracts/errors';
import type { StaffRole } from '@kunci/contracts/staff';
import { requireRole } from '../../lib/staff.ts';
import type { AdminDealsService } from './admin-deals.service.ts';
import type { Staff } from './admin.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 428: ErrorBody, 503: ErrorBody };
const tags = ['admin'];
/** Deals, their documents and refunds are operations' (admin holds every role); moderators and editors get 403. */
const OPERATIONS: StaffRole[] = ['operations'];

function staffOf(request: FastifyRequest, confirmed = false): Staff {
  const { user } = requireRole(request, OPERATIONS, { confirmed });
  return { id: user.id, name: user.name, role: user.role };
}

/** The back office's deals: every deal, its timeline and ledger, its documents (viewed through signed reads), verdicts and refunds. */
export const adminDealsRoutes: FastifyPluginAsyncZod<{ service: AdminDealsService }> = async (app, { service }) => {
  app.get(
    '/admin/deals',
    {
      schema: {
        tags,
        summary: 'Every deal, newest first: by state, and by the tenant’s or landlord’s phone or name, or the listing',
        querystring: AdminDealsQuery,
        response: { 200: AdminDealsPage, ...errors },
      },
    },
    async (request) => {
      staffOf(request);
      return service.list(request.query);
    },
  );

  app.get(
    '/admin/deals/:id',
    {
      schema: {
        tags,
        summary:
          'A deal: its timeline, ledger rows and balances, documents (metadata and reads), credit result (masked NRIC), justifications and staff history',
        params: AdminDealParams,
        response: { 200: AdminDealDetail, ...errors },
      },
    },
    async (request) => {
      staffOf(request);
      return service.detail(request.params.id);
    },
  );

  app.post(
    '/admin/deals/:id/documents/:documentId/view',
    {
      schema: {
        tags,
        summary: 'View a document (needs a fresh PIN): a short-lived signed read made for the caller; the view is in the audit log',
        params: AdminDealDocumentParams,
        response: { 200: AdminDocumentView, ...errors },
      },
    },
    async (request) => service.viewDocument(staffOf(request, true), request.params.id, request.params.documentId),
  );

  app.post(
    '/admin/deals/:id/verify',
    {
      schema: {
        tags,
        summary: 'Verify or refuse documents (a reason for each refusal; the tenant uploads a replacement), or approve or reject the booking',
        params: AdminDealParams,
        body: AdminVerifyBody,
        response: { 200: AdminDealDetail, ...errors },
      },
    },
    async (request) => service.verify(staffOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/deals/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund through the gateway with a reason (needs a fresh PIN); more than the deal still holds is refused (409)',
        params: AdminDealParams,
        body: AdminRefundBody,
        response: { 200: AdminRefund, ...errors },
      },
    },
    async (request) => service.refund(staffOf(request, true), request.params.id, request.body.amountSen, request.body.reason),
  );
};
