import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { areas, keyCollections, landmarks, promotionListings, promotions, properties, propertyImages } from '@kunci/db/schema';

/** Public visibility: the predicate the partial indexes are built on, plus expiry. */
export const isLive = (): SQL =>
  and(eq(properties.status, 'ACTIVE'), eq(properties.active, true), eq(properties.reviewStatus, 'APPROVED'), sql`${properties.expiresAt} > now()`)!;

/** A listing as a conversation or a deal needs it: who owns it, what it costs, and whether it is still live. */
export const listingDealColumns = {
  id: properties.id,
  ownerId: properties.ownerId,
  name: properties.name,
  type: properties.type,
  price: properties.price,
  live: sql<boolean>`(${isLive()})`,
};

/** A running hot deal or partner campaign covers the listing (one index lookup on its listings). */
export const inRunningPromotion = (): SQL =>
  sql`exists (select 1 from ${promotionListings} join ${promotions} on ${promotions.id} = ${promotionListings.promotionId}
    where ${promotionListings.propertyId} = ${properties.id} and ${promotions.startsAt} <= now() and ${promotions.endsAt} > now())`;

/**
 * A home runner holds the listing's keys ("Instant view"): collected and not yet returned, asked back or not (one
 * lookup of the partial unique index of open collections).
 */
export const keysHeld = (): SQL =>
  sql`exists (select 1 from ${keyCollections} where ${keyCollections.propertyId} = ${properties.id}
    and ${keyCollections.status} in ('COLLECTED', 'RETURN_REQUESTED'))`;

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
  /** The badge of a running promotion covering the listing: a hot deal before a partner's campaign. */
  offerKind: sql<'HOT_DEAL' | 'CAMPAIGN' | null>`(
    select ${promotions.kind} from ${promotionListings} join ${promotions} on ${promotions.id} = ${promotionListings.promotionId}
    where ${promotionListings.propertyId} = ${properties.id} and ${promotions.startsAt} <= now() and ${promotions.endsAt} > now()
    order by ${promotions.kind} = 'HOT_DEAL' desc limit 1)`,
  /** "Instant view": a home runner holds the keys. */
  instantView: sql<boolean>`(${keysHeld()})`,
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

/** A stored listing, as its table holds it. */
export type PropertyRow = typeof properties.$inferSelect;
