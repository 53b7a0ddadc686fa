import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserIdParams } from '@kunci/contracts/auth';
import { DashboardSummary } from '@kunci/contracts/dashboard';
import { ErrorBody } from '@kunci/contracts/errors';
import { requireSelf } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };

export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, { service }) => {
  app.get(
    '/users/:id/dashboard',
    {
      schema: {
        tags: ['users'],
        summary:
          'What needs the user’s attention: unread chats, upcoming viewings, favourites, and their listings to finish, fix or extend (their own only)',
        params: UserIdParams,
        response: { 200: DashboardSummary, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.summary(request.params.id);
    },
  );
};
