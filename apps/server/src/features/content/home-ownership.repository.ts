import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { homeProjectLeads, homeProjects } from '@kunci/db/schema';

export type HomeProjectRow = typeof homeProjects.$inferSelect;

export function createHomeOwnershipRepository(db: Database) {
  return {
    published: () =>
      db.select().from(homeProjects).where(eq(homeProjects.status, 'PUBLISHED')).orderBy(asc(homeProjects.priceMinSen), asc(homeProjects.id)),
    byId: async (id: number) => (await db.select().from(homeProjects).where(eq(homeProjects.id, id)))[0],
    addLead: async (lead: typeof homeProjectLeads.$inferInsert) =>
      (await db.insert(homeProjectLeads).values(lead).returning({ id: homeProjectLeads.id }))[0]!,
    leads: () =>
      db
        .select({ lead: homeProjectLeads, projectName: homeProjects.name })
        .from(homeProjectLeads)
        .innerJoin(homeProjects, eq(homeProjects.id, homeProjectLeads.projectId))
        .orderBy(desc(homeProjectLeads.createdAt), desc(homeProjectLeads.id))
        .limit(200),
  };
}
export type HomeOwnershipRepository = ReturnType<typeof createHomeOwnershipRepository>;
