import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateDealBody,
  Deal,
  DealHashParams,
  DealList,
  DealListQuery,
  DealParams,
  PaymentLink,
  RentalOrderPayBody,
  UpdateDealBody,
} from '@kunci/contracts/deals';
import { ErrorBody } from '@kunci/contracts/errors';
import { requestLanguage } from '../../lib/language.ts';
import { dealCaller } from '../../lib/staff.ts';
import { requireSelf } from '../../plugins/auth.ts';
import type { DealsService } from './deals.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 422: ErrorBody };
const tags = ['deals'];

export const dealsRoutes: FastifyPluginAsyncZod<{ service: DealsService }> = async (app, { service }) => {
  app.get(
    '/deals',
    {
      schema: {
        tags,
        summary: "The user's deals as tenant or landlord, newest first; of one listing with propertyId",
        querystring: DealListQuery,
        response: { 200: DealList, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      return { content: await service.list(request.query.userId, request.query.propertyId) };
    },
  );

  app.post(
    '/deals',
    {
      schema: {
        tags,
        summary: 'A tenant applies for a live rental listing (move-in date, months, occupants; the rent is the listing’s)',
        body: CreateDealBody,
        response: { 201: Deal, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.apply(dealCaller(request).userId, request.body)),
  );

  app.get(
    '/deals/hash/:hash',
    {
      schema: {
        tags,
        summary: 'The deal behind a signed link: a party’s own view when signed in as one, else a summary',
        params: DealHashParams,
        response: { 200: Deal, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.byHash(request.params.hash, request.session ? dealCaller(request) : null),
  );

  app.get(
    '/deals/:id',
    { schema: { tags, summary: 'A deal, for its tenant, its landlord or staff', params: DealParams, response: { 200: Deal, ...errors } } },
    async (request) => service.get(request.params.id, dealCaller(request)),
  );

  app.put(
    '/deals/:id',
    {
      schema: {
        tags,
        summary:
          'Run a command on a deal (accept, decline, cancel, submit documents, start the agreement, sign, ask to postpone the start and answer; staff: void, stamp)',
        params: DealParams,
        body: UpdateDealBody,
        response: { 200: Deal, ...errors },
      },
    },
    async (request) => {
      const { command, reason, note, moveInDate } = request.body;
      return service.command(request.params.id, dealCaller(request), command, {
        ...(reason ? { reason } : {}),
        ...(note ? { note } : {}),
        ...(moveInDate ? { moveInDate } : {}),
      });
    },
  );

  app.post(
    '/deals/:id/booking',
    {
      schema: {
        tags,
        summary: 'The tenant’s link to pay the booking fee (refused once another tenant holds the listing)',
        params: DealParams,
        response: { 200: PaymentLink, ...errors },
      },
    },
    async (request) => service.booking(request.params.id, dealCaller(request), requestLanguage(request)),
  );

  app.post(
    '/deals/:id/verify/booking',
    {
      schema: {
        tags,
        summary: 'Check the booking fee with payments and apply it if paid (idempotent)',
        params: DealParams,
        response: { 200: Deal, ...errors },
      },
    },
    async (request) => service.verifyBooking(request.params.id, dealCaller(request)),
  );

  app.post(
    '/rental/order/pay',
    {
      schema: {
        tags,
        summary: 'The tenant’s pay link for the move-in amount (first month, signing fee and SST, less the booking fee)',
        body: RentalOrderPayBody,
        response: { 200: PaymentLink, ...errors },
      },
    },
    async (request) => service.moveInPayment(request.body.dealId, dealCaller(request), requestLanguage(request)),
  );
};
