import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { z } from 'zod';
import { TrackBody } from '@kunci/contracts/growth';
import { requireSession } from '../../plugins/auth.ts';
import type { AttributionService } from './attribution.service.ts';

const tags = ['growth'];

/** Attribution of sign-ups and first deals (spec section 7: users/track {attr, id}). */
export const attributionRoutes: FastifyPluginAsyncZod<{ service: AttributionService }> = async (app, { service }) => {
  app.post(
    '/users/track',
    {
      schema: {
        tags,
        summary:
          'The tracking params (utm_source, utm_medium, utm_campaign, rid, gclid, subid) the signed-in user `id` arrived with (a touch; a new account’s first is its sign-up attribution)',
        body: TrackBody,
        response: { 204: z.null(), 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await service.track(requireSession(request).user.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
