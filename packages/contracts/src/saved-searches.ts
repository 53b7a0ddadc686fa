import { z } from 'zod';
import { SearchQuery } from './listings.ts';

export const SAVED_SEARCH_FREQUENCIES = ['INSTANT', 'DAILY', 'WEEKLY'] as const;
export const SavedSearchFrequency = z.enum(SAVED_SEARCH_FREQUENCIES);
export type SavedSearchFrequency = z.infer<typeof SavedSearchFrequency>;

/**
 * The results page's search as saved: the search contract's filters (area, type, purpose, price, rooms, furnishing,
 * pets, room type, zero deposit, special offers, instant view, a building or keywords), without paging and sort, which alerts do not have.
 */
export const SavedSearchQuery = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .refine((query) => Object.keys(query).length <= 20, { message: 'field.invalid' })
  .transform((query, context) => {
    const { sort: _sort, pageNumber: _page, pageSize: _size, ...filters } = query;
    const parsed = SearchQuery.safeParse(Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)])));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data;
  });

export const SavedSearchName = z.string().trim().min(1, 'field.required').max(80);

export const CreateSavedSearchBody = z.object({ name: SavedSearchName, frequency: SavedSearchFrequency, query: SavedSearchQuery }).strict();
export const UpdateSavedSearchBody = z
  .object({ name: SavedSearchName.optional(), frequency: SavedSearchFrequency.optional(), paused: z.boolean().optional() })
  .strict();
export const SavedSearchParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A saved search as its owner sees it: `query` is what the results page's API call takes; `url` its results page. */
export const SavedSearch = z
  .object({
    id: z.number().int(),
    /** As the person typed it; a name left as "Save this search" offered it (its results page's title) is in the request's language. */
    name: z.string(),
    frequency: SavedSearchFrequency,
    paused: z.boolean(),
    query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    url: z.string(),
    /** Listings that matched it as they were approved since it was saved (sent or waiting for the next digest, some maybe taken down since). */
    found: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof SavedSearch>;
export const SavedSearchList = z.object({ content: z.array(SavedSearch) }).meta({ id: 'SavedSearchList' });
export type SavedSearchList = z.infer<typeof SavedSearchList>;
export const SavedSearchDeleted = z.object({ id: z.number().int() });
