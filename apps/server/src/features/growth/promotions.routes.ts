import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { ManagedPromotion, ManagedPromotionList, PromotionInput, PromotionList, PromotionParams } from '@kunci/contracts/growth';
import { requestLanguage } from '../../lib/language.ts';
import { requireRole } from '../../lib/staff.ts';
import type { PromotionsService } from './promotions.service.ts';

const tags = ['growth'];
const staffErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Promotions are marketing content: editors manage them (and admins, who hold every role). */
const MANAGERS = ['editor'] as const;
const staffOf = (user: { id: string; name: string; role: string }) => ({ id: user.id, name: user.name, role: user.role });

/** Hot deals and partner campaigns: running ones for everyone (spec section 7), managed by staff under /admin/growth. */
export const promotionsRoutes: FastifyPluginAsyncZod<{ service: PromotionsService }> = async (app, { service }) => {
  app.get(
    '/hotdeals/deals/on-going',
    { schema: { tags, summary: 'Hot deals running now, with their live listings', response: { 200: PromotionList } } },
    async (request) => service.running('HOT_DEAL', requestLanguage(request)),
  );

  app.get(
    '/partnerships/campaigns/on-going',
    { schema: { tags, summary: 'Partner campaigns running now, with their live listings', response: { 200: PromotionList } } },
    async (request) => service.running('CAMPAIGN', requestLanguage(request)),
  );

  app.get(
    '/admin/growth/promotions',
    { schema: { tags, summary: 'Every hot deal and campaign, for staff', response: { 200: ManagedPromotionList, ...staffErrors } } },
    async (request) => {
      requireRole(request, MANAGERS);
      return service.all();
    },
  );

  app.post(
    '/admin/growth/promotions',
    {
      schema: { tags, summary: 'Create a hot deal or campaign (staff)', body: PromotionInput, response: { 201: ManagedPromotion, ...staffErrors } },
    },
    async (request, reply) => {
      const { user } = requireRole(request, MANAGERS);
      return reply.status(201).send(await service.save(undefined, request.body, staffOf(user)));
    },
  );

  app.put(
    '/admin/growth/promotions/:id',
    {
      schema: {
        tags,
        summary: 'Replace a hot deal or campaign: texts, dates and listings (staff)',
        params: PromotionParams,
        body: PromotionInput,
        response: { 200: ManagedPromotion, ...staffErrors },
      },
    },
    async (request) => {
      const { user } = requireRole(request, MANAGERS);
      return service.save(request.params.id, request.body, staffOf(user));
    },
  );

  app.delete(
    '/admin/growth/promotions/:id',
    { schema: { tags, summary: 'Delete a hot deal or campaign (staff)', params: PromotionParams, response: { 204: z.null(), ...staffErrors } } },
    async (request, reply) => {
      const { user } = requireRole(request, MANAGERS);
      await service.remove(request.params.id, staffOf(user));
      return reply.status(204).send(null);
    },
  );
};
