import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@kunci/contracts/errors';
import {
  CollectionOverview,
  CollectionTenancy,
  EnrolTenancyBody,
  EnrolTenancyResult,
  HolidayBody,
  HolidayList,
  HolidayParams,
  Holiday,
  InvoiceParams,
  OverviewQuery,
  PayLink,
  PayLinkQuery,
  RentalReport,
  RentalReportRequest,
  TenancyParams,
} from '@kunci/contracts/rental-collection';
import { requestLanguage } from '../../../lib/language.ts';
import { requireRole } from '../../../lib/staff.ts';
import { requireSession } from '../../../plugins/auth.ts';
import { reportCsv } from './collection-csv.ts';
import type { CollectionService } from './collection.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['rental collection'];

/** The holiday table decides payout days: operations staff keep it (admin holds every role). */
const HOLIDAY_STAFF = ['operations'] as const;

export const collectionRoutes: FastifyPluginAsyncZod<{ service: CollectionService }> = async (app, { service }) => {
  app.get(
    '/rental-collection',
    {
      schema: {
        tags,
        summary: "The signed-in user's rental collection: tenancies (either side), invoices, payouts, the year's months and totals",
        querystring: OverviewQuery,
        response: { 200: CollectionOverview, ...errors },
      },
    },
    async (request) => service.overview(requireSession(request).user.id, request.query.year),
  );

  app.post(
    '/rental-collection/tenancies',
    {
      schema: {
        tags,
        summary:
          "Enrol the landlord's ACTIVE deal (invoices follow), or a tenancy signed elsewhere: the tenant is invited by phone and invoices follow their acceptance",
        body: EnrolTenancyBody,
        response: { 201: EnrolTenancyResult, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.enrol(requireSession(request).user.id, request.body)),
  );

  app.post(
    '/rental-collection/tenancies/:id/accept',
    {
      schema: {
        tags,
        summary:
          'The invited tenant accepts a tenancy signed elsewhere: its invoices then run (403 for anyone else, 409 once answered, 410 once lapsed)',
        params: TenancyParams,
        response: { 200: CollectionTenancy, 410: ErrorBody, ...errors },
      },
    },
    async (request) => service.accept(request.params.id, requireSession(request).user.id),
  );

  app.post(
    '/rental-collection/invoices/:id/pay',
    {
      schema: {
        tags,
        summary: "The tenant's pay link for an unpaid invoice (card or FPX through the gateway)",
        params: InvoiceParams,
        response: { 200: PayLink, ...errors },
      },
    },
    async (request) => service.payLink(request.params.id, requireSession(request).user.id, requestLanguage(request)),
  );

  app.get(
    '/rental-collection/invoices/:id/pay',
    {
      schema: {
        tags,
        summary: "The invoice email's pay link: its signed token stands for the tenant; redirects to the gateway's pay page",
        params: InvoiceParams,
        querystring: PayLinkQuery,
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => reply.redirect(await service.payLinkByToken(request.params.id, request.query.token, requestLanguage(request)), 302),
  );

  app.get(
    '/rental-collection/export.csv',
    {
      schema: {
        tags,
        summary: "The landlord's invoices of a year as CSV",
        querystring: OverviewQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const year = request.query.year ?? Number(service.today().slice(0, 4));
      const rows = await service.report(session.user.id, { from: `${year}-01-01`, to: `${year}-12-31` });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="rental-collection-${year}.csv"`)
        .send(reportCsv(rows, requestLanguage(request)));
    },
  );

  app.post(
    '/report/rental/new',
    {
      schema: {
        tags,
        summary: "The landlord's rental report: one row per invoice with its payment and payout, filtered by the search request",
        body: RentalReportRequest,
        response: { 200: RentalReport, ...errors },
      },
    },
    async (request) => ({ data: await service.report(requireSession(request).user.id, request.body) }),
  );

  app.get(
    '/admin/services/holidays',
    { schema: { tags, summary: 'Operations staff: the Selangor public holidays payouts skip', response: { 200: HolidayList, ...errors } } },
    async (request) => {
      requireRole(request, HOLIDAY_STAFF);
      return service.holidays();
    },
  );

  app.put(
    '/admin/services/holidays/:day',
    {
      schema: {
        tags,
        summary: 'Operations staff: add or rename a public holiday (payouts scheduled from now on skip it); audited',
        params: HolidayParams,
        body: HolidayBody,
        response: { 200: Holiday.extend({ updatedBy: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user } = requireRole(request, HOLIDAY_STAFF);
      return service.putHoliday(request.params.day, request.body.name, { id: user.id, name: user.name, role: user.role });
    },
  );

  app.delete(
    '/admin/services/holidays/:day',
    {
      schema: { tags, summary: 'Operations staff: remove a public holiday; audited', params: HolidayParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const { user } = requireRole(request, HOLIDAY_STAFF);
      await service.deleteHoliday(request.params.day, { id: user.id, name: user.name, role: user.role });
      return reply.status(204).send(null);
    },
  );
};
