import type { TestApp } from './support.ts';

/**
 * The authorization matrix's vocabulary, shared by apps/server/src/authorization.test.ts and the rows each area adds
 * in ./authz/<area>.ts: every API route, called as each kind of caller, with the answer expected.
 */
export type Persona = 'anonymous' | 'owner' | 'other' | 'banned' | 'moderator';
export const PERSONAS: Persona[] = ['anonymous', 'owner', 'other', 'banned', 'moderator'];

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
  ) => { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> };
  expect: Record<Persona, number>;
}

export const everyone = (status: number): Record<Persona, number> => ({
  anonymous: status,
  owner: status,
  other: status,
  banned: 403,
  moderator: status,
});
export const selfOnly = (status: number): Record<Persona, number> => ({ anonymous: 401, owner: status, other: 403, banned: 403, moderator: 403 });
export const selfOrModerator = (status: number): Record<Persona, number> => ({
  anonymous: 401,
  owner: status,
  other: 403,
  banned: 403,
  moderator: status,
});
export const signedIn = (status: number): Record<Persona, number> => ({
  anonymous: 401,
  owner: status,
  other: status,
  banned: 403,
  moderator: status,
});

export const moderatorOnly = (status: number): Record<Persona, number> => ({
  anonymous: 401,
  owner: 403,
  other: 403,
  banned: 403,
  moderator: status,
});
