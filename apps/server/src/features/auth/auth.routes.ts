import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthProviders,
  FacebookConnectResponse,
  FacebookVerify,
  LoginResponse,
  PasswordLogin,
  PhoneParams,
  PinPreCheckResponse,
  PinRequest,
  PinRequestResponse,
  PinVerify,
  ResetByPhoneResponse,
  SetPassword,
  UserIdParams,
} from '@kunci/contracts/auth';
import { ErrorBody } from '@kunci/contracts/errors';
import { requestLanguage } from '../../lib/language.ts';
import { requireSelf, requireSession } from '../../plugins/auth.ts';
import type { AuthService, Caller } from './auth.service.ts';

const DEVICE_ID = /^[\w-]{1,100}$/;

export function callerOf(request: FastifyRequest): Caller {
  const device = request.headers['x-device-id'];
  return { ip: request.ip, deviceId: typeof device === 'string' && DEVICE_ID.test(device) ? device : undefined, lang: requestLanguage(request) };
}

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 423: ErrorBody, 429: ErrorBody };

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService; facebook: boolean }> = async (app, { service, facebook }) => {
  app.get(
    '/auth/providers',
    { schema: { tags: ['auth'], summary: 'Sign-in providers besides phone (Facebook when configured)', response: { 200: AuthProviders } } },
    async () => service.providers(),
  );

  // "Continue with Facebook" exists only when the deployment is configured with a Facebook app.
  if (facebook) {
    app.post(
      '/pin/facebookconnect',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether the account of a number has Facebook connected',
          body: PinRequest,
          response: { 200: FacebookConnectResponse, 422: ErrorBody },
        },
      },
      async (request) => service.facebookAuthorised(request.body.phoneNo),
    );
    app.post(
      '/pin/facebookconnect/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with Facebook (OAuth code or SDK token); a signed-in caller links their Facebook account',
          body: FacebookVerify,
          response: { 200: LoginResponse, 502: ErrorBody, ...errors },
        },
      },
      async (request) => service.facebookVerify(request.body, request.session, callerOf(request)),
    );
  }

  app.post(
    '/pin/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a sign-in PIN by SMS; the number comes back normalized',
        body: PinRequest,
        response: { 200: PinRequestResponse, ...errors },
      },
    },
    async (request) => service.requestPin(request.body.phoneNo, callerOf(request)),
  );

  app.post(
    '/pin/pre-check',
    {
      schema: {
        tags: ['auth'],
        summary: 'Checks and normalizes a number (says nothing about its account)',
        body: PinRequest,
        response: { 200: PinPreCheckResponse, 422: ErrorBody },
      },
    },
    async (request) => service.preCheck(request.body.phoneNo),
  );

  app.post(
    '/pin/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the PIN (a new number becomes an account). Wrong PIN: 401 errorCode 10020; too many: 423',
        body: PinVerify,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => service.verifyPin(request.body.phoneNo, request.body.pin, callerOf(request)),
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a password. Wrong password: 401 errorCode 10010',
        body: PasswordLogin,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (request) => service.loginWithPassword(request.body.phoneNo, request.body.password, callerOf(request)),
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 204: z.null(), 401: ErrorBody } } },
    async (request, reply) => {
      await service.logout(requireSession(request), callerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/reset-password/by-phone/:phone',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a PIN to reset a forgotten password; 422 when the number is invalid or has no account',
        params: PhoneParams,
        response: { 200: ResetByPhoneResponse, ...errors },
      },
    },
    async (request) => service.resetByPhone(request.params.phone, callerOf(request)),
  );

  app.post(
    '/users/:id/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set or change the password (the current one is needed unless signed in by PIN in the last 15 minutes)',
        params: UserIdParams,
        body: SetPassword,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSelf(request, request.params.id);
      await service.setPassword(session, request.body.password, request.body.currentPassword, callerOf(request));
      return reply.status(204).send(null);
    },
  );
};
