import { ErrorCode } from '@kunci/contracts/errors';
import type { ListingCard, ListingPage, PropertyDetail, SearchQuery } from '@kunci/contracts/listings';
import type { ListingType, PropertyCategory } from '@kunci/contracts/reference';
import { AppError } from '../../lib/app-error.ts';
import type { ListingsRepository } from './listings.repository.ts';

const RENT_TYPES: readonly ListingType[] = ['HIGHRISE', 'LANDED', 'ROOM'];
const SALE_TYPES: readonly ListingType[] = ['HIGHRISE_SALE', 'LANDED_SALE'];

/** Media URLs are templates: `{w}` is replaced by one of the published widths. */
export const mediaSrc = (mediaKey: string) => `/media/${mediaKey}/{w}.webp`;

export function createListingsService(repository: ListingsRepository) {
  return {
    async search(query: SearchQuery): Promise<ListingPage> {
      const { rows, total } = await repository.search({
        areaSlug: query.loc,
        category: query.propertyType,
        types: query.purpose === 'sale' ? SALE_TYPES : RENT_TYPES,
        sort: query.sort,
        limit: query.pageSize,
        offset: query.pageNumber * query.pageSize,
      });
      const covers = new Map((await repository.coversFor(rows.map((r) => r.id))).map((c) => [c.propertyId, c]));
      const content: ListingCard[] = rows.map((r) => {
        const cover = covers.get(r.id);
        return {
          id: r.id,
          name: r.name,
          type: r.type as ListingType,
          category: r.category as PropertyCategory,
          price: r.price,
          bedroom: r.bedroom,
          bathroom: r.bathroom,
          sqft: r.sqft,
          furnishType: r.furnishType as ListingCard['furnishType'],
          areaSlug: r.areaSlug,
          landmarkName: r.landmarkName,
          cover: cover ? { id: cover.id, src: mediaSrc(cover.mediaKey), isCover: true } : null,
          zeroDepositEligible: r.zeroDepositEligible,
          dateCreated: r.dateCreated.toISOString(),
        };
      });
      return { content, totalElements: total, totalPages: Math.ceil(total / query.pageSize), pageNumber: query.pageNumber, pageSize: query.pageSize };
    },

    /** A public listing. Unknown: 404. Known but no longer live: 410, so pages can say so. */
    async getPublic(id: number): Promise<PropertyDetail> {
      const row = await repository.findById(id);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, { id });
      if (!row.live) throw new AppError(ErrorCode.GONE, { id });
      const p = row.property;
      const images = await repository.imagesOf(id);
      const cover = images.find((i) => i.isCover) ?? images[0];
      return {
        id: p.id,
        name: p.name,
        type: p.type as ListingType,
        category: p.category as PropertyCategory,
        price: p.price,
        bedroom: p.bedroom,
        bathroom: p.bathroom,
        sqft: p.sqft,
        furnishType: p.furnishType as PropertyDetail['furnishType'],
        areaSlug: row.areaSlug,
        landmarkName: row.landmarkName,
        cover: cover ? { id: cover.id, src: mediaSrc(cover.mediaKey), isCover: true } : null,
        zeroDepositEligible: p.zeroDepositEligible,
        dateCreated: p.dateCreated.toISOString(),
        landmarkLabelId: p.landmarkId,
        landmarkLabelVerified: row.landmarkVerified ?? false,
        description: p.description,
        address: p.address,
        postcode: p.postcode,
        lat: p.lat,
        lon: p.lng,
        carpark: p.carpark,
        fullyFurnishable: p.fullyFurnishable,
        negotiable: p.negotiable,
        petFriendly: p.petFriendly,
        level: p.level,
        storeys: p.storeys,
        bathroomType: p.bathroomType,
        roomType: p.roomType,
        roommate: p.roommate,
        leaseType: p.leaseType,
        saleType: p.saleType,
        availability: p.availability?.toISOString() ?? null,
        images: images.map((i) => ({ id: i.id, src: mediaSrc(i.mediaKey), isCover: i.isCover })),
        owner: { id: p.ownerId, name: row.ownerName },
      };
    },
  };
}
export type ListingsService = ReturnType<typeof createListingsService>;
