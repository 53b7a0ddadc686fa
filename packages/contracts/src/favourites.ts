import { z } from 'zod';
import { ListingCard } from './listings.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Spec section 3: the list's items hold the property (with its id). `live` is false once it is off the market. */
export const Favourite = z
  .object({
    id: z.number().int(),
    propertyId: z.number().int(),
    property: ListingCard.extend({ live: z.boolean() }),
    dateCreated: z.string(),
  })
  .meta({ id: 'Favourite' });
export type Favourite = z.infer<typeof Favourite>;

/** `GET /api/users/{userId}/favourite-properties` (no paging). */
export const FavouriteList = z.object({ content: z.array(Favourite) }).meta({ id: 'FavouriteList' });
export type FavouriteList = z.infer<typeof FavouriteList>;

export const AddFavouriteBody = z.object({ propertyId: id }).strict();
export const UserFavouriteParams = z.object({ userId: z.uuid(), id });
export const FavouriteParams = z.object({ id });
export const FavouriteCheck = z.object({ propertyId: z.number().int(), favourite: z.boolean() });
/** Deleting answers with the spec's success text, in the caller's language. */
export const FavouriteRemoved = z.object({ propertyId: z.number().int(), message: z.string() });

/** A read-only shortlist link the owner can revoke. */
export const ShortlistLink = z.object({ token: z.string(), url: z.string(), createdAt: z.string() }).meta({ id: 'ShortlistLink' });
export type ShortlistLink = z.infer<typeof ShortlistLink>;
export const ShortlistParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
/** `GET /api/shortlists/{token}`: the live listings of someone's favourites, with their first name. */
export const Shortlist = z.object({ ownerName: z.string(), content: z.array(ListingCard) }).meta({ id: 'Shortlist' });
export type Shortlist = z.infer<typeof Shortlist>;
