import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserIdParams } from '@kunci/contracts/auth';
import { ErrorBody } from '@kunci/contracts/errors';
import { PsychometricAnswers, PsychometricState, WorkEmailRequest, WorkEmailResponse, WorkEmailVerify } from '@kunci/contracts/profile-extras';
import type { PsychometricQuestion } from '@kunci/contracts/profile-extras';
import { requireSelf } from '../../plugins/auth.ts';
import type { ProfileExtrasService } from './profile-extras.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };

export const profileExtrasRoutes: FastifyPluginAsyncZod<{ service: ProfileExtrasService }> = async (app, { service }) => {
  app.post(
    '/v3/user/work-email-verification/request-otp/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Email a one-time code to the user’s company address (personal mailboxes are refused)',
        params: UserIdParams,
        body: WorkEmailRequest,
        response: { 200: WorkEmailResponse, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.requestWorkEmailCode(request.params.id, request.body.email);
    },
  );

  app.post(
    '/v3/user/work-email-verification/verify/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Check the code; on success the address is stored as userAttributes.company_email',
        params: UserIdParams,
        body: WorkEmailVerify,
        response: { 200: WorkEmailResponse, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.verifyWorkEmail(request.params.id, request.body.email, request.body.code);
    },
  );

  app.get(
    '/v3/user/psychometric-qa/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'The questionnaire with the user’s saved answers and result',
        params: UserIdParams,
        response: { 200: PsychometricState, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.psychometric(request.params.id);
    },
  );

  app.post(
    '/v3/user/psychometric-qa/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Save every answer; the result is computed and stored',
        params: UserIdParams,
        body: PsychometricAnswers,
        response: { 200: PsychometricState, ...errors },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      return service.savePsychometric(request.params.id, request.body as Record<PsychometricQuestion, string>);
    },
  );
};
