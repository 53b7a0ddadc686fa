import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { ReelAreas, ReelPage, ReelsQuery } from '@kunci/contracts/reels';
import type { ReelsService } from './reels.service.ts';

const tags = ['reels'];
/** The same for every signed-out caller: kept as kept pages are (docs/decisions/0013-page-cache.md), never by a browser. */
const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=2, stale-while-revalidate=3';

/** Reels (spec section 2, /reels/...): public, like the listings they show. */
export const reelsRoutes: FastifyPluginAsyncZod<{ service: ReelsService }> = async (app, { service }) => {
  app.get(
    '/reels',
    {
      schema: {
        tags,
        summary: 'Videos of live listings, newest first (or in one area), cursor-paged',
        querystring: ReelsQuery,
        response: { 200: ReelPage, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const page = await service.feed(request.query);
      // Signed-in callers get no-store from the security hook, which runs after this.
      return reply.header('cache-control', SHARED_CACHE_CONTROL).send(page);
    },
  );

  app.get(
    '/reels/areas',
    {
      schema: {
        tags,
        summary: 'The areas whose live listings have videos, with how many, most first',
        response: { 200: ReelAreas },
      },
    },
    async (_request, reply) => reply.header('cache-control', SHARED_CACHE_CONTROL).send(await service.areas()),
  );
};
