import type { FastifyRequest } from 'fastify';
import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode } from '@kunci/contracts/errors';
import { holdsRole, type StaffRole } from '@kunci/contracts/staff';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** When a staff session last confirmed its holder with a PIN (loaded for staff sessions only; null when never). */
    staffConfirmedAt: Date | null;
  }
}

export interface StaffOptions {
  /**
   * A sensitive action (bans, role changes, document reads, refunds): the holder must have confirmed with a PIN within
   * BUSINESS.staff.reconfirmMinutes, or the call answers 428 STAFF_CONFIRMATION_REQUIRED and the console asks for it.
   */
  confirmed?: boolean;
}

/**
 * The signed-in staff member holding one of `roles` (admin holds all), or 401 (anonymous) / 403 (anyone else).
 * Every back-office route calls it first: `const staff = requireRole(request, ['moderator'], { confirmed: true })`.
 */
export function requireRole(request: FastifyRequest, roles: readonly StaffRole[], options: StaffOptions = {}) {
  const session = request.session;
  if (!session) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (!holdsRole(session.user.role, roles)) throw new AppError(ErrorCode.FORBIDDEN, { userId: session.user.id, roles });
  if (options.confirmed && !recentlyConfirmed(request.staffConfirmedAt)) {
    throw new AppError(ErrorCode.STAFF_CONFIRMATION_REQUIRED, { userId: session.user.id });
  }
  return session;
}

/** Whether the session's holder acts as one of `roles` (for checks inside a route that others may also call). */
export function actsAs(request: FastifyRequest, roles: readonly StaffRole[]): boolean {
  return request.session !== null && holdsRole(request.session.user.role, roles);
}

export function recentlyConfirmed(at: Date | null, now = Date.now()): boolean {
  return at !== null && now - at.getTime() <= BUSINESS.staff.reconfirmMinutes * 60_000;
}

/**
 * The signed-in caller of a deal's routes (the deal, its screening, its agreement): who they are, and whether they
 * see every deal as operations staff (admins too). 401 when signed out.
 */
export function dealCaller(request: FastifyRequest): { userId: string; moderator: boolean } {
  const session = request.session;
  if (!session) throw new AppError(ErrorCode.UNAUTHORIZED);
  return { userId: session.user.id, moderator: holdsRole(session.user.role, ['operations']) };
}
