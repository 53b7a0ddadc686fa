import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserIdParams } from '@kunci/contracts/auth';
import { ErrorBody } from '@kunci/contracts/errors';
import { Attributes, AttributesUpdate, PublicProfile, UpdateUser, User } from '@kunci/contracts/users';
import { ErrorCode } from '@kunci/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import { requireSelf, requireSession } from '../../plugins/auth.ts';
import { toUserDto, type UsersService } from './users.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  // Avatars arrive as the raw file (the browser PUTs the picture itself).
  app.addContentTypeParser(
    /^(image\/[\w.+-]+|application\/octet-stream)$/,
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/users/:id/avatar',
    {
      schema: {
        tags: ['users'],
        summary: 'Upload their own avatar: the image file as the body (JPEG, PNG, WebP or HEIF, up to 10 MB)',
        params: UserIdParams,
        response: { 200: User, 413: ErrorBody, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      if (!Buffer.isBuffer(request.body)) throw new AppError(ErrorCode.INVALID_IMAGE);
      return service.setAvatar(request.params.id, request.body);
    },
  );

  // Every signed-in page asks for it: answered from the session's user row, which the session cache keeps exact (a
  // change to the row reaches every instance before its next call; the activity mark is precise to the auth plugin's
  // TOUCH_AFTER_MS, as the database's own is).
  app.get('/users/profile', { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: User, ...errors } } }, async (request) =>
    toUserDto(requireSession(request).user),
  );

  for (const path of ['/users/:id', '/users/:id/profile']) {
    app.get(
      path,
      {
        schema: { tags: ['users'], summary: 'A user (themselves, or any for moderators)', params: UserIdParams, response: { 200: User, ...errors } },
      },
      async (request) => {
        requireSelf(request, request.params.id, { moderatorMay: true });
        return service.get(request.params.id);
      },
    );
    for (const method of path.endsWith('/profile') ? (['PUT', 'POST'] as const) : (['PUT'] as const)) {
      app.route({
        method,
        url: path,
        schema: {
          tags: ['users'],
          summary: 'Update their own language (EN, MY, ZH), name, email or user type',
          params: UserIdParams,
          body: UpdateUser,
          response: { 200: User, ...errors },
        },
        handler: async (request) => {
          requireSelf(request, request.params.id);
          return service.update(request.params.id, request.body);
        },
      });
    }
  }

  app.get(
    '/users/:id/profile/view',
    {
      schema: {
        tags: ['users'],
        summary: 'What anyone may see of a user',
        params: UserIdParams,
        response: { 200: PublicProfile, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.publicView(request.params.id),
  );

  app.get(
    '/v3/user/:id/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Their own attributes (monthly_salary...)',
        params: UserIdParams,
        response: { 200: Attributes, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.attributes(request.params.id);
    },
  );

  app.post(
    '/v3/user/:id/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Update their own attributes',
        params: UserIdParams,
        body: AttributesUpdate,
        response: { 200: Attributes, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const { monthly_salary } = request.body.userAttributes;
      return service.setAttributes(request.params.id, monthly_salary === undefined ? {} : { monthly_salary });
    },
  );
};
