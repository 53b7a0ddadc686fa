import { describe, expect, it } from 'vitest';
import { LISTING_TYPES } from '@kunci/contracts/reference';
import { AREAS } from '../reference/areas.ts';
import { demoLandlord, demoLandmarks, demoListing } from './generate.ts';

describe('demo generator', () => {
  const sample = Array.from({ length: 3000 }, (_, i) => demoListing(i));

  it('is deterministic: listing n is the same on every call', () => {
    expect(demoListing(1234)).toEqual(demoListing(1234));
    expect(demoLandlord(77)).toEqual(demoLandlord(77));
    expect(demoListing(1)).not.toEqual(demoListing(2));
  });

  it('covers every area and every listing type', () => {
    expect(new Set(sample.map((l) => l.areaId)).size).toBe(AREAS.length);
    expect(new Set(sample.map((l) => l.type))).toEqual(new Set(LISTING_TYPES));
  });

  it('prices plausibly per type and area', () => {
    const band = (l: (typeof sample)[number]): [number, number] =>
      l.type === 'ROOM' ? [250, 2000] : l.type.endsWith('_SALE') ? [100_000, 20_000_000] : [700, 25_000];
    for (const l of sample) {
      const [min, max] = band(l);
      expect(l.price, l.seedKey).toBeGreaterThanOrEqual(min);
      expect(l.price, l.seedKey).toBeLessThanOrEqual(max);
    }
    const median = (slug: string) => {
      const id = AREAS.find((a) => a.slug === slug)!.id;
      const prices = sample.filter((l) => l.areaId === id && l.category === 'condo').map((l) => l.price / l.sqft!);
      return prices.sort((a, b) => a - b)[Math.floor(prices.length / 2)]!;
    };
    expect(median('mont-kiara')).toBeGreaterThan(median('kajang'));
  });

  it('gives each type its own facts', () => {
    for (const l of sample) {
      if (l.type === 'ROOM')
        expect(
          [l.roomType, l.bathroomType, l.roommate].every((v) => v !== null),
          l.seedKey,
        ).toBe(true);
      if (l.type === 'LANDED' || l.type === 'LANDED_SALE') expect(l.storeys, l.seedKey).not.toBeNull();
      if (l.type.endsWith('_SALE'))
        expect(
          [l.leaseType, l.saleType].every((v) => v !== null),
          l.seedKey,
        ).toBe(true);
      expect(l.pictures.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('marks zero-deposit eligibility by the business rules', () => {
    for (const l of sample.filter((x) => x.type === 'ROOM')) expect(l.zeroDepositEligible).toBe(l.price >= 300 && l.price <= 1500);
    for (const l of sample.filter((x) => x.type.endsWith('_SALE'))) expect(l.zeroDepositEligible).toBe(false);
  });

  it('names real buildings per area, with real postcodes of the area', () => {
    const landmarks = demoLandmarks();
    expect(landmarks).toHaveLength(AREAS.length * 12);
    for (const l of landmarks) expect(AREAS.find((a) => a.id === l.areaId)!.postcodes).toContain(l.postcode);
    expect(landmarks.map((l) => l.name)).toContain('Bangsar Heights');
  });

  it('gives landlords valid Malaysian mobile numbers', () => {
    expect(demoLandlord(0).phoneNumber).toMatch(/^\+6011\d{8}$/);
    expect(demoLandlord(250_000).phoneNumber).toMatch(/^\+6011\d{8}$/);
  });
});
