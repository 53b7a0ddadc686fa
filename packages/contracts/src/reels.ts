import { z } from 'zod';
import { INT4_MAX } from './ids.ts';
import { ListingCard } from './listings.ts';

// ---------------------------------------------------------------------------------------------------------------
// Reels (spec section 2, /reels/...): the videos of live listings as a vertical feed, newest first, by area if asked.

/** Reels in one page of the feed, unless the caller asks for fewer or more (up to REELS_MAX_PAGE_SIZE). */
export const REELS_PAGE_SIZE = 6;
export const REELS_MAX_PAGE_SIZE = 20;

/**
 * `GET /api/reels`: `area` an area's slug (as /rent/{loc} has it), `cursor` the `nextCursor` of the page before
 * (the reels after it come next), `limit` the page's size.
 */
export const ReelsQuery = z
  .object({
    area: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,80}$/, 'reels.field.area')
      .optional(),
    cursor: z.coerce
      .number('reels.field.cursor')
      .int('reels.field.cursor')
      .positive('reels.field.cursor')
      .max(INT4_MAX, 'reels.field.cursor')
      .optional(),
    limit: z.coerce.number().int().min(1).max(REELS_MAX_PAGE_SIZE).default(REELS_PAGE_SIZE),
  })
  .strict();
export type ReelsQuery = z.input<typeof ReelsQuery>;
export type CheckedReelsQuery = z.output<typeof ReelsQuery>;

/** One reel: a listing's video, the poster shown until it plays (the listing's cover photo), and the listing. */
export const Reel = z
  .object({
    /** The video's id: reels are ordered by it, newest first. */
    id: z.number().int(),
    /** Where the video is served (`/media/...`). */
    src: z.string(),
    contentType: z.string(),
    /** The listing's cover photo as a URL template (`{w}` one of IMAGE_WIDTHS), or null when it has none. */
    poster: z.string().nullable(),
    createdAt: z.string(),
    listing: ListingCard,
  })
  .meta({ id: 'Reel' });
export type Reel = z.infer<typeof Reel>;

/** A page of reels; `nextCursor` is sent back as `cursor` for the next page, null after the last. */
export const ReelPage = z
  .object({
    content: z.array(Reel),
    nextCursor: z.number().int().nullable(),
  })
  .meta({ id: 'ReelPage' });
export type ReelPage = z.infer<typeof ReelPage>;

/** `GET /api/reels/areas`: the areas whose live listings have videos, most reels first (for links and the sitemaps). */
export const ReelAreas = z
  .object({
    areas: z.array(z.object({ areaSlug: z.string(), reels: z.number().int().positive() })),
  })
  .meta({ id: 'ReelAreas' });
export type ReelAreas = z.infer<typeof ReelAreas>;
