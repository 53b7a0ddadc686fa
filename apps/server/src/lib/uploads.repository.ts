import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { mediaUploads } from '@kunci/db/schema';

export type UploadRow = typeof mediaUploads.$inferSelect;

/** Signed uploads: issued, then uploaded, then registered by the listing or message that uses the file. */
export function createUploadsRepository(db: Database) {
  return {
    insert: async (values: typeof mediaUploads.$inferInsert) => (await db.insert(mediaUploads).values(values).returning())[0]!,

    find: async (id: string) => (await db.select().from(mediaUploads).where(eq(mediaUploads.id, id)))[0],

    markUploaded: async (id: string, bytes: number) => {
      await db.update(mediaUploads).set({ status: 'uploaded', bytes }).where(eq(mediaUploads.id, id));
    },

    /** Marks the upload as used; false when there is no such upload. */
    register: async (id: string) =>
      (await db.update(mediaUploads).set({ status: 'registered' }).where(eq(mediaUploads.id, id)).returning({ id: mediaUploads.id })).length > 0,

    /** Uploads never registered whose signed URL has long expired: the cleanup job removes them. */
    stale: (olderThan: Date, limit: number) =>
      db
        .select()
        .from(mediaUploads)
        .where(and(inArray(mediaUploads.status, ['pending', 'uploaded']), lt(mediaUploads.expiresAt, olderThan)))
        .limit(limit),

    /** Forgets an upload, unless it was registered meanwhile. */
    removeUnregistered: async (id: string) => {
      await db.delete(mediaUploads).where(and(eq(mediaUploads.id, id), inArray(mediaUploads.status, ['pending', 'uploaded'])));
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
