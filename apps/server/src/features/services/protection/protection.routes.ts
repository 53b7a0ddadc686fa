import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  BuyProtectionBody,
  BuyResult,
  Claim,
  ClaimDecisionBody,
  ClaimFileParams,
  ClaimParams,
  FileClaimBody,
  InstalmentParams,
  InstalmentPayLink,
  OverstayEndBody,
  Policy,
  PolicyParams,
  ProtectionOverview,
  Quote,
  QuoteBody,
  StaffClaimList,
  StaffClaimQuery,
  TransferPolicyBody,
  protectionQuote,
} from '@kunci/contracts/protection';
import { BUSINESS } from '@kunci/contracts/business';
import { requestLanguage } from '../../../lib/language.ts';
import { actsAs, requireRole } from '../../../lib/staff.ts';
import { requireSession } from '../../../plugins/auth.ts';
import type { ProtectionService } from './protection.service.ts';

const tags = ['landlord protection'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 422: ErrorBody, 428: ErrorBody };
/** Claims are decided by operations (admin holds every role). */
const CLAIM_STAFF = ['operations'] as const;

/** Landlord protection: the open quote, buying and paying a plan, the policy document, claims and their review. */
export const protectionRoutes: FastifyPluginAsyncZod<{ service: ProtectionService }> = async (app, { service }) => {
  app.post(
    '/services/protection/quote',
    {
      schema: {
        tags,
        summary: 'Standard, Protect and Protect Plus priced from the monthly rent: months of rent, SST and stamp duty, split over the first invoices',
        body: QuoteBody,
        response: { 200: Quote, 422: ErrorBody },
      },
    },
    async (request) => protectionQuote(request.body.monthlyRent, request.body.room),
  );

  app.get(
    '/services/protection',
    {
      schema: {
        tags,
        summary: "The signed-in landlord's policies, the ACTIVE tenancies they may insure (or why not), and their claims",
        response: { 200: ProtectionOverview, ...errors },
      },
    },
    async (request) => service.overview(requireSession(request).user.id),
  );

  app.post(
    '/services/protection/policies',
    {
      schema: {
        tags,
        summary:
          "Buy a plan for the landlord's ACTIVE tenancy (at its start or within the days allowed, nothing overdue); answers the first instalment's pay link",
        body: BuyProtectionBody,
        response: { 201: BuyResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.buy(requireSession(request).user.id, request.body.dealId, request.body.plan, requestLanguage(request))),
  );

  app.post(
    '/services/protection/policies/:id/instalments/:number/pay',
    {
      schema: {
        tags,
        summary: "The landlord's pay link for an instalment of the policy's price still due",
        params: InstalmentParams,
        response: { 200: InstalmentPayLink, ...errors },
      },
    },
    async (request) => service.payInstalment(request.params.id, request.params.number, requireSession(request).user.id, requestLanguage(request)),
  );

  app.post(
    '/services/protection/policies/:id/transfer',
    {
      schema: {
        tags,
        summary:
          "The landlord moves an ACTIVE policy to a replacement tenant's ACTIVE tenancy of the same home, once the tenant passed screening: covered for the new term, never more than the months allowed in all from the policy's first day",
        params: PolicyParams,
        body: TransferPolicyBody,
        response: { 200: Policy, ...errors },
      },
    },
    async (request) => service.transfer(request.params.id, request.body.dealId, requireSession(request).user.id),
  );

  app.get(
    '/services/protection/policies/:id/pdf',
    {
      schema: {
        tags,
        summary: 'The policy document (PDF, in the landlord’s language): to the landlord and operations staff only',
        params: PolicyParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { reference, bytes } = await service.pdf(request.params.id, { userId: session.user.id, staff: actsAs(request, CLAIM_STAFF) });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="kunci-${reference}.pdf"`)
        .send(bytes);
    },
  );

  app.post(
    '/services/protection/claims',
    {
      schema: {
        tags,
        summary: 'File a claim on an ACTIVE policy with photos and receipts (PDF, JPEG or PNG, checked by their bytes, stored encrypted)',
        body: FileClaimBody,
        response: { 201: Claim, ...errors },
      },
      bodyLimit: Math.ceil(BUSINESS.protection.claimFileMaxBytes * BUSINESS.protection.claimMaxFiles * 1.4) + 64 * 1024,
    },
    async (request, reply) => reply.status(201).send(await service.fileClaim(requireSession(request).user.id, request.body)),
  );

  app.get(
    '/services/protection/claims/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: "A claim's photo or receipt: to its landlord and operations staff only",
        params: ClaimFileParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const file = await service.claimFile(request.params.id, request.params.fileId, {
        userId: session.user.id,
        staff: actsAs(request, CLAIM_STAFF),
      });
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'attachment')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );

  app.get(
    '/admin/protection/claims',
    {
      schema: {
        tags,
        summary: 'Operations: claims in a status (submitted by default), of a kind if given, oldest first',
        querystring: StaffClaimQuery,
        response: { 200: StaffClaimList, ...errors },
      },
    },
    async (request) => {
      requireRole(request, CLAIM_STAFF);
      return service.staffClaims(request.query.status, request.query.kind);
    },
  );

  app.post(
    '/admin/protection/claims/:id/decision',
    {
      schema: {
        tags,
        summary:
          'Operations approve (paid from the fund, at most what was claimed) or reject a claim, once, with a note the landlord reads (PIN-confirmed, audit-logged)',
        params: ClaimParams,
        body: ClaimDecisionBody,
        response: { 200: Claim, ...errors },
      },
    },
    async (request) => {
      const session = requireRole(request, CLAIM_STAFF, { confirmed: true });
      return service.decideClaim(request.params.id, request.body, { id: session.user.id, name: session.user.name, role: session.user.role });
    },
  );

  app.post(
    '/admin/protection/claims/:id/overstay-end',
    {
      schema: {
        tags,
        summary:
          "Operations mark an approved OCD claim's overstay ended (the tenant left): its monthly rent stops, no month starting on or after the day is paid (PIN-confirmed, audit-logged)",
        params: ClaimParams,
        body: OverstayEndBody,
        response: { 200: Claim, ...errors },
      },
    },
    async (request) => {
      const session = requireRole(request, CLAIM_STAFF, { confirmed: true });
      return service.endOverstay(request.params.id, request.body.endDate, { id: session.user.id, name: session.user.name, role: session.user.role });
    },
  );
};
