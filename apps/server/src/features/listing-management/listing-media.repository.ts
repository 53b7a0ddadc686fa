import { asc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { propertyImages, propertyVideos, stockImages } from '@kunci/db/schema';

/** A listing's photos and videos, and the directory photos of verified buildings. */
export function createListingMediaRepository(db: Database) {
  return {
    imagesOf: (propertyId: number) =>
      db.select().from(propertyImages).where(eq(propertyImages.propertyId, propertyId)).orderBy(asc(propertyImages.position), asc(propertyImages.id)),

    videosOf: (propertyId: number) =>
      db.select().from(propertyVideos).where(eq(propertyVideos.propertyId, propertyId)).orderBy(asc(propertyVideos.id)),

    image: async (id: number) => (await db.select().from(propertyImages).where(eq(propertyImages.id, id)))[0],

    video: async (id: number) => (await db.select().from(propertyVideos).where(eq(propertyVideos.id, id)))[0],

    /** Adds a photo after the listing's last one. */
    async addImage(values: { propertyId: number; mediaKey: string; isCover: boolean; width: number; height: number }) {
      const [last] = await db
        .select({ top: max(propertyImages.position) })
        .from(propertyImages)
        .where(eq(propertyImages.propertyId, values.propertyId));
      await db.insert(propertyImages).values({ ...values, position: (last?.top ?? -1) + 1 });
    },

    removeImage: async (id: number) => {
      await db.delete(propertyImages).where(eq(propertyImages.id, id));
    },

    /** Makes one photo the listing's cover (and no other). */
    setCover: async (propertyId: number, imageId: number) => {
      await db
        .update(propertyImages)
        .set({ isCover: sql`${propertyImages.id} = ${imageId}` })
        .where(eq(propertyImages.propertyId, propertyId));
    },

    setPosition: async (imageId: number, position: number) => {
      await db.update(propertyImages).set({ position }).where(eq(propertyImages.id, imageId));
    },

    addVideo: async (values: typeof propertyVideos.$inferInsert) => {
      await db.insert(propertyVideos).values(values);
    },

    removeVideo: async (id: number) => {
      await db.delete(propertyVideos).where(eq(propertyVideos.id, id));
    },

    stockImagesOf: (landmarkId: number) =>
      db.select().from(stockImages).where(eq(stockImages.landmarkId, landmarkId)).orderBy(asc(stockImages.position), asc(stockImages.id)),

    stockImage: async (id: number) => (await db.select().from(stockImages).where(eq(stockImages.id, id)))[0],
  };
}
