import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  LandlordParams,
  LandlordResponse,
  MarkNoticesReadBody,
  NoticeList,
  NoticeListQuery,
  NoticePreferences,
  NoticeUnread,
  PushEndpointBody,
  PushSubscriptionBody,
  SetNoticePreferenceBody,
  Unsubscribed,
  UnsubscribePageQuery,
  UnsubscribeQuery,
} from '@kunci/contracts/notifications';
import { requestLanguage } from '../../lib/language.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { LandlordResponseService } from './landlord-response.service.ts';
import type { NotificationsService } from './notifications.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['notifications'];
const PushCount = z.object({ subscriptions: z.number().int() });

/** The notification centre: the signed-in person's notices, preferences and browsers; the one-click unsubscribe. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService; responses: LandlordResponseService }> = async (
  app,
  { service, responses },
) => {
  // Mail clients POST the one-click unsubscribe as a form (RFC 8058): its body says nothing the token does not.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  app.get(
    '/notices',
    {
      schema: {
        tags,
        summary: 'My notices, newest first, in the caller’s language',
        querystring: NoticeListQuery,
        response: { 200: NoticeList, ...errors },
      },
    },
    async (request) => service.list(requireSession(request).user.id, requestLanguage(request), request.query),
  );

  app.get(
    '/notices/unread',
    { schema: { tags, summary: 'How many of my notices are unread (the bell)', response: { 200: NoticeUnread, ...errors } } },
    async (request) => service.unread(requireSession(request).user.id),
  );

  app.post(
    '/notices/read',
    { schema: { tags, summary: 'Mark some or all of my notices read', body: MarkNoticesReadBody, response: { 200: NoticeUnread, ...errors } } },
    async (request) => service.markRead(requireSession(request).user.id, request.body.ids),
  );

  app.get(
    '/notices/preferences',
    {
      schema: {
        tags,
        summary: 'My channels per notice type, and whether web push is offered',
        response: { 200: NoticePreferences, ...errors },
      },
    },
    async (request) => service.preferences(requireSession(request).user.id, requestLanguage(request)),
  );

  app.put(
    '/notices/preferences',
    {
      schema: {
        tags,
        summary: 'Turn one channel of one notice type on or off',
        body: SetNoticePreferenceBody,
        response: { 200: NoticePreferences, ...errors },
      },
    },
    async (request) => service.setPreference(requireSession(request).user.id, requestLanguage(request), request.body),
  );

  app.post(
    '/notices/push-subscriptions',
    {
      schema: {
        tags,
        summary: 'Receive push notices in this browser (404 when web push is not configured)',
        body: PushSubscriptionBody,
        response: { 201: PushCount, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.subscribePush(requireSession(request).user.id, request.body)),
  );

  app.delete(
    '/notices/push-subscriptions',
    { schema: { tags, summary: 'Stop push notices in this browser', body: PushEndpointBody, response: { 200: PushCount, ...errors } } },
    async (request) => service.unsubscribePush(requireSession(request).user.id, request.body.endpoint),
  );

  app.post(
    '/notices/unsubscribe',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe from one notice type on one channel (the signed link of an email; no session needed)',
        querystring: UnsubscribeQuery,
        response: { 200: Unsubscribed, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.unsubscribe(request.query.token, requestLanguage(request)),
  );

  // Mail clients without one-click support open the List-Unsubscribe address in a browser: send the person to the
  // page, which asks before it stops anything (a GET never unsubscribes: mail scanners follow links).
  app.get(
    '/notices/unsubscribe',
    {
      schema: {
        tags,
        summary: 'The List-Unsubscribe address opened in a browser: 303 to the unsubscribe page with the same token (changes nothing)',
        querystring: UnsubscribePageQuery,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => reply.redirect(await service.unsubscribePage(request.query.token, requestLanguage(request)), 303),
  );

  app.get(
    '/notices/unsubscribe/target',
    {
      schema: {
        tags,
        summary: 'What a signed unsubscribe token would stop, in the caller’s language (changes nothing; no session needed)',
        querystring: UnsubscribeQuery,
        response: { 200: Unsubscribed, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => service.unsubscribeTarget(request.query.token, requestLanguage(request)),
  );

  app.get(
    '/landlords/:id/response',
    {
      schema: {
        tags: ['chat'],
        summary: 'How a landlord answers chat requests: response rate and typical time to a first reply, last 30 days (public)',
        params: LandlordParams,
        response: { 200: LandlordResponse, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => responses.figures(request.params.id),
  );
};
