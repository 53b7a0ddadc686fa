import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StaffConfirmBody, StaffConfirmed, StaffMe, StaffPinSent } from '@kunci/contracts/admin';
import { BUSINESS } from '@kunci/contracts/business';
import { ErrorBody } from '@kunci/contracts/errors';
import { STAFF_ROLES, type StaffRole } from '@kunci/contracts/staff';
import { requestLanguage } from '../../lib/language.ts';
import { recentlyConfirmed, requireRole } from '../../lib/staff.ts';
import type { StaffService } from './staff.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const tags = ['admin'];

/** Who is at the console, and the PIN confirmation sensitive actions ask for. */
export const staffRoutes: FastifyPluginAsyncZod<{ service: StaffService }> = async (app, { service }) => {
  app.get(
    '/admin/me',
    { schema: { tags, summary: 'The staff member at the console: role and PIN confirmation', response: { 200: StaffMe, ...errors } } },
    async (request) => {
      const session = requireRole(request, STAFF_ROLES);
      return {
        id: session.user.id,
        name: session.user.name,
        role: session.user.role as StaffRole,
        confirmedAt: request.staffConfirmedAt?.toISOString() ?? null,
        confirmationNeeded: !recentlyConfirmed(request.staffConfirmedAt),
        reconfirmMinutes: BUSINESS.staff.reconfirmMinutes,
      };
    },
  );

  app.post(
    '/admin/confirm/pin',
    {
      schema: { tags, summary: "Send a confirmation PIN by SMS to the staff member's phone", response: { 200: StaffPinSent, ...errors } },
    },
    async (request) => service.sendPin(requireRole(request, STAFF_ROLES), requestLanguage(request)),
  );

  app.post(
    '/admin/confirm',
    {
      schema: {
        tags,
        summary: `Confirm with the PIN: sensitive actions are allowed for ${BUSINESS.staff.reconfirmMinutes} minutes`,
        body: StaffConfirmBody,
        response: { 200: StaffConfirmed, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const session = requireRole(request, STAFF_ROLES);
      const { confirmedAt } = await service.confirm(session.id, request.body.pin);
      return { confirmedAt: confirmedAt.toISOString() };
    },
  );
};
