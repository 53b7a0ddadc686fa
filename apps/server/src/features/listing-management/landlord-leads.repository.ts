import { eq, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, landlordLeads } from '@kunci/db/schema';

/** Landlords' call-back requests. */
export function createLandlordLeadsRepository(db: Database) {
  return {
    areaId: async (slug: string) => (await db.select({ id: areas.id }).from(areas).where(eq(areas.slug, slug)))[0]?.id,

    add: async (values: typeof landlordLeads.$inferInsert) =>
      (await db.insert(landlordLeads).values(values).returning({ id: landlordLeads.id }))[0]!.id,

    newest: (limit: number) =>
      db
        .select({ lead: landlordLeads, areaSlug: areas.slug })
        .from(landlordLeads)
        .innerJoin(areas, eq(areas.id, landlordLeads.areaId))
        .orderBy(sql`${landlordLeads.createdAt} desc`)
        .limit(limit),
  };
}
