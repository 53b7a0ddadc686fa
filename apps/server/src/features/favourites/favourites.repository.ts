import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, favourites, landmarks, properties, shortlistLinks, users } from '@kunci/db/schema';
import { cardColumns, cardCover, cardCoverColumns, isLive } from '../../lib/listing-card.repository.ts';

export function createFavouritesRepository(db: Database) {
  const favouriteRows = (userId: string, liveOnly: boolean, propertyId?: number) =>
    db
      .select({ ...cardColumns, ...cardCoverColumns, favouriteId: favourites.id, savedAt: favourites.createdAt, live: sql<boolean>`(${isLive()})` })
      .from(favourites)
      .innerJoin(properties, eq(properties.id, favourites.propertyId))
      .innerJoin(areas, eq(areas.id, properties.areaId))
      .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
      .leftJoinLateral(cardCover, sql`true`)
      .where(and(eq(favourites.userId, userId), liveOnly ? isLive() : undefined, propertyId ? eq(favourites.propertyId, propertyId) : undefined))
      .orderBy(desc(favourites.createdAt), desc(favourites.id));

  return {
    favouriteRows,

    listing: async (propertyId: number) =>
      (
        await db
          .select({ id: properties.id, live: sql<boolean>`(${isLive()})` })
          .from(properties)
          .where(eq(properties.id, propertyId))
      )[0],

    /** Saves the favourite; true when it is new (saving one twice keeps the first). */
    add: async (userId: string, propertyId: number) =>
      (await db.insert(favourites).values({ userId, propertyId }).onConflictDoNothing().returning({ id: favourites.id })).length > 0,

    remove: async (userId: string, propertyId: number) =>
      (
        await db
          .delete(favourites)
          .where(and(eq(favourites.userId, userId), eq(favourites.propertyId, propertyId)))
          .returning({ id: favourites.id })
      ).length > 0,

    isFavourite: async (userId: string, propertyId: number) =>
      (
        await db
          .select({ id: favourites.id })
          .from(favourites)
          .where(and(eq(favourites.userId, userId), eq(favourites.propertyId, propertyId)))
      ).length > 0,

    liveLink: async (userId: string) =>
      (
        await db
          .select()
          .from(shortlistLinks)
          .where(and(eq(shortlistLinks.userId, userId), isNull(shortlistLinks.revokedAt)))
      )[0],

    /** Stores a new live link unless one exists (two tabs sharing at once get the same link). */
    createLink: async (userId: string, token: string) =>
      (await db.insert(shortlistLinks).values({ userId, token }).onConflictDoNothing().returning())[0],

    revokeLinks: (userId: string) =>
      db
        .update(shortlistLinks)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(shortlistLinks.userId, userId), isNull(shortlistLinks.revokedAt))),

    linkOwner: async (token: string) =>
      (
        await db
          .select({ userId: shortlistLinks.userId, name: users.name })
          .from(shortlistLinks)
          .innerJoin(users, eq(users.id, shortlistLinks.userId))
          .where(and(eq(shortlistLinks.token, token), isNull(shortlistLinks.revokedAt)))
      )[0],
  };
}
export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;
