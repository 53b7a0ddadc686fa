import { eq } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { users } from '@kunci/db/schema';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Database) {
  return {
    findById: async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0],
    update: async (
      id: string,
      changes: Partial<Pick<UserRow, 'language' | 'name' | 'email' | 'userType' | 'rentalRole' | 'attributes' | 'avatarKey'>>,
    ) => (await db.update(users).set(changes).where(eq(users.id, id)).returning())[0],
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
