import { ErrorCode, type FieldError } from '@kunci/contracts/errors';
import { PropertyFields, type OwnerListing, type OwnerListingFull } from '@kunci/contracts/listing-management';
import { holdsRole, type UserRole } from '@kunci/contracts/staff';
import { AppError, notFound } from '../../lib/app-error.ts';
import { cardOf, factsOf, toImage } from '../../lib/listing-card.ts';
import type { PropertyRow } from '../../lib/listing-card.repository.ts';
import type { ListingManagementRepository, OwnerRow } from './listing-management.repository.ts';

/** Who acts on a listing: its owner, or a moderator. */
export interface Actor {
  id: string;
  role: UserRole;
}

export const validation = (fields: FieldError[]) => new AppError(ErrorCode.VALIDATION, undefined, fields);

/** The input fields of a stored listing, as the wizard edits them (a stored listing always has its pin). */
export function inputOf(p: PropertyRow) {
  const input = PropertyFields.parse({
    ...factsOf(p),
    type: p.type,
    category: p.category,
    landmarkLabelId: p.landmarkId,
    name: p.name,
    address: p.address,
    postcode: p.postcode,
    unitNumber: p.unitNumber,
    latitude: p.lat,
    longitude: p.lng,
    price: p.price,
    furnishType: p.furnishType,
    bedroom: p.bedroom,
    bathroom: p.bathroom,
    sqft: p.sqft,
    viewingAvailableDate: p.viewingAvailableDate?.toISOString() ?? null,
    description: p.description,
    facilities: p.facilities,
    nearby: p.nearby,
    draftStep: p.draftStep,
  });
  return { ...input, latitude: p.lat, longitude: p.lng };
}

/** A listing as its owner's list and the review queue show it. */
export function toOwnerListing(row: OwnerRow): OwnerListing {
  const p = row.property;
  const status = row.tab === 'SUSPENDED' ? 'SUSPENDED' : row.tab === 'EXPIRED' ? 'EXPIRED' : p.active ? 'ACTIVE' : 'INACTIVE';
  return {
    ...cardOf(p, row),
    status,
    reviewStatus: p.reviewStatus,
    rejectionReason: p.rejectionReason,
    expiresAt: p.expiresAt.toISOString(),
    views: p.views,
    photoCount: row.photoCount,
    videoCount: row.videoCount,
    descriptionLength: p.description.length,
    draftStep: p.draftStep,
    ownerId: p.ownerId,
    landmarkVerified: row.landmarkVerified ?? false,
  };
}

/** The listing, if the actor may manage it: its owner, or a moderator when `moderatorMay`. */
export async function ownedListing(repository: ListingManagementRepository, actor: Actor, id: number, moderatorMay = false) {
  const row = await repository.findOwned(id);
  if (!row) throw notFound({ propertyId: id });
  if (row.property.ownerId !== actor.id && !(moderatorMay && holdsRole(actor.role, ['moderator']))) {
    throw new AppError(ErrorCode.FORBIDDEN, { propertyId: id, userId: actor.id });
  }
  return row;
}

/** A listing as its owner edits it: the list's view, the wizard's input, its photos and videos. */
export async function fullListing(repository: ListingManagementRepository, row: OwnerRow): Promise<OwnerListingFull> {
  const [images, videos] = await Promise.all([repository.media.imagesOf(row.property.id), repository.media.videosOf(row.property.id)]);
  return {
    ...toOwnerListing(row),
    input: inputOf(row.property),
    images: images.map(toImage),
    videos: videos.map((v) => ({ id: v.id, url: v.url, src: `/media/${v.mediaKey}`, contentType: v.contentType })),
  };
}

/** The listing as it is now (after a change in the same transaction), in full. */
export const currentListing = async (repository: ListingManagementRepository, id: number) =>
  fullListing(repository, (await repository.findOwned(id))!);
