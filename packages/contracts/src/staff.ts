import { z } from 'zod';

// The roles as plain lists first: the browser checks and lists them without building the schemas (isStaff is on
// every page).
export const STAFF_ROLES = ['moderator', 'operations', 'editor', 'admin'] as const;
/** Who a user is to the back office: 'user' is everyone else. Admin holds every staff role. */
export const USER_ROLES = ['user', ...STAFF_ROLES] as const;
export const UserRole = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRole>;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

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
