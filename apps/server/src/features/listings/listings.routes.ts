import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { ListingIdParams, ListingPage, PropertyDetail, SearchQuery } from '@kunci/contracts/listings';
import type { ListingsService } from './listings.service.ts';

export const listingsRoutes: FastifyPluginAsyncZod<{ service: ListingsService }> = async (app, { service }) => {
  app.get(
    '/properties/search',
    {
      schema: {
        tags: ['listings'],
        summary: 'Live listings, paged (pageNumber from 0). Unknown parameters are refused with 422.',
        querystring: SearchQuery,
        response: { 200: ListingPage, 422: ErrorBody },
      },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    '/properties/:id',
    {
      schema: {
        tags: ['listings'],
        summary: 'One live listing; 404 when unknown, 410 when no longer live',
        params: ListingIdParams,
        response: { 200: PropertyDetail, 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) => service.getPublic(request.params.id),
  );
};
