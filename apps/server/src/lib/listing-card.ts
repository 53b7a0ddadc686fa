import { and, eq, inArray } from 'drizzle-orm';
import type { ListingCard } from '@kunci/contracts/listings';
import type { ListingType, PropertyCategory } from '@kunci/contracts/reference';
import type { Database } from '@kunci/db/client';
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
}

/** A listing as cards show it, from the card columns and its cover photo. */
export function toCard(r: CardRow, cover: { id: number; mediaKey: string } | undefined): ListingCard {
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
    cover: cover ? { id: cover.id, src: mediaSrc(cover.mediaKey), isCover: true } : null,
    zeroDepositEligible: r.zeroDepositEligible,
    dateCreated: r.dateCreated.toISOString(),
  };
}

/** The cover photos of these listings, by listing id. */
export async function coversFor(db: Database, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; mediaKey: string }>();
  const rows = await db
    .select({ id: propertyImages.id, propertyId: propertyImages.propertyId, mediaKey: propertyImages.mediaKey })
    .from(propertyImages)
    .where(and(inArray(propertyImages.propertyId, ids), eq(propertyImages.isCover, true)));
  return new Map(rows.map((r) => [r.propertyId, r]));
}
