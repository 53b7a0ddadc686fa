import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BUSINESS } from '@kunci/contracts/business';
import { Deal, DealParams, DocumentParams, DocumentUserParams } from '@kunci/contracts/deals';
import { ErrorBody, ErrorCode } from '@kunci/contracts/errors';
import {
  AddDocumentBody,
  DealScreening,
  JustificationDecision,
  JustificationDecisionBody,
  JustificationParams,
  JustificationQueueQuery,
  MarketPriceDecision,
  MarketPriceJustification,
  MarketPriceJustificationBody,
  MarketPriceJustificationList,
  ProfileBody,
  PendingJustificationPage,
  PendingMarketPricePage,
  PropertyIdParams,
  RamciConsentBody,
  RamciStatus,
  RamciSubmitBody,
  SCREENING_CONTENT_TYPES,
  ScreeningDocument,
  ScreeningDocumentList,
  SecurityQuestions,
  SignedReadQuery,
  VerifyDocumentsBody,
  ZeroDepositJustification,
  ZeroDepositJustificationBody,
} from '@kunci/contracts/screening';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/language.ts';
import { dealCaller, recentlyConfirmed, requireRole } from '../../lib/staff.ts';
import { requireSelf, requireSession } from '../../plugins/auth.ts';
import type { ScreeningCaller, ScreeningService } from './screening.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 422: ErrorBody, 503: ErrorBody };
const tags = ['screening'];

/** Staff who verify documents and read them through signed reads: operations (deals, documents, credit checks) and admins; moderators (listings, reports) do not. */
export const screeningCaller = (request: FastifyRequest): ScreeningCaller => {
  const { userId, moderator } = dealCaller(request);
  return { userId, staff: moderator, confirmed: recentlyConfirmed(request.staffConfirmedAt) };
};

/** The whole-deal verdict staff could already give (`decision`), or one per document with reasons. */
const VerifyBody = z.union([
  VerifyDocumentsBody,
  z.object({ decision: z.enum(['APPROVED', 'REJECTED']), note: z.string().trim().max(500).optional() }).strict(),
]);

/** A private file's bytes: never cached, never shown inline, never sniffed into something else by the browser. */
const sendPrivate = (reply: FastifyReply, file: { contentType: string; bytes: Buffer }) =>
  reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'attachment')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.bytes);

export const screeningRoutes: FastifyPluginAsyncZod<{ service: ScreeningService }> = async (app, { service }) => {
  app.get(
    '/deals/:id/screening',
    {
      schema: {
        tags,
        summary: 'A deal’s screening: profile, required documents, credit result and the zero-deposit decision (its tenant, or staff)',
        params: DealParams,
        response: { 200: DealScreening, ...errors },
      },
    },
    async (request) => service.screening(request.params.id, screeningCaller(request)),
  );

  app.put(
    '/deals/:id/screening',
    {
      schema: {
        tags,
        summary: 'The tenant states their profile (working adult, student, business owner, foreigner)',
        params: DealParams,
        body: ProfileBody,
        response: { 200: DealScreening, ...errors },
      },
    },
    async (request) => service.setProfile(request.params.id, screeningCaller(request), request.body.profile),
  );

  app.post(
    '/deals/:id/documents',
    {
      schema: {
        tags,
        summary: 'Add a screening document to a booked deal (the tenant); its file follows at /documents/{id}/upload',
        params: DealParams,
        body: AddDocumentBody,
        response: { 201: ScreeningDocument, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addDocument(request.params.id, screeningCaller(request), request.body)),
  );

  app.post(
    '/deals/:id/documents/verify',
    {
      schema: {
        tags,
        summary: 'Staff: verify or refuse each document (a reason for each refusal), or give the whole screening verdict',
        params: DealParams,
        body: VerifyBody,
        response: { 200: Deal, ...errors },
      },
    },
    async (request) => service.verify(request.params.id, screeningCaller(request), request.body),
  );

  app.get(
    '/documents/users/:userId',
    {
      schema: {
        tags,
        summary: "A user's deal documents (the user, or staff)",
        params: DocumentUserParams,
        response: { 200: ScreeningDocumentList, ...errors },
      },
    },
    async (request) => {
      const caller = screeningCaller(request);
      if (!caller.staff) requireSelf(request, request.params.userId);
      return { content: await service.documentsOf(request.params.userId) };
    },
  );

  app.get(
    '/documents/:id/file',
    {
      schema: {
        tags,
        summary: 'A document’s file: its owner, or staff through a short-lived signed read; every read is recorded',
        params: DocumentParams,
        querystring: SignedReadQuery,
      },
    },
    async (request, reply) => sendPrivate(reply, await service.read('DEAL_DOCUMENT', request.params.id, screeningCaller(request), request.query)),
  );

  app.get(
    '/private-files/:id',
    {
      schema: {
        tags,
        summary: 'An IC photo or justification file: its owner, or staff through a short-lived signed read; every read is recorded',
        params: DocumentParams,
        querystring: SignedReadQuery,
      },
    },
    async (request, reply) => sendPrivate(reply, await service.read('PRIVATE_FILE', request.params.id, screeningCaller(request), request.query)),
  );

  app.get(
    '/ramci/questions',
    {
      schema: { tags, summary: 'The credit bureau’s security questions, in the caller’s language', response: { 200: SecurityQuestions, ...errors } },
    },
    async (request) => {
      requireSession(request);
      return { questions: service.questions(requestLanguage(request)) };
    },
  );

  app.post(
    '/ramci/submit',
    {
      schema: {
        tags,
        summary: 'Answer the security questions (wrong answers: errorCode 612); right, the check waits for consent',
        body: RamciSubmitBody,
        response: { 200: RamciStatus, ...errors },
      },
    },
    async (request) => service.submit(screeningCaller(request).userId, request.body),
  );

  app.post(
    '/ramci/update-consent',
    {
      schema: {
        tags,
        summary: 'Consent with the IC’s front and back (stored encrypted): the bureau’s report follows (success, fail, or consent fail)',
        body: RamciConsentBody,
        response: { 200: RamciStatus, ...errors },
      },
      // Two photos as base64 in JSON.
      bodyLimit: Math.ceil(BUSINESS.screening.documentMaxBytes * 2 * 1.4),
    },
    async (request) => service.consent(screeningCaller(request).userId, request.body),
  );

  app.get(
    '/ramci/status',
    { schema: { tags, summary: 'The caller’s credit check: state, outcome, masked NRIC', response: { 200: RamciStatus, ...errors } } },
    async (request) => service.status(screeningCaller(request).userId),
  );

  app.post(
    '/deals/:id/ramci',
    {
      schema: {
        tags,
        summary: 'The tenant’s credit check counts for the deal; the zero-deposit decision follows (rejected: booking fee refunded)',
        params: DealParams,
        response: { 200: DealScreening, ...errors },
      },
    },
    async (request) => service.attachCredit(request.params.id, screeningCaller(request)),
  );

  app.post(
    '/v3/zero-deposit-justifications',
    {
      schema: {
        tags,
        summary: 'A refused tenant’s reason and supporting files (stored encrypted), for review by staff',
        body: ZeroDepositJustificationBody,
        response: { 201: ZeroDepositJustification, ...errors },
      },
      bodyLimit: Math.ceil(BUSINESS.screening.documentMaxBytes * BUSINESS.screening.justificationFiles * 1.4),
    },
    async (request, reply) => reply.status(201).send(await service.justifyZeroDeposit(screeningCaller(request).userId, request.body)),
  );

  app.post(
    '/v3/market-price-justifications',
    {
      schema: {
        tags,
        summary: 'The landlord’s reason for a rent above comparable rents (refused when it is not above them)',
        body: MarketPriceJustificationBody,
        response: { 201: MarketPriceJustification, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.justifyMarketPrice(screeningCaller(request).userId, request.body)),
  );

  app.get(
    '/v3/market-price-justifications/property/:id',
    {
      schema: {
        tags,
        summary: 'A listing’s market-price justifications, newest first (shown to tenants)',
        params: PropertyIdParams,
        response: { 200: MarketPriceJustificationList, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => ({ content: await service.marketPriceJustifications(request.params.id) }),
  );

  app.get(
    '/admin/screening/justifications',
    {
      schema: {
        tags,
        summary: 'Operations: zero-deposit justifications waiting for review, oldest first, with their files as signed reads',
        querystring: JustificationQueueQuery,
        response: { 200: PendingJustificationPage, ...errors },
      },
    },
    async (request) => {
      requireRole(request, ['operations']);
      return service.justificationQueue(screeningCaller(request), request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/admin/screening/justifications/:id/decision',
    {
      schema: {
        tags,
        summary: 'Operations (PIN-confirmed): accept or refuse a zero-deposit justification with a note; recorded in the audit log',
        params: JustificationParams,
        body: JustificationDecisionBody,
        response: { 200: JustificationDecision, 428: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const { user } = requireRole(request, ['operations'], { confirmed: true });
      return service.decideJustification(request.params.id, { ...screeningCaller(request), role: user.role }, request.body);
    },
  );

  app.get(
    '/admin/screening/market-price-justifications',
    {
      schema: {
        tags,
        summary: 'Operations: market-price justifications waiting for review, oldest first, with the landlord and the listing',
        querystring: JustificationQueueQuery,
        response: { 200: PendingMarketPricePage, ...errors },
      },
    },
    async (request) => {
      requireRole(request, ['operations']);
      return service.marketPriceQueue(screeningCaller(request), request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/admin/screening/market-price-justifications/:id/decision',
    {
      schema: {
        tags,
        summary: 'Operations (PIN-confirmed): accept or refuse a market-price justification with a note (refused: no longer shown to tenants)',
        params: JustificationParams,
        body: JustificationDecisionBody,
        response: { 200: MarketPriceDecision, 428: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const { user } = requireRole(request, ['operations'], { confirmed: true });
      return service.decideMarketPrice(request.params.id, { ...screeningCaller(request), role: user.role }, request.body);
    },
  );

  // The document's bytes as the body, typed by Content-Type (PDF, JPEG or PNG), at most the screening limit.
  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<ZodTypeProvider>();
    raw.addContentTypeParser(
      [...SCREENING_CONTENT_TYPES],
      { parseAs: 'buffer', bodyLimit: BUSINESS.screening.documentMaxBytes },
      (_request, body, done) => done(null, body),
    );
    raw.post(
      '/documents/:id/upload',
      {
        schema: {
          tags,
          summary: 'Upload or replace a document’s file (PDF, JPEG or PNG as the body), stored encrypted; its owner only',
          params: DocumentParams,
          response: { 200: ScreeningDocument, ...errors },
        },
      },
      async (request) => {
        const caller = screeningCaller(request);
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim();
        if (!Buffer.isBuffer(request.body)) throw new AppError(ErrorCode.INVALID_DOCUMENT, { contentType: type });
        return service.upload(request.params.id, caller, type, request.body);
      },
    );
  });
};
