import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@kunci/contracts/errors';
import type { Favourite, FavouriteList, Shortlist, ShortlistLink } from '@kunci/contracts/favourites';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import { AppError } from '../../lib/app-error.ts';
import { toCard } from '../../lib/listing-card.ts';
import type { FavouritesRepository } from './favourites.repository.ts';

export function createFavouritesService(repository: FavouritesRepository, publicUrl: string) {
  async function cards(userId: string, liveOnly: boolean, propertyId?: number) {
    const rows = await repository.favouriteRows(userId, liveOnly, propertyId);
    return rows.map((r) => ({ row: r, card: toCard(r) }));
  }

  const linkOf = (link: { token: string; createdAt: Date }, lang: Language): ShortlistLink => ({
    token: link.token,
    url: new URL(href(lang, 'shortlist', { token: link.token }), publicUrl).toString(),
    createdAt: link.createdAt.toISOString(),
  });

  async function favouritesOf(userId: string, propertyId?: number): Promise<Favourite[]> {
    return (await cards(userId, false, propertyId)).map(({ row, card }) => ({
      id: row.favouriteId,
      propertyId: row.id,
      property: { ...card, live: row.live },
      dateCreated: row.savedAt.toISOString(),
    }));
  }

  return {
    async list(userId: string): Promise<FavouriteList> {
      return { content: await favouritesOf(userId) };
    },

    /** Saves a live listing; saving it again is a no-op. A listing off the market cannot be saved (410). */
    async add(userId: string, propertyId: number): Promise<{ created: boolean; favourite: Favourite }> {
      const listing = await repository.listing(propertyId);
      if (!listing) throw new AppError(ErrorCode.NOT_FOUND, { propertyId });
      if (!listing.live) throw new AppError(ErrorCode.GONE, { propertyId });
      const created = await repository.add(userId, propertyId);
      const [favourite] = await favouritesOf(userId, propertyId);
      if (!favourite) throw new AppError(ErrorCode.NOT_FOUND, { propertyId });
      return { created, favourite };
    },

    async remove(userId: string, propertyId: number, lang: Language) {
      if (!(await repository.remove(userId, propertyId))) throw new AppError(ErrorCode.NOT_FOUND, { propertyId });
      return { propertyId, message: translatorFor(lang)('favourites.removed') };
    },

    async check(userId: string, propertyId: number) {
      return { propertyId, favourite: await repository.isFavourite(userId, propertyId) };
    },

    /** The user's read-only shortlist link (the same one until revoked). */
    async share(userId: string, lang: Language): Promise<ShortlistLink> {
      const existing = await repository.liveLink(userId);
      if (existing) return linkOf(existing, lang);
      const created = (await repository.createLink(userId, randomBytes(18).toString('base64url'))) ?? (await repository.liveLink(userId));
      if (!created) throw new AppError(ErrorCode.UNAVAILABLE);
      return linkOf(created, lang);
    },

    async current(userId: string, lang: Language): Promise<ShortlistLink | null> {
      const link = await repository.liveLink(userId);
      return link ? linkOf(link, lang) : null;
    },

    async revoke(userId: string) {
      await repository.revokeLinks(userId);
    },

    /** What a shared link shows: the owner's first name and their favourites still on the market. */
    async shortlist(token: string): Promise<Shortlist> {
      const owner = await repository.linkOwner(token);
      if (!owner) throw new AppError(ErrorCode.NOT_FOUND, { shortlist: 'revoked or unknown' });
      return { ownerName: owner.name.split(/\s+/)[0] ?? owner.name, content: (await cards(owner.userId, true)).map(({ card }) => card) };
    },
  };
}
export type FavouritesService = ReturnType<typeof createFavouritesService>;
