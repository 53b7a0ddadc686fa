import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { cities, homeRunners, keyCollections, postcodes, properties, states, users } from '@kunci/db/schema';
import { createAuditLogRepository } from '../../../lib/audit-log.repository.ts';
import { transactional } from '../../../lib/transactional.ts';

export type KeyCollectionRow = typeof keyCollections.$inferSelect;
const OPEN = ['LISTED', 'SCHEDULED', 'ASSIGNED', 'COLLECTED', 'RETURN_REQUESTED'] as const;

export type RunnerRow = typeof homeRunners.$inferSelect;

function homerunnerQueries(db: Database) {
  return {
    /** The handle for the notification centre only: a notice is stored in the transaction that makes its news. */
    handle: db,
    /** The audit log on the same handle: a staff action and its record commit together. */
    audit: createAuditLogRepository(db),

    runners: () => db.select().from(homeRunners).orderBy(asc(homeRunners.name), asc(homeRunners.id)),
    runner: async (id: number) => (await db.select().from(homeRunners).where(eq(homeRunners.id, id)))[0],
    insertRunner: async (values: typeof homeRunners.$inferInsert) => (await db.insert(homeRunners).values(values).returning())[0]!,
    updateRunner: async (id: number, values: Partial<typeof homeRunners.$inferInsert>) =>
      (await db.update(homeRunners).set(values).where(eq(homeRunners.id, id)).returning())[0],

    /** The places the directory gives a postcode (a few postcodes serve two towns). */
    placesOf: (postcode: string) =>
      db
        .select({ city: cities.name, state: states.name })
        .from(postcodes)
        .innerJoin(cities, eq(cities.id, postcodes.cityId))
        .innerJoin(states, eq(states.id, cities.stateId))
        .where(eq(postcodes.postcode, postcode))
        .orderBy(asc(cities.name)),

    listing: async (propertyId: number) =>
      (
        await db
          .select({ id: properties.id, ownerId: properties.ownerId, name: properties.name, postcode: properties.postcode })
          .from(properties)
          .where(eq(properties.id, propertyId))
      )[0],

    /** The listing's collection still open (not returned or cancelled), locked for the change. */
    lockOpen: async (propertyId: number) =>
      (
        await db
          .select()
          .from(keyCollections)
          .where(and(eq(keyCollections.propertyId, propertyId), inArray(keyCollections.status, [...OPEN])))
          .for('update')
      )[0],

    /** Collections a listing has had (cancelled ones do not count). */
    collections: async (propertyId: number) =>
      (
        await db
          .select({ n: count() })
          .from(keyCollections)
          .where(and(eq(keyCollections.propertyId, propertyId), notInArray(keyCollections.status, ['CANCELLED'])))
      )[0]?.n ?? 0,

    insert: async (values: typeof keyCollections.$inferInsert) => (await db.insert(keyCollections).values(values).returning())[0]!,

    update: async (id: string, values: Partial<typeof keyCollections.$inferInsert>) =>
      (
        await db
          .update(keyCollections)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(keyCollections.id, id))
          .returning()
      )[0]!,

    lock: async (id: string) => (await db.select().from(keyCollections).where(eq(keyCollections.id, id)).for('update'))[0],

    /** Every open collection with its listing and landlord, soonest pickup first: the staff's work list. */
    open: () =>
      db
        .select({
          collection: keyCollections,
          propertyName: properties.name,
          address: properties.address,
          ownerName: users.name,
          ownerPhone: users.phoneNumber,
        })
        .from(keyCollections)
        .innerJoin(properties, eq(properties.id, keyCollections.propertyId))
        .innerJoin(users, eq(users.id, keyCollections.ownerId))
        .where(inArray(keyCollections.status, [...OPEN]))
        .orderBy(asc(keyCollections.pickupAt), asc(keyCollections.createdAt)),
  };
}

export const createHomerunnerRepository = (db: Database) => transactional(db, homerunnerQueries);
export type HomerunnerRepository = ReturnType<typeof createHomerunnerRepository>;
