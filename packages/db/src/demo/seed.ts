import { count, inArray, like, sql } from 'drizzle-orm';
import { BUSINESS } from '@kunci/contracts/business';
import { DAY_MS } from '@kunci/contracts/constants';
import type { MediaStore } from '@kunci/media/store';
import type { Database } from '../client.ts';
import { landmarks, properties, propertyImages, stockImages, users } from '../schema.ts';
import { demoLandlord, demoLandmarks, demoListing } from './generate.ts';
import { DEMO_PICTURES, demoPictureKey, ensureDemoPictures, isExteriorPicture } from './pictures.ts';

export interface SeedOptions {
  listings: number;
  batchSize?: number;
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

/** How many demo listings exist: seeding resumes after them. */
export async function countDemoListings(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(like(properties.seedKey, 'demo:%'));
  return row?.n ?? 0;
}

/**
 * Seeds demo listings 0..listings-1. Each batch is one transaction and every row has a unique seed key,
 * so an interrupted run resumes where it stopped and a repeated run adds nothing.
 */
export async function seedDemo(db: Database, store: MediaStore, options: SeedOptions): Promise<{ created: number }> {
  const batchSize = options.batchSize ?? 1000;
  const now = options.now ?? new Date();
  await ensureDemoPictures(store);
  const landmarkRows = demoLandmarks();
  // Buildings seeded before the directory held facilities get them now.
  await db
    .insert(landmarks)
    .values(landmarkRows)
    .onConflictDoUpdate({ target: landmarks.seedKey, set: { facilities: sql`excluded.facilities`, nearby: sql`excluded.nearby` } });
  const landmarkIds = new Map(
    (await db.select({ id: landmarks.id, seedKey: landmarks.seedKey }).from(landmarks).where(like(landmarks.seedKey, 'lm:%'))).map((r) => [
      r.seedKey!,
      r.id,
    ]),
  );
  // Verified buildings' directory photos: three views of the outside from the demo pool.
  const exteriors = Array.from({ length: DEMO_PICTURES }, (_, n) => n).filter(isExteriorPicture);
  const stock = landmarkRows
    .filter((l) => l.verified)
    .flatMap((l) =>
      [0, 1, 2].map((position) => ({
        landmarkId: landmarkIds.get(l.seedKey)!,
        mediaKey: demoPictureKey(exteriors[(landmarkIds.get(l.seedKey)! + position * 3) % exteriors.length]!),
        position,
        width: 1600,
        height: 1067,
      })),
    );
  if (stock.length) await db.insert(stockImages).values(stock).onConflictDoNothing();
  const landmarkBySeedKey = new Map(landmarkRows.map((l) => [l.seedKey, l]));
  const areaSlugs = new Map(landmarkRows.map((l) => [l.areaId, l.seedKey.split(':')[1]!]));

  const start = await countDemoListings(db);
  let created = 0;
  options.onProgress?.(Math.min(start, options.listings), options.listings);
  for (let from = start; from < options.listings; from += batchSize) {
    const to = Math.min(options.listings, from + batchSize);
    const batch = Array.from({ length: to - from }, (_, i) => demoListing(from + i));
    await db.transaction(async (tx) => {
      const landlordIndexes = [...new Set(batch.map((l) => l.landlordIndex))];
      const landlords = landlordIndexes.map((i) => ({ index: i, ...demoLandlord(i) }));
      await tx
        .insert(users)
        .values(landlords.map(({ phoneNumber, name, language }) => ({ phoneNumber, name, language, userType: 0, lastActivityAt: now })))
        .onConflictDoNothing({ target: users.phoneNumber });
      const owners = await tx
        .select({ id: users.id, phoneNumber: users.phoneNumber })
        .from(users)
        .where(
          inArray(
            users.phoneNumber,
            landlords.map((l) => l.phoneNumber),
          ),
        );
      const ownerByPhone = new Map(owners.map((o) => [o.phoneNumber, o.id]));
      const ownerByIndex = new Map(landlords.map((l) => [l.index, ownerByPhone.get(l.phoneNumber)!]));

      const rows = batch.map((l) => {
        const landmarkKey = `lm:${areaSlugs.get(l.areaId)}:${l.landmarkType}:${l.landmarkIndex}`;
        const landmark = landmarkBySeedKey.get(landmarkKey)!;
        const created = new Date(now.getTime() - l.ageMinutes * 60_000);
        const expires = new Date(created.getTime() + BUSINESS.listing.lifetimeDays * DAY_MS);
        return {
          ownerId: ownerByIndex.get(l.landlordIndex)!,
          areaId: l.areaId,
          landmarkId: landmarkIds.get(landmarkKey)!,
          type: l.type,
          category: l.category,
          name: l.name,
          description: l.description,
          address: landmark.address,
          postcode: landmark.postcode,
          unitNumber: l.unitNumber,
          lat: landmark.lat + l.latJitter,
          lng: landmark.lng + l.lngJitter,
          price: l.price,
          negotiable: l.negotiable,
          carpark: l.carpark,
          furnishType: l.furnishType,
          fullyFurnishable: l.fullyFurnishable,
          bedroom: l.bedroom,
          bathroom: l.bathroom,
          sqft: l.sqft,
          level: l.level,
          storeys: l.storeys,
          bathroomType: l.bathroomType,
          roomType: l.roomType,
          roommate: l.roommate,
          leaseType: l.leaseType,
          saleType: l.saleType,
          petFriendly: l.petFriendly,
          availability: new Date(now.getTime() + l.availabilityInDays * DAY_MS),
          zeroDepositEligible: l.zeroDepositEligible,
          status: l.status,
          active: l.active,
          reviewStatus: l.reviewStatus,
          dateCreated: created,
          dateUpdated: created,
          // Expired listings ran out before now; the others run a full lifetime from their creation.
          expiresAt: l.status === 'EXPIRED' ? new Date(now.getTime() - DAY_MS) : new Date(Math.max(expires.getTime(), now.getTime() + DAY_MS)),
          seedKey: l.seedKey,
        };
      });
      const inserted = await tx
        .insert(properties)
        .values(rows)
        .onConflictDoNothing({ target: properties.seedKey })
        .returning({ id: properties.id, seedKey: properties.seedKey });
      const bySeedKey = new Map(batch.map((l) => [l.seedKey, l]));
      const images = inserted.flatMap(({ id, seedKey }) =>
        bySeedKey.get(seedKey!)!.pictures.map((n, position) => ({
          propertyId: id,
          mediaKey: demoPictureKey(n),
          position,
          isCover: position === 0,
          width: 1600,
          height: 1067,
        })),
      );
      if (images.length) await tx.insert(propertyImages).values(images);
      created += inserted.length;
    });
    options.onProgress?.(to, options.listings);
  }
  // Fresh statistics, so the planner picks the partial indexes instead of guessing from an empty table; and a
  // vacuum, so counts can walk the covering indexes alone at once (autovacuum would get there later).
  if (created > 0) await db.execute(sql`vacuum (analyze) properties, property_images, users, landmarks`);
  return { created };
}

/** Whether any listing exists yet (start-up seeds the demo set only into an empty database). */
export async function hasListings(db: Database): Promise<boolean> {
  const rows = await db.select({ id: properties.id }).from(properties).limit(1);
  return rows.length > 0;
}
