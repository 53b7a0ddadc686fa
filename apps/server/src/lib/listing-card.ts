import { and, asc, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { ListingCard } from '@kunci/contracts/listings';
import type { ListingType, PropertyCategory } from '@kunci/contracts/reference';
import { areas, landmarks, properties, propertyImages } from '@kunci/db/schema';
import { mediaSrc } from './media-src.ts';

/** The columns a listing card shows (select from properties joined to areas, left-joined to landmarks). */
export const cardColumns = {
  id: properties.id,
  name: properties.name,
  type: properties.type,
  category: properties.category,
  price: properties.price,
  bedroom: properties.bedroom,
  bathroom: properties.bathroom,
  sqft: properties.sqft,
  furnishType: properties.furnishType,
  zeroDepositEligible: properties.zeroDepositEligible,
  dateCreated: properties.dateCreated,
  areaSlug: areas.slug,
  landmarkName: landmarks.name,
  lat: properties.lat,
  lon: properties.lng,
};

/**
 * A listing's cover photo, for the same statement as its card: `.leftJoinLateral(cardCover, sql\`true\`)` with
 * `cardCoverColumns` selected (one index lookup per row of the page, not a second statement per page).
 */
export const cardCover = new QueryBuilder()
  .select({ id: propertyImages.id, mediaKey: propertyImages.mediaKey })
  .from(propertyImages)
  .where(and(eq(propertyImages.propertyId, properties.id), eq(propertyImages.isCover, true)))
  .orderBy(asc(propertyImages.position))
  .limit(1)
  .as('card_cover');
export const cardCoverColumns = { coverId: cardCover.id, coverKey: cardCover.mediaKey };

export interface CardRow {
  id: number;
  name: string;
  type: string;
  category: string;
  price: number;
  bedroom: number | null;
  bathroom: number | null;
  sqft: number | null;
  furnishType: string;
  zeroDepositEligible: boolean;
  dateCreated: Date;
  areaSlug: string;
  landmarkName: string | null;
  lat: number;
  lon: number;
  coverId: number | null;
  coverKey: string | null;
}

/** A listing as cards show it, from the card and cover columns. */
export function toCard(r: CardRow): ListingCard {
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
    lat: r.lat,
    lon: r.lon,
    cover: r.coverId !== null && r.coverKey !== null ? { id: r.coverId, src: mediaSrc(r.coverKey), isCover: true } : null,
    zeroDepositEligible: r.zeroDepositEligible,
    dateCreated: r.dateCreated.toISOString(),
  };
}
