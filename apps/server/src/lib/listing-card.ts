import type { ListingCard } from '@kunci/contracts/listings';
import type { ListingType, PropertyCategory } from '@kunci/contracts/reference';
import type { PropertyRow } from './listing-card.repository.ts';
import { mediaSrc } from './media-src.ts';

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
  offerKind?: 'HOT_DEAL' | 'CAMPAIGN' | null | undefined;
  instantView?: boolean | null | undefined;
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
    ...(r.offerKind ? { offer: { kind: r.offerKind } } : {}),
    ...(r.instantView ? { instantView: true as const } : {}),
  };
}

/** A stored listing's card, from its row and what the card's joins add (area, building, cover). */
export const cardOf = (property: PropertyRow, joined: Pick<CardRow, 'areaSlug' | 'landmarkName' | 'coverId' | 'coverKey'>): ListingCard =>
  toCard({ ...property, lon: property.lng, ...joined });

/** A listing's photo as pages show it. */
export const toImage = (image: { id: number; mediaKey: string; isCover: boolean }): NonNullable<ListingCard['cover']> => ({
  id: image.id,
  src: mediaSrc(image.mediaKey),
  isCover: image.isCover,
});

/** The facts of a stored listing beyond its card, as its public page shows them and its owner edits them. */
export function factsOf(p: PropertyRow) {
  return {
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
  };
}
