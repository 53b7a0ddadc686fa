import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LocalDiskStore } from '@kunci/media/store';
import { openTestDatabase, type TestDatabase } from '../../../../test/database.ts';
import { FIXTURE_LISTINGS } from '../../../../test/template.ts';
import { properties, propertyImages, users } from '../schema.ts';
import { countDemoListings, seedDemo } from './seed.ts';

describe('seedDemo', () => {
  let database: TestDatabase;
  const store = () => new LocalDiskStore(inject('template').mediaDir);
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  it('resumes where it stopped and adds nothing when repeated', async () => {
    expect(await countDemoListings(database.db)).toBe(FIXTURE_LISTINGS);
    const more = await seedDemo(database.db, store(), { listings: FIXTURE_LISTINGS + 25, batchSize: 10 });
    expect(more.created).toBe(25);
    const again = await seedDemo(database.db, store(), { listings: FIXTURE_LISTINGS + 25 });
    expect(again.created).toBe(0);
    const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(properties).where(like(properties.seedKey, 'demo:%'));
    expect(n).toBe(FIXTURE_LISTINGS + 25);
  });

  it('gives every listing an owner and at least four photos', async () => {
    const [{ n: listings } = { n: 0 }] = await database.db.select({ n: count() }).from(properties);
    const [{ n: photos } = { n: 0 }] = await database.db.select({ n: count() }).from(propertyImages);
    const [{ n: landlords } = { n: 0 }] = await database.db.select({ n: count() }).from(users);
    expect(photos).toBeGreaterThanOrEqual(listings * 4);
    expect(landlords).toBeGreaterThan(0);
  });

  it('reports progress up to the total', async () => {
    const seen: number[] = [];
    await seedDemo(database.db, store(), { listings: FIXTURE_LISTINGS + 30, batchSize: 2, onProgress: (done) => seen.push(done) });
    expect(seen.at(-1)).toBe(FIXTURE_LISTINGS + 30);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
