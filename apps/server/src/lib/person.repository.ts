import { eq } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { users } from '@kunci/db/schema';

/** A person as a notice or a document about them needs them: their name, phone and language (undefined when there is none). */
export async function findPerson(db: Database, id: string) {
  return (
    await db.select({ id: users.id, name: users.name, phone: users.phoneNumber, language: users.language }).from(users).where(eq(users.id, id))
  )[0];
}
