import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  EmailCollectionAccepted,
  EmailCollectionBody,
  EmailSubscriptionState,
  EmailTokenBody,
  FeedbackBody,
  FeedbackCreated,
  FeedbackDecisionParams,
  FeedbackQueue,
  PublicFeedbackQuery,
  TestimonialList,
} from '@kunci/contracts/growth';
import { requestLanguage } from '../../lib/language.ts';
import { requireRole } from '../../lib/staff.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { PageCacheInvalidation } from '../../plugins/page-cache.ts';
import type { ReachService } from './reach.service.ts';

const tags = ['growth'];
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 410: ErrorBody, 422: ErrorBody };
/** Testimonials are marketing content: editors (and admins) approve them. */
const REVIEWERS = ['editor'] as const;

/** Feedback and testimonials, and the newsletter's double opt-in (spec section 7, "Other"). */
/** `pageCache`: the kept pages and the answers pages share, made again when a testimonial is approved or rejected. */
export const reachRoutes: FastifyPluginAsyncZod<{ service: ReachService; pageCache: PageCacheInvalidation }> = async (
  app,
  { service, pageCache },
) => {
  app.post(
    '/users/feedbacks',
    {
      schema: {
        tags,
        summary: 'Tell us what you think (shown as a testimonial once staff approve it)',
        body: FeedbackBody,
        response: { 201: FeedbackCreated, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.feedback(requireSession(request).user.id, request.body, requestLanguage(request))),
  );

  app.get(
    '/users/feedbacks/public',
    {
      schema: {
        tags,
        summary: 'Approved testimonials, in the caller’s language first',
        querystring: PublicFeedbackQuery,
        response: { 200: TestimonialList, 422: ErrorBody },
      },
    },
    async (request) => service.testimonials(request.query.role, request.query.limit, requestLanguage(request)),
  );

  app.get(
    '/admin/growth/feedbacks',
    { schema: { tags, summary: 'Feedback waiting for review, oldest first (editors)', response: { 200: FeedbackQueue, ...errors } } },
    async (request) => {
      requireRole(request, REVIEWERS);
      return service.queue();
    },
  );

  app.post(
    '/admin/growth/feedbacks/:id/:decision',
    {
      schema: {
        tags,
        summary: 'Approve (show as a testimonial) or reject feedback (editors)',
        params: FeedbackDecisionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireRole(request, REVIEWERS);
      await service.decide(request.params.id, request.params.decision, { id: user.id, name: user.name, role: user.role });
      await pageCache.invalidate(['content']);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/email-collection',
    {
      schema: {
        tags,
        summary: 'Newsletter sign-up: a confirmation link is emailed (double opt-in); the answer is the same for any address',
        body: EmailCollectionBody,
        response: { 200: EmailCollectionAccepted, 422: ErrorBody },
      },
    },
    async (request) => service.signUp(request.body.email, requestLanguage(request)),
  );

  app.post(
    '/email-collection/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a sign-up with the emailed link’s token',
        body: EmailTokenBody,
        response: { 200: EmailSubscriptionState, ...errors },
      },
    },
    async (request) => service.confirm(request.body.token),
  );

  app.post(
    '/email-collection/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Unsubscribe with the token of any newsletter email',
        body: EmailTokenBody,
        response: { 200: EmailSubscriptionState, ...errors },
      },
    },
    async (request) => service.unsubscribe(request.body.token),
  );
};
