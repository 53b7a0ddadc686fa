import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isStaff } from '@kunci/contracts/staff';
import type { StaffService } from './staff.service.ts';

/**
 * Loads, for staff sessions only, when the session last confirmed with a PIN, so `requireRole(request, roles,
 * { confirmed: true })` (lib/staff.ts) can answer without a query of its own. Registered right after the auth plugin.
 */
export const staffPlugin = fp(async (app: FastifyInstance, { service }: { service: StaffService }) => {
  app.decorateRequest('staffConfirmedAt', null);
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    if (!session || !isStaff(session.user.role)) return;
    request.staffConfirmedAt = await service.confirmedAt(session.id);
  });
});
