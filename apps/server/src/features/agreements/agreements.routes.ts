import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationBody,
  Agreement,
  AgreementInvitation,
  AgreementInvitationList,
  AgreementParams,
  AgreementQuery,
  CreateAgreementBody,
  CreateInvitationBody,
  InvitationParams,
  SignAgreementBody,
  SigningCode,
} from '@kunci/contracts/agreements';
import { ErrorBody } from '@kunci/contracts/errors';
import { dealCaller } from '../../lib/staff.ts';
import type { AgreementsService } from './agreements.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 422: ErrorBody };
const tags = ['agreements'];

/** The tenancy agreement of a deal: started by a party, signed by both with one-time codes, kept as a signed PDF. */
export const agreementsRoutes: FastifyPluginAsyncZod<{ service: AgreementsService }> = async (app, { service }) => {
  app.post(
    '/agreements',
    {
      schema: {
        tags,
        summary: 'A party of an approved deal starts its tenancy agreement (language, address, utilities, house rules, parties)',
        body: CreateAgreementBody,
        response: { 201: Agreement, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(dealCaller(request), request.body)),
  );

  app.post(
    '/agreements/invitations',
    {
      schema: {
        tags,
        summary:
          'A tenancy found elsewhere: the caller invites the other party by phone with the home, the terms and their own details (the invitee is told by SMS)',
        body: CreateInvitationBody,
        response: { 201: AgreementInvitation, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.invite(dealCaller(request), request.body)),
  );

  app.get(
    '/agreements/invitations',
    { schema: { tags, summary: "The caller's agreement invitations, sent and received", response: { 200: AgreementInvitationList, ...errors } } },
    async (request) => ({ content: await service.invitations(dealCaller(request)) }),
  );

  app.get(
    '/agreements/invitations/:id',
    {
      schema: {
        tags,
        summary: 'An agreement invitation (its inviter and invitee only)',
        params: InvitationParams,
        response: { 200: AgreementInvitation, ...errors },
      },
    },
    async (request) => service.invitation(request.params.id, dealCaller(request)),
  );

  app.post(
    '/agreements/invitations/:id/accept',
    {
      schema: {
        tags,
        summary:
          'The invitee accepts with their own details: a deal without a listing is opened and its agreement drawn up for both to sign (403 for anyone else, 409 once answered, 410 once lapsed)',
        params: InvitationParams,
        body: AcceptInvitationBody,
        response: { 201: Agreement, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.accept(request.params.id, dealCaller(request), request.body)),
  );

  app.get(
    '/agreements',
    {
      schema: {
        tags,
        summary: 'The agreement of a deal (its parties and staff)',
        querystring: AgreementQuery,
        response: { 200: Agreement, ...errors },
      },
    },
    async (request) => service.ofDeal(request.query.dealId, dealCaller(request)),
  );

  app.get(
    '/agreements/:id',
    { schema: { tags, summary: 'An agreement (its parties and staff)', params: AgreementParams, response: { 200: Agreement, ...errors } } },
    async (request) => service.get(request.params.id, dealCaller(request)),
  );

  app.get(
    '/agreements/:id/pdf',
    {
      schema: {
        tags,
        summary: 'The agreement as a PDF: the signed file exactly as stored (with its SHA-256), or the draft (parties and staff; never cached)',
        params: AgreementParams,
        produces: ['application/pdf'],
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { bytes, sha256, filename } = await service.pdf(request.params.id, dealCaller(request));
      if (sha256) reply.header('x-content-sha256', sha256);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${filename}"`)
        .send(bytes as never);
    },
  );

  app.post(
    '/agreements/:id/code',
    {
      schema: {
        tags,
        summary: 'Sends the caller (a party who has not signed) a one-time signing code by SMS',
        params: AgreementParams,
        response: { 200: SigningCode, ...errors },
      },
    },
    async (request) => service.sendCode(request.params.id, dealCaller(request)),
  );

  app.post(
    '/agreements/:id/sign',
    {
      schema: {
        tags,
        summary: 'Signs with the one-time code; the second signature seals the PDF (SHA-256) and makes the deal SIGNED',
        params: AgreementParams,
        body: SignAgreementBody,
        response: { 200: Agreement, ...errors },
      },
    },
    async (request) => service.sign(request.params.id, dealCaller(request), request.body.code),
  );
};
