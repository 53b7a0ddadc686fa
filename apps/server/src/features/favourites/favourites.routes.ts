import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserIdParams } from '@kunci/contracts/auth';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  AddFavouriteBody,
  Favourite,
  FavouriteCheck,
  FavouriteList,
  FavouriteParams,
  FavouriteRemoved,
  Shortlist,
  ShortlistLink,
  ShortlistParams,
  UserFavouriteParams,
} from '@kunci/contracts/favourites';
import { requestLanguage } from '../../lib/language.ts';
import { requireSelf, requireSession } from '../../plugins/auth.ts';
import type { FavouritesService } from './favourites.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 410: ErrorBody, 422: ErrorBody };
const tags = ['favourites'];

export const favouritesRoutes: FastifyPluginAsyncZod<{ service: FavouritesService }> = async (app, { service }) => {
  app.get(
    '/users/:id/favourite-properties',
    {
      schema: { tags, summary: "The user's favourites, newest first (no paging)", params: UserIdParams, response: { 200: FavouriteList, ...errors } },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.list(request.params.id);
    },
  );

  app.post(
    '/users/:id/favourite-properties',
    {
      schema: {
        tags,
        summary: 'Save a live listing as a favourite (201; 200 when it already was one)',
        params: UserIdParams,
        body: AddFavouriteBody,
        response: { 200: Favourite, 201: Favourite, ...errors },
      },
    },
    async (request, reply) => {
      requireSelf(request, request.params.id);
      const { created, favourite } = await service.add(request.params.id, request.body.propertyId);
      return reply.status(created ? 201 : 200).send(favourite);
    },
  );

  app.get(
    '/users/:userId/favourite-properties/:id',
    {
      schema: {
        tags,
        summary: 'Is this listing one of the user’s favourites?',
        params: UserFavouriteParams,
        response: { 200: FavouriteCheck, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      return service.check(request.params.userId, request.params.id);
    },
  );

  app.delete(
    '/users/:userId/favourite-properties/:id',
    {
      schema: { tags, summary: 'Remove a favourite (by listing id)', params: UserFavouriteParams, response: { 200: FavouriteRemoved, ...errors } },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      return service.remove(request.params.userId, request.params.id, requestLanguage(request));
    },
  );

  app.delete(
    '/users/favourite-properties/:id',
    {
      schema: {
        tags,
        summary: "Remove one of the signed-in user's favourites (by listing id)",
        params: FavouriteParams,
        response: { 200: FavouriteRemoved, ...errors },
      },
    },
    async (request) => service.remove(requireSession(request).user.id, request.params.id, requestLanguage(request)),
  );

  app.get(
    '/users/:id/shortlist-link',
    {
      schema: {
        tags,
        summary: "The user's read-only shortlist link, or null when none is live",
        params: UserIdParams,
        response: { 200: ShortlistLink.nullable(), ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.current(request.params.id, requestLanguage(request));
    },
  );

  app.post(
    '/users/:id/shortlist-link',
    {
      schema: {
        tags,
        summary: 'Create (or return) a read-only link to the user’s favourites',
        params: UserIdParams,
        response: { 200: ShortlistLink, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.share(request.params.id, requestLanguage(request));
    },
  );

  app.delete(
    '/users/:id/shortlist-link',
    {
      schema: { tags, summary: 'Revoke the shortlist link: it stops working for good', params: UserIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      requireSelf(request, request.params.id);
      await service.revoke(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/shortlists/:token',
    {
      schema: {
        tags,
        summary: 'A shared shortlist: the live favourites behind a link (404 once revoked)',
        params: ShortlistParams,
        response: { 200: Shortlist, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.shortlist(request.params.token),
  );
};
