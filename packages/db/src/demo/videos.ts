import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, inArray, like, sql } from 'drizzle-orm';
import type { MediaStore } from '@kunci/media/store';
import type { Database } from '../client.ts';
import { properties, propertyVideos } from '../schema.ts';

/** The shipped demo tours (made by e2e/demo-videos.ts): a few seconds of portrait WebM each, about 100 kB. */
export const DEMO_TOURS = ['tour-1.webm', 'tour-2.webm', 'tour-3.webm'] as const;
/** How many demo listings get a video, and at most how many of them in one area. */
const WITH_VIDEO = 12;
const PER_AREA = 2;

export const demoTourKey = (file: string) => `demo/${file}`;

/** Puts the demo tours in the media store (once) and returns their keys. */
export async function ensureDemoTours(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for (const file of DEMO_TOURS) {
    const key = demoTourKey(file);
    keys.push(key);
    if (!(await store.exists(key))) await store.put(key, await readFile(join(import.meta.dirname, 'videos', file)), 'video/webm');
  }
  return keys;
}

/**
 * Gives the newest live demo rentals of several areas a video tour (two per area at most), so /reels has something
 * to show and by-area feeds too. Once: a database that has any demo tour keeps what it has.
 */
export async function seedDemoVideos(db: Database, store: MediaStore): Promise<{ created: number }> {
  const keys = await ensureDemoTours(store);
  const existing = await db.select({ id: propertyVideos.id }).from(propertyVideos).where(like(propertyVideos.mediaKey, 'demo/%')).limit(1);
  if (existing.length) return { created: 0 };
  const newest = await db
    .select({ id: properties.id, areaId: properties.areaId })
    .from(properties)
    .where(
      and(
        like(properties.seedKey, 'demo:%'),
        inArray(properties.type, ['HIGHRISE', 'LANDED', 'ROOM']),
        sql`${properties.status} = 'ACTIVE' and ${properties.active} and ${properties.reviewStatus} = 'APPROVED' and ${properties.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(properties.dateCreated), desc(properties.id))
    .limit(500);
  const perArea = new Map<number, number>();
  const chosen: number[] = [];
  for (const listing of newest) {
    if (chosen.length >= WITH_VIDEO) break;
    const taken = perArea.get(listing.areaId) ?? 0;
    if (taken >= PER_AREA) continue;
    perArea.set(listing.areaId, taken + 1);
    chosen.push(listing.id);
  }
  if (!chosen.length) return { created: 0 };
  // Oldest first, so the newest listing's video is the newest reel.
  const rows = chosen.reverse().map((propertyId, n) => {
    const key = keys[n % keys.length]!;
    return { propertyId, url: key.slice('demo/'.length), mediaKey: key, contentType: 'video/webm' };
  });
  await db.insert(propertyVideos).values(rows);
  return { created: rows.length };
}
