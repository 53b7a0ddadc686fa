import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  ActionLogBody,
  ActionLogResponse,
  AutocompleteRequest,
  AutocompleteResponse,
  ListingContent,
  ListingIdParams,
  ListingPage,
  PopularAreas,
  PopularAreasBody,
  PropertyDetail,
  RecommendQuery,
  SITEMAP_PART_SIZE,
  SearchQuery,
  SimilarHeaders,
  SitemapPages,
  SitemapPart,
  SitemapPartQuery,
  VisitorHeaders,
} from '@kunci/contracts/listings';
import { requestLanguage } from '../../lib/language.ts';
import type { ListingsService } from './listings.service.ts';

export const listingsRoutes: FastifyPluginAsyncZod<{ service: ListingsService }> = async (app, { service }) => {
  app.get(
    '/properties/:id/content',
    {
      schema: {
        tags: ['listings'],
        summary: 'The description, photos and videos of a live listing',
        params: ListingIdParams,
        response: { 200: ListingContent, 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) => service.content(request.params.id),
  );

  app.post(
    '/properties/:id/actionLog',
    {
      schema: {
        tags: ['listings'],
        summary: 'Record a visitor action (X-Visitor-ID); a VIEW counts once a day per visitor',
        params: ListingIdParams,
        body: ActionLogBody,
        headers: VisitorHeaders,
        response: { 200: ActionLogResponse, 404: ErrorBody, 410: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) =>
      service.logAction(request.params.id, request.body.action, request.body.recommendedRef, {
        visitorId: request.headers['x-visitor-id'] ?? null,
        userId: request.session?.user.id ?? null,
      }),
  );

  app.get(
    '/properties/recommend/smart',
    {
      schema: {
        tags: ['listings'],
        summary: 'Homes for this visitor, from what they viewed (signed-in user, else X-Visitor-ID)',
        headers: VisitorHeaders,
        querystring: RecommendQuery,
        response: { 200: ListingPage, 422: ErrorBody },
      },
    },
    async (request) =>
      service.recommend({ visitorId: request.headers['x-visitor-id'] ?? null, userId: request.session?.user.id ?? null }, request.query.pageSize),
  );

  app.post(
    '/recommended/popular/areas',
    {
      schema: {
        tags: ['listings'],
        summary: 'Areas with the most live rentals',
        body: PopularAreasBody,
        response: { 200: PopularAreas, 422: ErrorBody },
      },
    },
    // The same for everyone: counted once per change of the listings (docs/decisions/0013-page-cache.md), not per call.
    async (request) => {
      const limit = request.body?.limit ?? 8;
      return app.pageCache.remember(`popular-areas:${limit}`, ['listings'], () => service.popularAreas(limit));
    },
  );

  app.get(
    '/sitemap/listings',
    {
      schema: {
        tags: ['listings'],
        summary: `Live listing ids for the sitemap, ${SITEMAP_PART_SIZE} per part`,
        querystring: SitemapPartQuery,
        response: { 200: SitemapPart, 422: ErrorBody },
      },
    },
    async (request) => service.sitemap(request.query.part, SITEMAP_PART_SIZE),
  );

  app.get(
    '/sitemap/pages',
    {
      schema: {
        tags: ['listings'],
        summary: 'Live rentals per area and kind of home, for the sitemaps (results pages without homes are left out)',
        response: { 200: SitemapPages },
      },
    },
    async () => service.sitemapPages(),
  );

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
        headers: SimilarHeaders,
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
