import type { StaffRole } from '@kunci/contracts/staff';
import type { TestApp } from './support.ts';

/**
 * The authorization matrix's vocabulary, shared by apps/server/src/authorization.test.ts and the rows each area adds
 * in ./authz/<area>.ts: every API route, called as each kind of caller, with the answer expected.
 *
 * Staff personas hold one role each (admin holds every staff role). Their sessions have confirmed a PIN just now, so
 * a sensitive back-office route answers as it would for staff at work; the 428 of an old confirmation is proven in
 * apps/server/src/features/admin.
 */
export type Persona = 'anonymous' | 'owner' | 'other' | 'banned' | 'moderator' | 'operations' | 'editor' | 'admin';
export const PERSONAS: Persona[] = ['anonymous', 'owner', 'other', 'banned', 'moderator', 'operations', 'editor', 'admin'];
export const STAFF_PERSONAS = ['moderator', 'operations', 'editor', 'admin'] as const satisfies readonly StaffRole[];

export interface Context {
  owner: { id: string; phone: string; token: string };
  listingId: number;
  goneListingId: number;
}
/** What a row's setup made for one call (a fresh listing, photo or upload: rows that change things get their own). */
export type Fixture = Record<string, string | number>;
export interface Row {
  route: string;
  setup?: (t: TestApp, c: Context) => Promise<Fixture>;
  request: (
    c: Context,
    f: Fixture,
  ) => { method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string; payload?: object; headers?: Record<string, string> };
  expect: Record<Persona, number>;
}

/** `staff` as one status for every staff persona, or per role (a role left out answers like an ordinary user). */
function withStaff(
  base: Omit<Record<Persona, number>, (typeof STAFF_PERSONAS)[number]>,
  staff: number | Partial<Record<StaffRole, number>>,
  ordinary: number,
): Record<Persona, number> {
  const of = (role: StaffRole) => (typeof staff === 'number' ? staff : (staff[role] ?? ordinary));
  return { ...base, moderator: of('moderator'), operations: of('operations'), editor: of('editor'), admin: of('admin') };
}

/** A public route: everyone but a banned user (403, errorCode 10100). */
export const everyone = (status: number): Record<Persona, number> =>
  withStaff({ anonymous: status, owner: status, other: status, banned: 403 }, status, status);
/** The owner's own record only: staff are other people here. */
export const selfOnly = (status: number): Record<Persona, number> => withStaff({ anonymous: 401, owner: status, other: 403, banned: 403 }, 403, 403);
/** The owner's own record, or any for staff holding the moderator role (moderators and admins). */
export const selfOrModerator = (status: number): Record<Persona, number> =>
  withStaff({ anonymous: 401, owner: status, other: 403, banned: 403 }, { moderator: status, admin: status }, 403);
/** The owner's own record, or any for operations staff (deals, documents, payments; admins hold every role). */
export const selfOrOperations = (status: number): Record<Persona, number> => ({ ...staffOnly(['operations'], status), owner: status });
/** Any signed-in user who is not banned. */
export const signedIn = (status: number): Record<Persona, number> =>
  withStaff({ anonymous: 401, owner: status, other: status, banned: 403 }, status, status);
/** Staff holding the moderator role (moderators and admins). */
export const moderatorOnly = (status: number): Record<Persona, number> => staffOnly(['moderator'], status);
/** Staff holding one of `roles` (admin holds all): `status` for them, 403 for other staff and users, 401 anonymous. */
export const staffOnly = (roles: readonly StaffRole[], status: number): Record<Persona, number> =>
  withStaff(
    { anonymous: 401, owner: 403, other: 403, banned: 403 },
    Object.fromEntries(STAFF_PERSONAS.map((role) => [role, role === 'admin' || roles.includes(role) ? status : 403])),
    403,
  );
/** A row's answers with some personas changed (e.g. `{ ...signedIn(200), moderator: 404 }` written as a helper). */
export const except = (base: Record<Persona, number>, changes: Partial<Record<Persona, number>>): Record<Persona, number> => ({
  ...base,
  ...changes,
});
