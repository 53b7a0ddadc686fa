import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MyReports, ReportFiled, ReportListingBody } from '@kunci/contracts/admin';
import { ErrorBody } from '@kunci/contracts/errors';
import { ListingParams } from '@kunci/contracts/admin';
import { requireSession } from '../../plugins/auth.ts';
import type { AdminService } from './admin.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['reports'];

/** "Report this listing" and the reporter's own reports with their outcomes. */
export const reportsRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  app.post(
    '/properties/:id/reports',
    {
      schema: {
        tags,
        summary: 'Report a live listing (scam, wrong information, asks for a deposit, discriminatory); 200 when already reported today',
        params: ListingParams,
        body: ReportListingBody,
        response: { 200: ReportFiled, 201: ReportFiled, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const filed = await service.fileListingReport(user.id, request.params.id, request.body.reason, request.body.note);
      return reply.status(filed.created ? 201 : 200).send({ id: filed.id, kind: filed.kind });
    },
  );

  app.get(
    '/reports/mine',
    { schema: { tags, summary: "The caller's reports and their outcomes", response: { 200: MyReports, ...errors } } },
    async (request) => service.myReports(requireSession(request).user.id),
  );
};
