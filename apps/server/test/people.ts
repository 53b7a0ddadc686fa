import { users } from '@kunci/db/schema';
import { createSessionsRepository } from '../src/lib/sessions.repository.ts';
import { bearer, freshPhone, type TestApp } from './support.ts';

export interface PersonOptions {
  role?: 'user' | 'moderator' | 'operations' | 'editor' | 'admin';
  language?: 'EN' | 'MY' | 'ZH';
  email?: string;
}

/**
 * A new user with a fresh phone number, signed in (a PIN session for a day, written directly: the auth tests test
 * signing in): their id, phone number, session token and its Authorization header.
 */
export async function signedInPerson(t: TestApp, name: string, options: PersonOptions = {}) {
  const db = t.database.db;
  const [row] = await db
    .insert(users)
    .values({ phoneNumber: freshPhone(), name, role: options.role ?? 'user', language: options.language ?? 'EN', email: options.email ?? null })
    .returning();
  const token = await createSessionsRepository(db).create(row!.id, 'pin', 'test-fixture', 1);
  return { id: row!.id, phone: row!.phoneNumber, token, headers: bearer(token) };
}
export type Person = Awaited<ReturnType<typeof signedInPerson>>;
