import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerListingFull } from '@kunci/contracts/listing-management';
import { areas, landmarks, users } from '@kunci/db/schema';
import { createSessionsRepository } from '../../lib/sessions.repository.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';
import { condoInput } from './test-helpers.ts';

/** Real addresses: building and street names as people write them, and the area each home is filed under. */
describe('posting real addresses', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let moderator: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = bearer((await signIn(t.app)).token);
    const m = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, m.userId));
    moderator = bearer(await createSessionsRepository(t.database.db).create(m.userId, 'pin', 'web-test', 1));
  });
  afterAll(() => t.close());

  const create = (payload: object, headers = owner) => t.app.inject({ method: 'POST', url: '/api/properties', payload, headers });
  const fieldsOf = (body: { fields?: { path: string; message: string }[] }) =>
    Object.fromEntries((body.fields ?? []).map((f) => [f.path, f.message]));
  const areaCentre = async (slug: string) => (await t.database.db.select().from(areas).where(eq(areas.slug, slug)))[0]!;
  const publish = async (id: number) => {
    expect((await t.app.inject({ method: 'POST', url: `/api/properties/${id}/activate`, headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/properties/${id}/approve`, headers: moderator })).statusCode).toBe(200);
  };
  const searchIds = async (loc: string) =>
    (
      (await t.app.inject({ url: `/api/properties/search?loc=${loc}&pageSize=60&sort=-dateCreated` })).json() as { content: { id: number }[] }
    ).content.map((c) => c.id);

  it('takes building and street names with digits and the usual punctuation', async () => {
    for (const name of [
      'Arte@Mont Kiara',
      '8 Kia Peng',
      'M3 Residency',
      'The Vertical - Bangsar South',
      'Block C (Phase 2), #12-03',
      "D'Sara Sentral",
    ]) {
      const res = await create(condoInput({ name }));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect((res.json() as OwnerListingFull).name).toBe(name);
    }
    // Markup and punctuation alone are still refused, with the rule in the caller's language.
    const refused = await create(condoInput({ name: '<b>Kiara</b>' }), { ...owner, 'x-language': 'ms' });
    expect(refused.statusCode).toBe(422);
    expect(fieldsOf(refused.json())['body.name']).toBe("Gunakan huruf, nombor, ruang dan @ - & . , ( ) # / ' sahaja.");
    expect(fieldsOf((await create(condoInput({ name: '@@@@' }))).json())['body.name']).toMatch(/^Use letters, numbers/);
  });

  it('an empty required field says it is required, in the caller’s language', async () => {
    const res = await create(condoInput({ name: '', address: '', postcode: '', price: null as unknown as number, sqft: null, bedroom: null }), {
      ...owner,
      'x-language': 'zh',
    });
    expect(res.statusCode).toBe(422);
    // Every empty field at once, each once: those of every listing and those of its type.
    expect(res.json().fields).toEqual(
      ['name', 'address', 'postcode', 'price', 'sqft', 'bedroom'].map((field) => ({ path: `body.${field}`, message: '请填写此项。' })),
    );
  });

  it('a listing at a Bangsar building is filed under Bangsar and found by a Bangsar search, wherever the nearest area centre is', async () => {
    const [building] = await t.database.db
      .select()
      .from(landmarks)
      .innerJoin(areas, eq(areas.id, landmarks.areaId))
      .where(and(eq(areas.slug, 'bangsar'), eq(landmarks.name, 'Bangsar Peak')));
    expect(building).toBeDefined();
    // Like the towers on Bangsar's edge: nearer Kuala Lumpur's centre point than Bangsar's.
    const kl = await areaCentre('kuala-lumpur');
    const edge = { lat: kl.lat - 0.003, lng: kl.lng - 0.004 };
    await t.database.db.update(landmarks).set(edge).where(eq(landmarks.id, building!.landmarks.id));

    const res = await create(condoInput({ name: 'Bangsar Peak', landmarkLabelId: building!.landmarks.id, latitude: edge.lat, longitude: edge.lng }));
    expect(res.statusCode, res.body).toBe(201);
    const listing = res.json() as OwnerListingFull;
    expect(listing).toMatchObject({ areaSlug: 'bangsar', lat: edge.lat, lon: edge.lng });
    await publish(listing.id);
    expect(await searchIds('bangsar')).toContain(listing.id);
    expect(await searchIds('kuala-lumpur')).not.toContain(listing.id);

    // Chosen without a pin, the home starts at the building.
    const unpinned = (
      await create(condoInput({ name: 'Bangsar Peak', landmarkLabelId: building!.landmarks.id, latitude: null, longitude: null }))
    ).json();
    expect(unpinned).toMatchObject({ areaSlug: 'bangsar', lat: edge.lat, lon: edge.lng });
  });

  it('without a building: the postcode’s area nearest the pin, or the area of its town; never a default', async () => {
    const kl = await areaCentre('kuala-lumpur');
    // 59000 is Bangsar's: a pin nearer Kuala Lumpur's centre keeps it in Bangsar.
    const pinned = await create(condoInput({ name: '8 Kia Peng', postcode: '59000', latitude: kl.lat - 0.002, longitude: kl.lng - 0.003 }));
    expect(pinned.json()).toMatchObject({ areaSlug: 'bangsar' });

    // No pin: the middle of the postcode's area (47301 is not in our list, but its town is Petaling Jaya).
    const pj = await areaCentre('petaling-jaya');
    const unpinned = await create(
      condoInput({ name: 'Jalan SS2/24', address: '12 Jalan SS2/24, Petaling Jaya', postcode: '47301', latitude: null, longitude: null }),
    );
    expect(unpinned.statusCode, unpinned.body).toBe(201);
    expect(unpinned.json()).toMatchObject({ areaSlug: 'petaling-jaya', lat: pj.lat, lon: pj.lng });

    // A postcode in none of our areas, with no building and no pin, is not filed under Kuala Lumpur: it is refused.
    const nowhere = await create(
      condoInput({ name: 'Taman Semenyih', address: '3 Jalan Semenyih, Semenyih', postcode: '43500', latitude: null, longitude: null }),
    );
    expect(nowhere.statusCode).toBe(422);
    expect(fieldsOf(nowhere.json())['body.postcode']).toMatch(/^We cannot place this postcode/);
  });
});
