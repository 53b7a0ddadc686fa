import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { AutocompleteRequest, AutocompleteResponse, ListingIdParams, ListingPage, PropertyDetail, SearchQuery } from '@kunci/contracts/listings';
import { requestLanguage } from '../../lib/language.ts';
import type { ListingsService } from './listings.service.ts';

export const listingsRoutes: FastifyPluginAsyncZod<{ service: ListingsService }> = async (app, { service }) => {
  app.get(
    '/properties/search',
    {
      schema: {
        tags: ['listings'],
        summary: 'Live listings, filtered and paged (pageNumber from 0, pageSize 9 by default). Unknown parameters are refused with 422.',
        querystring: SearchQuery,
        response: { 200: ListingPage, 422: ErrorBody },
      },
    },
    async (request) => service.search(request.query),
  );

  app.post(
    '/properties/search',
    {
      schema: {
        tags: ['listings'],
        summary: 'The same search with the parameters in a JSON body',
        body: SearchQuery,
        response: { 200: ListingPage, 422: ErrorBody },
      },
    },
    async (request) => service.search(request.body),
  );

  app.post(
    '/properties/similar',
    {
      schema: {
        tags: ['listings'],
        summary: 'Homes like the listing in X-Source-Ref (same area and type, rent within 30%), even when that listing is no longer live',
        body: SearchQuery,
        headers: z.object({
          'x-source-ref': z.coerce.number().int().positive().max(2_147_483_647).optional(),
          'x-source-type': z.string().max(40).optional(),
        }),
        response: { 200: ListingPage, 422: ErrorBody },
      },
    },
    async (request) => service.similar(request.body, request.headers['x-source-ref']),
  );

  app.post(
    '/properties/search/name/autocomplete',
    {
      schema: {
        tags: ['listings'],
        summary: 'Suggestions from 2 characters: areas and property types (LOCATION) then buildings (PROPERTY), typos forgiven',
        body: AutocompleteRequest,
        response: { 200: AutocompleteResponse, 422: ErrorBody },
      },
    },
    async (request) => service.autocomplete(request.body.keywords, requestLanguage(request)),
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
