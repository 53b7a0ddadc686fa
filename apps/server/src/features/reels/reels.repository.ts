import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { areas, landmarks, properties, propertyVideos } from '@kunci/db/schema';
import { cardColumns, cardCover, cardCoverColumns, isLive } from '../../lib/listing-card.repository.ts';

export interface ReelsFilter {
  areaId?: number | undefined;
  /** Only videos older than this one (the last of the page before). */
  before?: number | undefined;
  limit: number;
}

/** The videos of live listings, with each listing's card and cover photo. */
export function createReelsRepository(db: Database) {
  return {
    areaId: async (slug: string) => (await db.select({ id: areas.id }).from(areas).where(eq(areas.slug, slug)).limit(1))[0]?.id,

    /** Newest video first (ids grow with time), one statement: the card's joins and one cover lookup per row. */
    page: (filter: ReelsFilter) =>
      db
        .select({
          videoId: propertyVideos.id,
          mediaKey: propertyVideos.mediaKey,
          contentType: propertyVideos.contentType,
          videoCreatedAt: propertyVideos.createdAt,
          ...cardColumns,
          ...cardCoverColumns,
        })
        .from(propertyVideos)
        .innerJoin(properties, eq(properties.id, propertyVideos.propertyId))
        .innerJoin(areas, eq(areas.id, properties.areaId))
        .leftJoin(landmarks, eq(landmarks.id, properties.landmarkId))
        .leftJoinLateral(cardCover, sql`true`)
        .where(
          and(
            isLive(),
            filter.areaId !== undefined ? eq(properties.areaId, filter.areaId) : undefined,
            filter.before !== undefined ? lt(propertyVideos.id, filter.before) : undefined,
          ),
        )
        .orderBy(desc(propertyVideos.id))
        .limit(filter.limit),

    /** The areas whose live listings have videos, with how many; most first. */
    areasWithReels: () =>
      db
        .select({ areaSlug: areas.slug, reels: count() })
        .from(propertyVideos)
        .innerJoin(properties, eq(properties.id, propertyVideos.propertyId))
        .innerJoin(areas, eq(areas.id, properties.areaId))
        .where(isLive())
        .groupBy(areas.slug)
        .orderBy(desc(count()), asc(areas.slug)),
  };
}
export type ReelsRepository = ReturnType<typeof createReelsRepository>;
