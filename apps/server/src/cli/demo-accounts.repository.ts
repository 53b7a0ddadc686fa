import { inArray } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { properties, users } from '@kunci/db/schema';

/** The demo accounts' rows. */
export function createDemoAccountsRepository(db: Database) {
  return {
    /** How many of these phone numbers have an account. */
    countByPhone: async (phoneNumbers: string[]) =>
      (await db.select({ phone: users.phoneNumber }).from(users).where(inArray(users.phoneNumber, phoneNumbers))).length,

    /** Adds the account unless its phone number has one; its id when added. */
    addUser: async (values: typeof users.$inferInsert) =>
      (await db.insert(users).values(values).onConflictDoNothing({ target: users.phoneNumber }).returning({ id: users.id }))[0]?.id,

    /** The first `count` demo listings become this user's. */
    giveFirstDemoListings: async (ownerId: string, count: number) => {
      const keys = Array.from({ length: count }, (_, index) => `demo:${index}`);
      await db.update(properties).set({ ownerId }).where(inArray(properties.seedKey, keys));
    },
  };
}
