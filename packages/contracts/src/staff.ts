import { z } from 'zod';

/** Who a user is to the back office: 'user' is everyone else. Admin holds every staff role. */
export const UserRole = z.enum(['user', 'moderator', 'operations', 'editor', 'admin']);
export type UserRole = z.infer<typeof UserRole>;
export const StaffRole = z.enum(['moderator', 'operations', 'editor', 'admin']);
export type StaffRole = z.infer<typeof StaffRole>;
export const STAFF_ROLES = StaffRole.options;

/** What each staff role may do (admin may do everything). */
export const STAFF_DUTIES: Record<StaffRole, string> = {
  moderator: 'listings, reports, users (ban and restrict)',
  operations: 'deals, documents, credit checks, refunds, services',
  editor: 'content',
  admin: 'everything, and users and roles',
};

/** True when a user with `role` may act as one of `roles`: admin holds every staff role. */
export function holdsRole(role: string, roles: readonly StaffRole[]): boolean {
  return role === 'admin' || roles.some((r) => r === role);
}

export function isStaff(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}
