import type { CheckedReelsQuery, ReelAreas, ReelPage } from '@kunci/contracts/reels';
import { notFound } from '../../lib/app-error.ts';
import { toCard } from '../../lib/listing-card.ts';
import type { ReelsRepository } from './reels.repository.ts';

/** The reels feed: videos of live listings, newest first, by area when one is named; paged by cursor. */
export function createReelsService(repository: ReelsRepository) {
  return {
    async feed(query: CheckedReelsQuery): Promise<ReelPage> {
      const areaId = query.area === undefined ? undefined : await repository.areaId(query.area);
      // An area nobody knows is a wrong link, not an empty feed.
      if (query.area !== undefined && areaId === undefined) throw notFound({ area: query.area });
      // One more than asked: whether there is a next page, without counting.
      const rows = await repository.page({ areaId, before: query.cursor, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      return {
        content: page.map((row) => {
          const listing = toCard(row);
          return {
            id: row.videoId,
            src: `/media/${row.mediaKey}`,
            contentType: row.contentType,
            poster: listing.cover?.src ?? null,
            createdAt: row.videoCreatedAt.toISOString(),
            listing,
          };
        }),
        nextCursor: rows.length > query.limit ? page.at(-1)!.videoId : null,
      };
    },

    /** Where there are reels to watch: the results pages link to them and the sitemaps list them. */
    areas: async (): Promise<ReelAreas> => ({ areas: await repository.areasWithReels() }),
  };
}
export type ReelsService = ReturnType<typeof createReelsService>;
