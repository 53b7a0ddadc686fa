import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminContentEntry,
  AdminContentList,
  AdminContentQuery,
  ContactCreated,
  ContactInput,
  ContactMessages,
  ContentIdParams,
  ContentImage,
  ContentInput,
  ContentKeyParams,
  ContentLanguageQuery,
  ContentList,
  ContentListQuery,
  ContentPage,
  ContentSlugParams,
  HomeLeadCreated,
  HomeLeadInput,
  HomeLeads,
  HomeProjectDetail,
  HomeProjectParams,
  HomeProjects,
} from '@kunci/contracts/content';
import { ErrorBody, ErrorCode } from '@kunci/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/language.ts';
import { requireRole } from '../../lib/staff.ts';
import type { PageCacheInvalidation } from '../../plugins/page-cache.ts';
import type { ContentService } from './content.service.ts';
import type { HomeOwnershipService } from './home-ownership.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['content'];
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Who edits content (admins too), and who reads what visitors send (every staff role). */
const EDITORS = ['editor'] as const;
const STAFF = ['moderator', 'operations', 'editor'] as const;

/** `pageCache`: the public pages kept for signed-out visitors, made again when an entry is published or taken off. */
export const contentRoutes: FastifyPluginAsyncZod<{
  service: ContentService;
  homes: HomeOwnershipService;
  pageCache: PageCacheInvalidation;
}> = async (app, { service, homes, pageCache }) => {
  // Pictures arrive as the raw file (the editor's browser PUTs the picture itself).
  app.addContentTypeParser(/^image\/[\w.+-]+$/, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get(
    '/content',
    {
      schema: {
        tags,
        summary: 'Published guides, posts, events, FAQs and pages in one language (the caller’s unless `language`)',
        querystring: ContentListQuery,
        response: { 200: ContentList, 422: ErrorBody },
      },
    },
    async (request) => service.list(request.query, request.query.language ?? requestLanguage(request)),
  );

  app.get(
    '/content/keys/:key',
    {
      schema: {
        tags,
        summary: 'A published entry the site links to by name (guide, information page, area FAQ); editors may preview the draft',
        params: ContentKeyParams,
        querystring: ContentLanguageQuery,
        response: { 200: ContentPage, ...errors },
      },
    },
    async (request) => {
      const preview = request.query.preview === true;
      if (preview) requireRole(request, EDITORS);
      return service.byKey(request.params.key, request.query.language ?? requestLanguage(request), preview);
    },
  );

  app.get(
    '/content/:kind/:slug',
    {
      schema: {
        tags,
        summary: 'A published entry by its slug in any language, answered in `language`; editors may preview the draft',
        params: ContentSlugParams,
        querystring: ContentLanguageQuery,
        response: { 200: ContentPage, ...errors },
      },
    },
    async (request) => {
      const preview = request.query.preview === true;
      if (preview) requireRole(request, EDITORS);
      return service.bySlug(request.params.kind, request.params.slug, request.query.language ?? requestLanguage(request), preview);
    },
  );

  app.post(
    '/contact-messages',
    {
      schema: {
        tags,
        summary: 'Send a message from the contact page (anyone); staff read it in the back office',
        body: ContactInput,
        response: { 201: ContactCreated, 422: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.contact(request.body, requestLanguage(request), request.session?.user.id)),
  );

  // The back office
  app.get(
    '/admin/contact-messages',
    { schema: { tags, summary: 'Contact messages, new first (staff)', response: { 200: ContactMessages, ...errors } } },
    async (request) => {
      requireRole(request, STAFF);
      return service.contacts();
    },
  );

  app.post(
    '/admin/contact-messages/:id/handled',
    { schema: { tags, summary: 'Mark a contact message answered (staff)', params: ContentIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const staff = requireRole(request, STAFF);
      await service.handleContact(request.params.id, staff.user.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/content',
    {
      schema: {
        tags,
        summary: 'Every entry with its draft state (editors)',
        querystring: AdminContentQuery,
        response: { 200: AdminContentList, ...errors },
      },
    },
    async (request) => {
      requireRole(request, EDITORS);
      return service.adminList(request.query.kind);
    },
  );

  app.post(
    '/admin/content',
    {
      schema: {
        tags,
        summary: 'Create an entry as a draft, in English, Malay and Chinese (editors)',
        body: ContentInput,
        response: { 201: AdminContentEntry, ...errors },
      },
    },
    async (request, reply) => {
      const editor = requireRole(request, EDITORS);
      return reply.status(201).send(await service.create(request.body, editor.user.id));
    },
  );

  app.get(
    '/admin/content/:id',
    { schema: { tags, summary: 'An entry with its draft (editors)', params: ContentIdParams, response: { 200: AdminContentEntry, ...errors } } },
    async (request) => {
      requireRole(request, EDITORS);
      return service.adminGet(request.params.id);
    },
  );

  app.put(
    '/admin/content/:id',
    {
      schema: {
        tags,
        summary: 'Save the draft of an entry; the public keeps seeing the published words until it is published (editors)',
        params: ContentIdParams,
        body: ContentInput,
        response: { 200: AdminContentEntry, ...errors },
      },
    },
    async (request) => {
      const editor = requireRole(request, EDITORS);
      return service.saveDraft(request.params.id, request.body, editor.user.id);
    },
  );

  app.post(
    '/admin/content/:id/publish',
    { schema: { tags, summary: 'Publish the draft (editors)', params: ContentIdParams, response: { 200: AdminContentEntry, ...errors } } },
    async (request) => {
      const editor = requireRole(request, EDITORS);
      const entry = await service.publish(request.params.id, editor.user.id);
      await pageCache.invalidate(['content']);
      return entry;
    },
  );

  app.post(
    '/admin/content/:id/unpublish',
    {
      schema: {
        tags,
        summary: 'Take an entry off the site; its draft stays (editors)',
        params: ContentIdParams,
        response: { 200: AdminContentEntry, ...errors },
      },
    },
    async (request) => {
      const editor = requireRole(request, EDITORS);
      const entry = await service.unpublish(request.params.id, editor.user.id);
      await pageCache.invalidate(['content']);
      return entry;
    },
  );

  app.post(
    '/admin/content/images',
    {
      schema: {
        tags,
        summary: 'Upload a picture for a cover or a body: the image file as the body (JPEG, PNG, WebP or HEIF, up to 10 MB; editors)',
        response: { 201: ContentImage, 413: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      requireRole(request, EDITORS);
      if (!Buffer.isBuffer(request.body)) throw new AppError(ErrorCode.INVALID_IMAGE);
      return reply.status(201).send(await service.addImage(request.body));
    },
  );

  // Home ownership
  app.get(
    '/home-ownership/projects',
    {
      schema: {
        tags,
        summary: 'New projects for sale, cheapest first',
        querystring: ContentLanguageQuery,
        response: { 200: HomeProjects, 422: ErrorBody },
      },
    },
    async (request) => homes.list(request.query.language ?? requestLanguage(request)),
  );

  app.get(
    '/home-ownership/projects/:id',
    {
      schema: {
        tags,
        summary: 'One project for sale, with its description',
        params: HomeProjectParams,
        querystring: ContentLanguageQuery,
        response: { 200: HomeProjectDetail, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => homes.get(request.params.id, request.query.language ?? requestLanguage(request)),
  );

  app.get(
    '/home-ownership/projects/:id/brochure.pdf',
    {
      schema: {
        tags,
        summary: "A project's brochure (PDF) in one language",
        params: HomeProjectParams,
        querystring: ContentLanguageQuery,
        produces: ['application/pdf'],
        response: { 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const language = request.query.language ?? requestLanguage(request);
      const { name, pdf } = await homes.brochure(request.params.id, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}-${language}.pdf"`)
        .header('cache-control', 'public, max-age=3600')
        .send(pdf as never);
    },
  );

  app.post(
    '/home-ownership/projects/:id/leads',
    {
      schema: {
        tags,
        summary: '"I want to know more": ask to be called about a project (anyone); staff see it in the back office',
        params: HomeProjectParams,
        body: HomeLeadInput,
        response: { 201: HomeLeadCreated, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await homes.lead(request.params.id, request.body, requestLanguage(request), request.session?.user.id)),
  );

  app.get(
    '/admin/home-ownership/leads',
    { schema: { tags, summary: 'Home-ownership enquiries, newest first (staff)', response: { 200: HomeLeads, ...errors } } },
    async (request) => {
      requireRole(request, STAFF);
      return homes.leads();
    },
  );
};
