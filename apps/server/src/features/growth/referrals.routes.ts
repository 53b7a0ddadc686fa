import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@kunci/contracts/errors';
import { ReferralBody, ReferralDashboard, ReferralLink, ReferralRegistered } from '@kunci/contracts/growth';
import { requestLanguage } from '../../lib/language.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { ReferralsService } from './referrals.service.ts';

const tags = ['growth'];
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** The referral programme for signed-in users (spec sections 6 and 7). */
export const referralsRoutes: FastifyPluginAsyncZod<{ service: ReferralsService }> = async (app, { service }) => {
  app.post(
    '/referral/create',
    { schema: { tags, summary: "The caller's referral code (made once) and the link to share", response: { 200: ReferralLink, ...errors } } },
    async (request) => service.link(requireSession(request).user.id, requestLanguage(request)),
  );

  app.post(
    '/referrals',
    {
      schema: {
        tags,
        summary: 'A new user records whose link they signed up through (once; 404 unknown code, 409 already referred, 422 not new or own code)',
        body: ReferralBody,
        response: { 201: ReferralRegistered, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.register(requireSession(request).user.id, request.body)),
  );

  app.get(
    '/referrals/me',
    {
      schema: {
        tags,
        summary: "The referrer's dashboard: invited, qualified, rewards and their state",
        response: { 200: ReferralDashboard, ...errors },
      },
    },
    async (request) => service.dashboard(requireSession(request).user.id, requestLanguage(request)),
  );
};
