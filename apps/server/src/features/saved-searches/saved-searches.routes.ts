import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  CreateSavedSearchBody,
  SavedSearch,
  SavedSearchDeleted,
  SavedSearchList,
  SavedSearchParams,
  UpdateSavedSearchBody,
} from '@kunci/contracts/saved-searches';
import { requestLanguage } from '../../lib/language.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { SavedSearchesService } from './saved-searches.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['saved searches'];

/** The signed-in person's saved searches (someone else's answer 404). */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ service: SavedSearchesService }> = async (app, { service }) => {
  app.get(
    '/saved-searches',
    { schema: { tags, summary: 'My saved searches, newest first', response: { 200: SavedSearchList, ...errors } } },
    async (request) => service.list(requireSession(request).user.id, requestLanguage(request)),
  );

  app.post(
    '/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save a search of the results page with a name and how often to hear of new listings (409 past the most allowed)',
        body: CreateSavedSearchBody,
        response: { 201: SavedSearch, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireSession(request).user.id, request.body, requestLanguage(request))),
  );

  app.patch(
    '/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Rename, change how often, pause or resume a saved search',
        params: SavedSearchParams,
        body: UpdateSavedSearchBody,
        response: { 200: SavedSearch, ...errors },
      },
    },
    async (request) => service.update(requireSession(request).user.id, request.params.id, request.body, requestLanguage(request)),
  );

  app.delete(
    '/saved-searches/:id',
    { schema: { tags, summary: 'Delete a saved search', params: SavedSearchParams, response: { 200: SavedSearchDeleted, ...errors } } },
    async (request) => service.remove(requireSession(request).user.id, request.params.id),
  );
};
