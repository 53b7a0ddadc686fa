import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkVideo } from '@kunci/media/video-container';
import { LocalDiskStore } from '@kunci/media/store';
import { openTestDatabase, type TestDatabase } from '../../../../test/database.ts';
import { properties, propertyVideos } from '../schema.ts';
import { DEMO_TOURS, demoTourKey, seedDemoVideos } from './videos.ts';

describe('seedDemoVideos', () => {
  let database: TestDatabase;
  const mediaDir = mkdtempSync(join(tmpdir(), 'kunci-demo-videos-'));
  const store = new LocalDiskStore(mediaDir);
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('gives a dozen live demo rentals in several areas a playable tour, once', async () => {
    expect((await seedDemoVideos(database.db, store)).created).toBe(12);
    expect((await seedDemoVideos(database.db, store)).created).toBe(0);
    const rows = await database.db
      .select({ mediaKey: propertyVideos.mediaKey, areaId: properties.areaId, status: properties.status, active: properties.active })
      .from(propertyVideos)
      .innerJoin(properties, eq(properties.id, propertyVideos.propertyId))
      .where(like(propertyVideos.mediaKey, 'demo/%'));
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === 'ACTIVE' && r.active)).toBe(true);
    expect(new Set(rows.map((r) => r.areaId)).size).toBeGreaterThanOrEqual(6);
    // Shipped files, small, and real WebM that the upload check would take.
    for (const file of DEMO_TOURS) {
      const stored = await store.size(demoTourKey(file));
      expect(stored).toBeGreaterThan(10_000);
      expect(stored).toBeLessThan(200_000);
      const chunks: Buffer[] = [];
      for await (const chunk of (await store.get(demoTourKey(file)))!.body) chunks.push(chunk as Buffer);
      expect(checkVideo(Buffer.concat(chunks))).toMatchObject({ ok: true, container: 'webm' });
    }
  });
});
