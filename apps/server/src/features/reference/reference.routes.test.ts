import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { states } from '@kunci/db/schema';
import { createTestApp, type TestApp } from '../../../test/support.ts';

describe('reference data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the 21 Klang Valley areas with names and coordinates', async () => {
    const areas = (await t.app.inject({ url: '/api/areas' })).json();
    expect(areas).toHaveLength(21);
    const bangsar = areas.find((a: { slug: string }) => a.slug === 'bangsar');
    expect(bangsar).toMatchObject({ name: { en: 'Bangsar', ms: 'Bangsar', zh: '孟沙' } });
    expect(bangsar.lat).toBeCloseTo(3.13, 1);
    for (const slug of ['cyberjaya', 'petaling-jaya', 'puchong', 'shah-alam', 'subang-jaya', 'cheras', 'kajang', 'kuala-lumpur']) {
      expect(areas.map((a: { slug: string }) => a.slug)).toContain(slug);
    }
  });

  it('names property types in English, Malay and Chinese', async () => {
    const types = (await t.app.inject({ url: '/api/property-types' })).json();
    expect(types.map((p: { slug: string }) => p.slug).sort()).toEqual(['apartment', 'condo', 'highrise', 'house', 'room', 'studio', 'terrace']);
    expect(types.find((p: { slug: string }) => p.slug === 'room')).toEqual({
      slug: 'room',
      listingType: 'ROOM',
      name: { en: 'Room', ms: 'Bilik', zh: '房间' },
    });
  });

  it('looks up a postcode, keeping its leading zero', async () => {
    const res = await t.app.inject({ url: '/api/postcodes/01000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ postcode: '01000', state: 'Perlis', fallback: false });
    expect((await t.app.inject({ url: '/api/postcodes/59100' })).json()).toMatchObject({
      city: 'Kuala Lumpur',
      state: 'Wilayah Persekutuan Kuala Lumpur',
      fallback: false,
    });
    expect((await t.app.inject({ url: '/api/postcodes/88000' })).json()).toMatchObject({ state: 'Sabah', fallback: false });
  });

  it('falls back to Kuala Lumpur for a postcode the directory does not know', async () => {
    expect((await t.app.inject({ url: '/api/postcodes/99999' })).json()).toEqual({
      postcode: '99999',
      city: 'Kuala Lumpur',
      state: 'Wilayah Persekutuan Kuala Lumpur',
      fallback: true,
    });
  });

  it('refuses a postcode that is not five digits', async () => {
    const res = await t.app.inject({ url: '/api/postcodes/5910' });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[0].path).toBe('params.postcode');
  });

  it('has every state of the directory', async () => {
    const names = await t.database.db.select({ name: states.name }).from(states);
    expect(names.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'Johor',
        'Kedah',
        'Kelantan',
        'Melaka',
        'Negeri Sembilan',
        'Pahang',
        'Perak',
        'Perlis',
        'Pulau Pinang',
        'Sabah',
        'Sarawak',
        'Selangor',
        'Terengganu',
        'Wilayah Persekutuan Kuala Lumpur',
        'Wilayah Persekutuan Labuan',
        'Wilayah Persekutuan Putrajaya',
      ]),
    );
  });

  it('gives country calling codes from the phone-number metadata', async () => {
    const countries = (await t.app.inject({ url: '/api/countries' })).json();
    expect(countries.length).toBeGreaterThan(200);
    expect(countries.find((c: { iso2: string }) => c.iso2 === 'MY')).toMatchObject({
      callingCode: '60',
      internationalPrefix: '00',
      nationalPrefix: '0',
    });
    expect(countries.find((c: { iso2: string }) => c.iso2 === 'SG')).toMatchObject({ callingCode: '65' });
  });
});
